import type { ComponentType } from 'react';
import { flowScreens } from '../features/flow';

/**
 * THE map from a server menu's `component` name to a screen (spec §2.1). One line per screen, each a
 * lazy import so every screen is its own chunk. `Layout` and `RouterView` are not screens: the route
 * builder handles them. A name missing here is logged and rendered as an empty pass-through.
 */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export const screenRegistry: Readonly<Record<string, ScreenLoader>> = {
  'home/Home': () => import('../features/home/pages/HomePage'),
  // 福利商城 of shop_welfare tenants (the server's menus show it to them only; decision 0046).
  'welfare/Store': () => import('../features/welfare/pages/StorePage'),
  'common/UserInfo': () => import('../features/common/pages/UserInfoPage'),
  'common/OrgInfo': () => import('../features/common/pages/OrgInfoPage'),
  'settings/FunctionPermission': () => import('../features/settings/pages/FunctionPermissionPage'),
  'settings/MemberManagement': () => import('../features/settings/pages/MemberManagementPage'),
  'settings/PermissionGroup': () => import('../features/settings/pages/PermissionGroupPage'),
  'settings/MenuSetting': () => import('../features/settings/pages/MenuSettingPage'),
  // Rights (系统权益) and the notice pages; the first two also make the purchase route set (spec §2.3).
  'rights/ProductVersion': () => import('../features/rights/pages/ProductVersionPage'),
  'rights/Cashier': () => import('../features/rights/pages/CashierPage'),
  'rights/TenantOrder': () => import('../features/rights/pages/TenantOrderPage'),
  // 开票 (settle, decision 0059): records, apply / reApply, detail with download and return.
  'rights/TenantInvoiceList': () => import('../features/rights/settle/TenantInvoiceListPage'),
  'rights/TenantInvoiceApply': () => import('../features/rights/settle/TenantInvoiceApplyPage'),
  'rights/TenantInvoiceDetail': () => import('../features/rights/settle/TenantInvoiceDetailPage'),
  'home/NoticeList': () => import('../features/home/pages/NoticeListPage'),
  'home/NoticeDetail': () => import('../features/home/pages/NoticeDetailPage'),
  // Organisation (设置中心 › 组织架构), its import pages, and the download centre.
  'org/OrgStaff': () => import('../features/org/pages/OrgStaffPage'),
  'org/OrgImportFile': () => import('../features/org/pages/OrgImportFilePage'),
  'org/StaffImportFile': () => import('../features/org/pages/StaffImportFilePage'),
  'org/CompanyInfo': () => import('../features/org/pages/CompanyInfoPage'),
  'org/JobGrade': () => import('../features/org/pages/JobGradePage'),
  'org/Title': () => import('../features/org/pages/TitlePage'),
  'org/CityGroup': () => import('../features/org/pages/CityGroupPage'),
  'org/UserGroup': () => import('../features/org/pages/UserGroupPage'),
  'org/Account': () => import('../features/org/pages/AccountPage'),
  'org/OperationLog': () => import('../features/org/pages/OperationLogPage'),
  'org/SyncConflict': () => import('../features/org/pages/SyncConflictPage'),
  'common/DownloadCenter': () => import('../features/common/pages/DownloadCenterPage'),
  // 专属邮箱 and its mail detail (user menu).
  'common/EmailInvoice': () => import('../features/common/pages/EmailInvoicePage'),
  'common/EmailDetail': () => import('../features/common/pages/EmailDetailPage'),
  // Invoices (发票管理), the invoice centre and 发票合规 (设置中心).
  'invoice/PersonList': () => import('../features/invoice/pages/PersonListPage'),
  'invoice/Entry': () => import('../features/invoice/pages/EntryPage'),
  'invoice/TaskCheck': () => import('../features/invoice/pages/TaskCheckPage'),
  'invoice/RepairInvoice': () => import('../features/invoice/pages/RepairInvoicePage'),
  'invoice/OrgList': () => import('../features/invoice/pages/OrgListPage'),
  'invoice/Voucher': () => import('../features/invoice/pages/VoucherPage'),
  'invoice/DueIn': () => import('../features/invoice/pages/DueInPage'),
  'invoiceCenter/List': () => import('../features/invoice/pages/InvoiceCenterPage'),
  'invoiceCenter/InvoiceDetail': () => import('../features/invoice/pages/InvoiceDetailPage'),
  // 消费管控 › 订单中心 and 消费渠道 (spend orders, decision 0043).
  'orderCenter/OrderList': () => import('../features/orderCenter/pages/OrderListPage'),
  'orderCenter/OrderDetail': () => import('../features/orderCenter/pages/OrderDetailPage'),
  'orderCenter/Channel': () => import('../features/orderCenter/pages/ChannelPage'),
  'settings/InvoiceCompliance': () => import('../features/invoice/pages/CompliancePage'),
  // 审批流管理: flows and their designer, groups, approval matrix, agents, intervention.
  ...flowScreens,
  // 我的单据 (one list for every bill type, its type in the menu's meta.params), the document's edit and
  // detail pages, and 我的待办 / 我发起的 (issue 13).
  'bill/BillList': () => import('../features/bill/pages/BillListPage'),
  'bill/BillEdit': () => import('../features/bill/pages/BillEditPage'),
  'bill/BillDetail': () => import('../features/bill/pages/BillDetailPage'),
  'flow/TodoList': () => import('../features/bill/pages/TodoListPage'),
  'flow/SubmittedList': () => import('../features/bill/pages/SubmittedListPage'),
  // 企业账户 (issue 21, spend/orgAccount).
  'orgAccount/Overview': () => import('../features/orgAccount/pages/OverviewPage'),
  'orgAccount/RechargeList': () => import('../features/orgAccount/pages/RechargeListPage'),
  'orgAccount/RechargeDetail': () => import('../features/orgAccount/pages/RechargeDetailPage'),
  'orgAccount/Flow': () => import('../features/orgAccount/pages/FlowPage'),
  'orgAccount/CompanyBill': () => import('../features/orgAccount/pages/CompanyBillPage'),
  'orgAccount/ServiceFeeBill': () => import('../features/orgAccount/pages/ServiceFeeBillPage'),
  // 智能规则集 and 单据分析 (issue 13).
  'settings/AuditRule': () => import('../features/billReport/pages/AuditRulePage'),
  'billAnalysis/BillAnalysis': () => import('../features/billReport/pages/BillAnalysisPage'),
  // 费用分析 (issue 22): money by dimension, beside 单据分析.
  'billAnalysis/SpendAnalysis': () => import('../features/billReport/pages/SpendAnalysisPage'),
  // 差旅与费用标准 (issue 21): 差旅标准, 费用标准, 管控设置, 标准设置.
  'standards/TripStandard': () => import('../features/standards/pages/TripStandardPage'),
  'standards/CostStandard': () => import('../features/standards/pages/CostStandardPage'),
  'standards/ControlSetting': () => import('../features/standards/pages/ControlSettingPage'),
  'standards/StandardSetting': () => import('../features/standards/pages/StandardSettingPage'),
  // 付款管理 (issue 21): approved 报销单 and 借款单 paid in batches.
  'payment/Waiting': () => import('../features/payment/pages/WaitingPage'),
  'payment/BatchList': () => import('../features/payment/pages/BatchListPage'),
  'payment/BatchDetail': () => import('../features/payment/pages/BatchDetailPage'),
  // 员工额度 (issue 21, spend/quota): 额度发放 and 额度管理.
  'quota/ReleaseList': () => import('../features/quota/pages/ReleaseListPage'),
  'quota/PlanList': () => import('../features/quota/pages/PlanListPage'),
  'quota/ReleaseDetail': () => import('../features/quota/pages/ReleaseDetailPage'),
  'quota/ManualIssue': () => import('../features/quota/pages/ManualIssuePage'),
  'quota/QuotaList': () => import('../features/quota/pages/QuotaListPage'),
  'quota/QuotaByUser': () => import('../features/quota/pages/QuotaByUserPage'),
  'quota/OperateRecord': () => import('../features/quota/pages/OperateRecordPage'),
  'quota/ChangeRecord': () => import('../features/quota/pages/ChangeRecordPage'),
  'quota/UserDetail': () => import('../features/quota/pages/UserDetailPage'),
  // 项目 (issue 22): 项目列表 and 项目新增 / 项目详情 (/project/projectDetail/:id?).
  'project/ProjectList': () => import('../features/project/pages/ProjectListPage'),
  'project/ProjectDetail': () => import('../features/project/pages/ProjectDetailPage'),
  // 费用类型 (issue 22, decision 0051): the tenant's fee-type tree in 设置中心.
  'settings/FeeTypes': () => import('../features/settings/feeTypes/FeeTypesPage'),
  // 数据字典, 公告管理 and 公告详情 (issue 24, decision 0060).
  'common/Dictionary': () => import('../features/common/dictionary/DictionaryPage'),
  'settings/Announcement': () => import('../features/settings/announcement/AnnouncementPage'),
  'home/AnnouncementDetail': () => import('../features/home/pages/AnnouncementDetailPage'),
  // 移动端设置 · 轮播图 (issue 24, decision 0060).
  'settings/MobileSetting': () => import('../features/settings/mobile/MobileSettingPage'),
  // 预算 (issue 22, decision 0052): 预算列表 and 预算数据新增 / 预算详情 (/budget/budgetDetail/:id?).
  'budget/BudgetList': () => import('../features/budget/pages/BudgetListPage'),
  'budget/BudgetDetail': () => import('../features/budget/pages/BudgetDetailPage'),
  // 集成中心 · 预算接口 (issue 22, spec 7.5, decision 0056).
  'settings/IntegrationBudget': () => import('../features/settings/integration/BudgetInterfacePage'),
  'settings/IntegrationPlatform': () => import('../features/settings/integration/PlatformConfigPage'),
  // 预算分析 (decision 0055): execution by node and period, drill-down to the documents.
  'budget/BudgetAnalysis': () => import('../features/budget/pages/BudgetAnalysisPage'),
  // 企业卡 (issue 23, decision 0057): 卡片列表, 卡片详情 and 卡片发放.
  'cardPay/CardList': () => import('../features/cardPay/pages/CardListPage'),
  'cardPay/CardDetail': () => import('../features/cardPay/pages/CardDetailPage'),
  'cardPay/CardRelease': () => import('../features/cardPay/pages/CardReleasePage'),
  'cardPay/CardOperate': () => import('../features/cardPay/pages/CardOperatePage'),
  // 采购管理 (issue 23, decision 0058): 采购申请, 采购任务 (printable), 采购订单.
  'purchasing/PurchaseApplyList': () => import('../features/purchasing/pages/PurchaseApplyListPage'),
  'purchasing/PurchaseTaskList': () => import('../features/purchasing/pages/PurchaseTaskListPage'),
  'purchasing/PurchaseOrderList': () => import('../features/purchasing/pages/PurchaseOrderListPage'),
  // 场景管理 (issue 21, spend/scenes).
  'scenes/SceneList': () => import('../features/scenes/pages/SceneListPage'),
  'scenes/SceneEdit': () => import('../features/scenes/pages/SceneEditPage'),
  'scenes/SceneDetail': () => import('../features/scenes/pages/SceneDetailPage'),
};

export type ScreenRegistry = Readonly<Record<string, ScreenLoader>>;
