import type { Migration } from 'kysely';
import * as core from './20261122T0001_core.js';
import * as identity from './20261122T0002_identity.js';
import * as privileges from './20261122T0003_privileges.js';
import * as org from './20261122T0004_org.js';
import * as tasks from './20261122T0005_tasks.js';
import * as rights from './20261122T0006_rights.js';
import * as notify from './20261122T0007_notify.js';
import * as orgPerf from './20261122T0008_org_perf.js';
import * as orgMenus from './20261122T0009_org_menus.js';
import * as orderReceipts from './20261122T0010_order_receipts.js';
import * as syncConflictsMenu from './20261122T0011_sync_conflicts_menu.js';
import * as userGroupEdit from './20261122T0012_user_group_edit.js';
import * as errorReportLimits from './20261123T0001_error_report_limits.js';
import * as throttleStrikes from './20261123T0002_throttle_strikes.js';
import * as invoices from './20261125T0111_invoices.js';
import * as invoiceMail from './20261125T0121_invoice_mail.js';
import * as invoiceDue from './20261125T0131_invoice_due.js';
import * as invoiceVouchers from './20261125T0132_invoice_vouchers.js';
import * as emailInvoiceMenus from './20261125T0133_email_invoice_menus.js';
import * as flowBill from './20261127T0141_flow_bill.js';
import * as auditRules from './20261127T0151_audit_rules.js';
import * as customForms from './20261127T0161_custom_forms.js';
import * as invoiceOrgListIndex from './20261127T1120_invoice_org_list_index.js';
import * as uploadGrants from './20261128T0331_upload_grants.js';
import * as invoiceFieldSources from './20261128T0520_invoice_field_sources.js';
import * as riskFlags from './20261128T0530_risk_flags.js';
import * as defaultStaffGroup from './20261128T0560_default_staff_group.js';
import * as selfApproval from './20261128T0560_self_approval.js';
import * as spendMenu from './20261128T0590_spend_menu.js';
import * as scenes from './20261128T0595_scenes.js';
import * as scenesRule from './20261128T0600_scenes_rule.js';
import * as quotaLedger from './20261128T0610_quota_ledger.js';
import * as spendOrders from './20261128T0620_spend_orders.js';
import * as orgAccount from './20261128T0630_org_account.js';
import * as payment from './20261128T0640_payment.js';
import * as benefitModes from './20261128T0650_benefit_modes.js';
import * as benefitFestivals from './20261128T0651_benefit_festivals.js';
import * as spendStandards from './20261128T0660_spend_standards.js';
import * as projects from './20261129T1300_projects.js';
import * as feeTypes from './20261129T1600_fee_types.js';
import * as budgets from './20261129T1610_budgets.js';
import * as spendAnalysis from './20261129T1620_spend_analysis.js';
import * as budgetBalanceLookup from './20261129T1630_budget_balance_lookup.js';
import * as budgetAnalysis from './20261129T1710_budget_analysis.js';
import * as budgetLink from './20261129T1720_budget_link.js';
import * as budgetNodeControl from './20261129T1800_budget_node_control.js';
import * as cards from './20261130T0100_cards.js';
import * as purchasing from './20261130T0200_purchasing.js';
import * as mailOutbox from './20261130T0300_mail_outbox.js';
import * as cardOperations from './20261130T0400_card_operations.js';
import * as purchaseFeeType from './20261130T0500_purchase_fee_type.js';
import * as settle from './20261201T0100_settle.js';
import * as dictionaries from './20261201T0200_dictionaries.js';
import * as mobileBanners from './20261201T0210_mobile_banners.js';
import * as platforms from './20261201T0300_platforms.js';

/** Every migration, in order. Names are timestamps so they sort; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '20261122T0001_core': core,
  '20261122T0002_identity': identity,
  '20261122T0003_privileges': privileges,
  '20261122T0004_org': org,
  '20261122T0005_tasks': tasks,
  '20261122T0006_rights': rights,
  '20261122T0007_notify': notify,
  '20261122T0008_org_perf': orgPerf,
  '20261122T0009_org_menus': orgMenus,
  '20261122T0010_order_receipts': orderReceipts,
  '20261122T0011_sync_conflicts_menu': syncConflictsMenu,
  '20261122T0012_user_group_edit': userGroupEdit,
  '20261123T0001_error_report_limits': errorReportLimits,
  '20261123T0002_throttle_strikes': throttleStrikes,
  '20261125T0111_invoices': invoices,
  '20261125T0121_invoice_mail': invoiceMail,
  '20261125T0131_invoice_due': invoiceDue,
  '20261125T0132_invoice_vouchers': invoiceVouchers,
  '20261125T0133_email_invoice_menus': emailInvoiceMenus,
  '20261127T0141_flow_bill': flowBill,
  '20261127T0151_audit_rules': auditRules,
  '20261127T0161_custom_forms': customForms,
  '20261127T1120_invoice_org_list_index': invoiceOrgListIndex,
  '20261128T0331_upload_grants': uploadGrants,
  '20261128T0520_invoice_field_sources': invoiceFieldSources,
  '20261128T0530_risk_flags': riskFlags,
  '20261128T0560_default_staff_group': defaultStaffGroup,
  '20261128T0560_self_approval': selfApproval,
  '20261128T0590_spend_menu': spendMenu,
  '20261128T0595_scenes': scenes,
  '20261128T0600_scenes_rule': scenesRule,
  '20261128T0610_quota_ledger': quotaLedger,
  '20261128T0620_spend_orders': spendOrders,
  '20261128T0630_org_account': orgAccount,
  '20261128T0640_payment': payment,
  '20261128T0650_benefit_modes': benefitModes,
  '20261128T0651_benefit_festivals': benefitFestivals,
  '20261128T0660_spend_standards': spendStandards,
  '20261129T1300_projects': projects,
  '20261129T1600_fee_types': feeTypes,
  '20261129T1610_budgets': budgets,
  '20261129T1620_spend_analysis': spendAnalysis,
  '20261129T1630_budget_balance_lookup': budgetBalanceLookup,
  '20261129T1710_budget_analysis': budgetAnalysis,
  '20261129T1720_budget_link': budgetLink,
  '20261129T1800_budget_node_control': budgetNodeControl,
  '20261130T0100_cards': cards,
  '20261130T0200_purchasing': purchasing,
  '20261130T0300_mail_outbox': mailOutbox,
  '20261130T0400_card_operations': cardOperations,
  '20261130T0500_purchase_fee_type': purchaseFeeType,
  '20261201T0100_settle': settle,
  '20261201T0200_dictionaries': dictionaries,
  '20261201T0210_mobile_banners': mobileBanners,
  '20261201T0300_platforms': platforms,
};
