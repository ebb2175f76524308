import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each table lists its columns once; modules add their own
 * tables here in the same change as the migration that creates them.
 * Conventions: ids and foreign ids are numbers; money is 分 (integer); times are epoch ms;
 * JSON is text; booleans are 0/1 integers (the same on SQLite and PostgreSQL).
 */

/** A tenant is a top organisation: its own row has pid 0 and tenant_id = id. */
export interface OrganizationsTable {
  id: Generated<number>;
  tenant_id: number;
  pid: number;
  name: string;
  full_name: string;
  tax_id: string | null;
  /** 'group' for the top organisation, 'company' for a company under it. */
  org_type: string;
  sort_order: number;
  /** Non-zero: synchronised from a third-party platform. */
  source: number;
  /** Tenant-level settings live on the top organisation's row. */
  ui_type: string;
  orgcode_payer_type: number;
  /** The person who made the tenant through 创建组织 (unique: one each); null otherwise. */
  founder_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface DepartmentsTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  pid: number;
  name: string;
  sort_order: number;
  source: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** Department head (部门负责人) the approval flows use (migration 20261127T0141_flow_bill). */
  leader_id: number | null;
}

/** A person: one row per phone, across tenants. Staff rows tie a person to a tenant. */
export interface UsersTable {
  id: Generated<number>;
  phone: string;
  password_hash: string | null;
  real_name: string;
  email: string | null;
  gender: number;
  avatar: string | null;
  id_card: string | null;
  show_guide: number;
  /** Tenant (top organisation id) the person last worked in. */
  last_logged_org: number | null;
  created_at: number;
  updated_at: number;
}

export interface StaffTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** The company (or the top organisation) the staff member is employed by. */
  org_id: number;
  name: string;
  phone: string;
  email: string | null;
  job_no: string | null;
  /** 1 active, 2 resigned (spec §3). */
  status: number;
  grade_id: number | null;
  job_id: number | null;
  title_id: number | null;
  show_guide_group: number;
  created_at: number;
  updated_at: number;
  resigned_at: number | null;
  /** Direct supervisor (上级主管) the approval flows use (migration 20261127T0141_flow_bill). */
  supervisor_id: number | null;
}

export interface StaffDepartmentsTable {
  tenant_id: number;
  staff_id: number;
  dept_id: number;
}

export interface PrivilegeGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string | null;
  /** JSON array of permission strings `menuName:perm`, or ["*"]. */
  perms: string;
  is_builtin: number;
  /** 1 on the tenant's default group: new staff join it. */
  is_default: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export interface PrivilegeGroupMembersTable {
  tenant_id: number;
  group_id: number;
  staff_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the token: a leaked table does not give working tokens. */
  token_hash: string;
  user_id: number;
  /** Null for a personal account that has not joined an organisation. */
  tenant_id: number | null;
  staff_id: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface ErrorReportsTable {
  id: Generated<number>;
  tenant_id: number | null;
  user_id: number | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  occurred_at: number;
  created_at: number;
  /** The address the report came from (rate limit per client). */
  client_ip: string | null;
}

/** The global menu catalogue (spec §2.1): one row per entry, tree by parent_name. */
export interface MenusTable {
  id: Generated<number>;
  name: string;
  parent_name: string | null;
  path: string;
  redirect: string | null;
  component: string;
  sort_order: number;
  /** JSON object: the entry's meta without order and perms (those come from columns). */
  meta: string;
  /** JSON array of permission values (e.g. ["view","edit"]); strings are `name:value`. */
  perm_values: string;
  /** JSON array of interface types (organizations.ui_type) the entry is shown for; null = every one. */
  ui_types: string | null;
  /** JSON object interface type → the entry's title there; null = the meta title everywhere. */
  ui_titles: string | null;
  created_at: number;
}

/** A tenant's changes to a catalogue entry; null columns keep the catalogue value. */
export interface MenuOverridesTable {
  tenant_id: number;
  menu_name: string;
  title: string | null;
  sort_order: number | null;
  hidden: number | null;
  updated_at: number;
}

// ---- Identity and session (auth module, migration 20261122T0002_identity) ----

/** One live SMS code per phone and purpose; a new send replaces it. Only a hash of the code is kept. */
export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  /** login | retrieve | update_phone */
  purpose: string;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  failed_attempts: number;
  consumed_at: number | null;
}

/** Messages of the embedded SMS sender (platform/sms.ts): what a real gateway would have delivered. */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  content: string;
  created_at: number;
}

/** Mail the product sent while no SMTP relay is configured (platform/mail.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  purpose: string;
  subject: string;
  content: string;
  created_at: number;
}

/** Failure / hit counters shared by every server process (login per phone, per IP; SMS per IP). */
export interface AuthThrottlesTable {
  scope: string;
  key: string;
  window_start: number;
  hits: number;
  locked_until: number | null;
  updated_at: number;
  /** Locks since the key's last quiet day: each one lasts twice as long as the one before. */
  strikes: Generated<number>;
}

/** "Remember me" without a stored password: a revocable random token, kept as its sha256. */
export interface RememberDevicesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  revoke_reason: string | null;
  user_agent: string | null;
}

/** Single-use, 60 s codes that hand a session to another app (users:login/code, users:check/code). */
export interface OneTimeCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  tenant_id: number | null;
  staff_id: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A person's bank cards (owned by the person, not by a tenant). */
export interface UserBankAccountsTable {
  id: Generated<number>;
  user_id: number;
  account_name: string;
  bank_name: string;
  branch_name: string | null;
  card_no: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

/** A tenant's product version (minimal; the rights module extends it). */
export interface TenantProductVersionsTable {
  id: Generated<number>;
  tenant_id: number;
  product_version_name: string;
  activated_at: number;
  expired_at: number;
  is_test_version: number;
  /** 2 = services mode (spec §3). */
  charging_mode: number;
  created_at: number;
}

/** Which staff member a third-party platform account is (platform, corp, platform user id). */
export interface StaffThirdAccountsTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number;
  /** dingtalk | wecom | feishu */
  platform: string;
  corp_id: string;
  third_user_id: string;
  created_at: number;
}

/** A tenant's own app on a third-party platform (its corp id and credentials). */
export interface ThirdPartyAppsTable {
  id: Generated<number>;
  tenant_id: number;
  platform: string;
  corp_id: string;
  app_key: string;
  app_secret: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

// ---- Organisation architecture (org module, migration 20261122T0004_org) ----

/** Settlement columns of the top organisation row (tenant/pay-info); null on company rows. */
export interface OrganizationSettleColumns {
  settle_account_name: string | null;
  settle_bank_name: string | null;
  settle_account_no: string | null;
}

export interface JobGradesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** Jobs (职位); the table is not called `jobs`, which is the job queue's. */
export interface JobPositionsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** Titles (职称); org_id 0 = usable by every company of the tenant. */
export interface TitlesTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  name: string;
  description: string | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** An organisation's payment / bank account. */
export interface OrgAccountsTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  account_name: string;
  bank_name: string;
  account_no: string;
  created_at: number;
  updated_at: number;
}

/** A company's addresses (mail, invoices); at most one is_default per company. */
export interface OrgAddressesTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  name: string;
  address: string;
  contact: string;
  phone: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface UserGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  pid: number;
  name: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export interface UserGroupMembersTable {
  tenant_id: number;
  group_id: number;
  staff_id: number;
}

/** City groups of travel standards; a city (GB/T 2260 code) is in at most one group per tenant. */
export interface CityGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export interface CityGroupCitiesTable {
  tenant_id: number;
  group_id: number;
  city_code: string;
}

/** Every change made through the org module: who, when, what, before and after (JSON text). */
export interface OperationLogsTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number | null;
  staff_name: string;
  module: string;
  action: string;
  target_type: string;
  target_id: number | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

/** A staff member's phone changes (records/users/phone). */
export interface StaffPhoneRecordsTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number;
  old_phone: string;
  new_phone: string;
  operator_staff_id: number | null;
  operator_name: string;
  created_at: number;
}

/** A third-party user the sync could not match by itself; status 1 pending, 2 resolved. */
export interface ThirdUserSyncConflictsTable {
  id: Generated<number>;
  tenant_id: number;
  platform: string;
  third_user_id: string;
  name: string;
  phone: string | null;
  reason: string;
  status: number;
  /** bind | ignore */
  resolution: string | null;
  staff_id: number | null;
  resolved_by: number | null;
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  organizations: OrganizationsTable & OrganizationSettleColumns;
  departments: DepartmentsTable;
  users: UsersTable;
  staff: StaffTable;
  staff_departments: StaffDepartmentsTable;
  privilege_groups: PrivilegeGroupsTable;
  privilege_group_members: PrivilegeGroupMembersTable;
  sessions: SessionsTable;
  error_reports: ErrorReportsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  mail_outbox: MailOutboxTable;
  auth_throttles: AuthThrottlesTable;
  remember_devices: RememberDevicesTable;
  one_time_codes: OneTimeCodesTable;
  user_bank_accounts: UserBankAccountsTable;
  tenant_product_versions: TenantProductVersionsTable & TenantProductVersionRightsColumns;
  staff_third_accounts: StaffThirdAccountsTable;
  third_party_apps: ThirdPartyAppsTable;
  menus: MenusTable;
  menu_overrides: MenuOverridesTable;
  job_grades: JobGradesTable;
  job_positions: JobPositionsTable;
  titles: TitlesTable;
  org_accounts: OrgAccountsTable;
  org_addresses: OrgAddressesTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  city_groups: CityGroupsTable;
  city_group_cities: CityGroupCitiesTable;
  operation_logs: OperationLogsTable;
  staff_phone_records: StaffPhoneRecordsTable;
  third_user_sync_conflicts: ThirdUserSyncConflictsTable;
  jobs: JobsTable;
  tasks: TasksTable;
  upload_grants: UploadGrantsTable;
  product_versions: ProductVersionsTable;
  products: ProductsTable;
  tenant_products: TenantProductsTable;
  tenant_orders: TenantOrdersTable;
  tenant_order_receipts: TenantOrderReceiptsTable;
  banners: BannersTable;
  notifications: NotificationsTable;
  notify_form_reads: NotifyFormReadsTable;
  invoices: InvoicesTable;
  invoice_recognitions: InvoiceRecognitionsTable;
  invoice_logs: InvoiceLogsTable;
  invoice_attachments: InvoiceAttachmentsTable;
  invoice_tags: InvoiceTagsTable;
  invoice_tag_relations: InvoiceTagRelationsTable;
  invoice_verifications: InvoiceVerificationsTable;
  invoice_supports: InvoiceSupportsTable;
  invoice_compliance_rules: InvoiceComplianceRulesTable;
  invoice_dues: InvoiceDuesTable;
  invoice_due_logs: InvoiceDueLogsTable;
  mail_boxes: MailBoxesTable;
  mail_messages: MailMessagesTable;
  mail_attachments: MailAttachmentsTable;
  voucher_accounts: VoucherAccountsTable;
  voucher_account_settings: VoucherAccountSettingsTable;
  voucher_sequences: VoucherSequencesTable;
  vouchers: VouchersTable;
  voucher_lines: VoucherLinesTable;
  voucher_invoices: VoucherInvoicesTable;
  flow_groups: FlowGroupsTable;
  flows: FlowsTable;
  flow_versions: FlowVersionsTable;
  form_templates: FormTemplatesTable;
  form_versions: FormVersionsTable;
  approval_matrices: ApprovalMatricesTable;
  approval_matrix_rows: ApprovalMatrixRowsTable;
  agent_windows: AgentWindowsTable;
  bills: BillsTable;
  payment_batches: PaymentBatchesTable;
  payment_lines: PaymentLinesTable;
  payment_ledger: PaymentLedgerTable;
  bill_relations: BillRelationsTable;
  bill_fees: BillFeesTable;
  bill_fee_invoices: BillFeeInvoicesTable;
  bill_trips: BillTripsTable;
  flow_instances: FlowInstancesTable;
  flow_tasks: FlowTasksTable;
  flow_logs: FlowLogsTable;
  flow_ccs: FlowCcsTable;
  bill_prints: BillPrintsTable;
  audit_rules: AuditRulesTable;
  bill_settings: BillSettingsTable;
  scenes: ScenesTable;
  scene_versions: SceneVersionsTable;
  spend_channels: SpendChannelsTable;
  spend_channel_nonces: SpendChannelNoncesTable;
  spend_orders: SpendOrdersTable;
  spend_order_refunds: SpendOrderRefundsTable;
  quota_accounts: QuotaAccountsTable;
  benefit_festivals: BenefitFestivalsTable;
  benefit_festival_claims: BenefitFestivalClaimsTable;
  quota_grants: QuotaGrantsTable;
  quota_ledger: QuotaLedgerTable;
  quota_plans: QuotaPlansTable;
  quota_releases: QuotaReleasesTable;
  quota_release_lines: QuotaReleaseLinesTable;
  org_fund_accounts: OrgFundAccountsTable;
  org_fund_ledger: OrgFundLedgerTable;
  org_fund_recharges: OrgFundRechargesTable;
  org_fund_receipts: OrgFundReceiptsTable;
  spend_standard_settings: SpendStandardSettingsTable;
  spend_standards: SpendStandardsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  fee_types: FeeTypesTable;
  budgets: BudgetsTable;
  budget_versions: BudgetVersionsTable;
  budget_nodes: BudgetNodesTable;
  budget_balances: BudgetBalancesTable;
  budget_ledger: BudgetLedgerTable;
  budget_interfaces: BudgetInterfacesTable;
  integration_platforms: IntegrationPlatformsTable;
  platform_org_configs: PlatformOrgConfigsTable;
  directory_sync_runs: DirectorySyncRunsTable;
  directory_sync_depts: DirectorySyncDeptsTable;
  directory_sync_users: DirectorySyncUsersTable;
  budget_links: BudgetLinksTable;
  budget_link_events: BudgetLinkEventsTable;
  card_batches: CardBatchesTable;
  cards: CardsTable;
  card_ledger: CardLedgerTable;
  card_operations: CardOperationsTable;
  card_authorizations: CardAuthorizationsTable;
  purchase_apply_lines: PurchaseApplyLinesTable;
  purchase_tasks: PurchaseTasksTable;
  purchase_task_lines: PurchaseTaskLinesTable;
  purchase_task_counts: PurchaseTaskCountsTable;
  purchase_orders: PurchaseOrdersTable;
  dict_types: DictTypesTable;
  dict_items: DictItemsTable;
  announcements: AnnouncementsTable;
  mobile_banners: MobileBannersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  settle_invoices: SettleInvoicesTable;
  settle_invoice_orders: SettleInvoiceOrdersTable;
  settle_order_claims: SettleOrderClaimsTable;
}

/** The embedded job queue (platform/jobs/embedded.ts); unused when PostgreSQL runs pg-boss. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON of the job's payload. */
  payload: string;
  /** queued, running, done or failed. */
  state: string;
  /** How many times a worker has started the job. */
  attempts: number;
  /** Retries after the first attempt before the job is failed. */
  retry_limit: number;
  singleton_key: string | null;
  run_after: number;
  /** Worker id holding the lease while running. */
  locked_by: string | null;
  /** Lease end (epoch ms); renewed by the heartbeat. Past it, the job counts as abandoned. */
  locked_until: number | null;
  heartbeat: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/**
 * One signed upload form (file:sign): the random directory `<dir>/t<tenant>/<32 hex>/` its keys lie under
 * and who it was signed for. A key's uploader is the staff member of the grant whose directory it starts
 * with (files module, grants.repo.ts; decision 0033).
 */
export interface UploadGrantsTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number;
  dir: string;
  created_at: number;
}

/** Background import / export tasks of the task centre (spec §3 Task, §4.3). */
export interface TasksTable {
  id: Generated<number>;
  tenant_id: number;
  creator_staff_id: number;
  creator_user_id: number;
  creator_name: string;
  operating_type: number;
  file_name: string;
  /** 0 running, 1 success, 2 failure (contracts TaskStatus). */
  status: number;
  success_amount: number;
  fail_amount: number;
  /** Storage key of the uploaded file (imports). */
  input_key: string | null;
  /** Storage key and download name of the export file or the import's failure file. */
  output_key: string | null;
  output_name: string | null;
  error_msg: string | null;
  /** JSON: where a resumed run continues (as last passed to progress()). */
  checkpoint: string | null;
  /** JSON: the client's filters (exports). */
  params: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

// ---- Product versions and renewal (rights module, migration 20261122T0006_rights) ----

/** Columns the rights module adds to tenant_product_versions: the catalogue entry and the order behind a row. */
export interface TenantProductVersionRightsColumns {
  product_version_id: number | null;
  order_id: number | null;
}

/** Product versions on sale (global catalogue): price in 分 per period of period_months months. */
export interface ProductVersionsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  price: number;
  period_months: number;
  max_users: number;
  /** JSON array of feature texts. */
  features: string;
  on_sale: number;
  sort_order: number;
  created_at: number;
}

/** Add-on products (global catalogue): one unit bought gives amount_per_unit of unit, for price 分. */
export interface ProductsTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  unit: string;
  amount_per_unit: number;
  price: number;
  on_sale: number;
  sort_order: number;
  created_at: number;
}

/** A tenant's add-on balance per product: remaining = total_amount - used_amount. */
export interface TenantProductsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  total_amount: number;
  used_amount: number;
  created_at: number;
  updated_at: number;
}

/** A tenant's order of a version (order_type 1) or an add-on (2), paid by bank transfer. */
export interface TenantOrdersTable {
  id: Generated<number>;
  tenant_id: number;
  order_no: string;
  order_type: number;
  product_version_id: number | null;
  product_id: number | null;
  item_name: string;
  months: number | null;
  quantity: number;
  unit_price: number;
  amount: number;
  /** 1 pending payment, 2 paid awaiting confirmation, 3 completed, 4 cancelled. */
  status: number;
  /** Staff id of the buyer. */
  created_by: number;
  creator_name: string;
  payer_account_name: string | null;
  payer_bank: string | null;
  payer_account_no: string | null;
  transfer_amount: number | null;
  transfer_time: number | null;
  /** An optional link to the bank's electronic receipt; the receipt files are tenant_order_receipts. */
  receipt_url: string | null;
  pay_remark: string | null;
  paid_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  operator_note: string | null;
  /** Set by settlement when the order is invoiced; null = not invoiced yet. */
  invoiced_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Bank-transfer receipts (转账凭证) of a tenant order (migration 0010). */
export interface TenantOrderReceiptsTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  /** Storage key: receipts/<tenant_id>/<order_id>/<uuid>.<ext>. */
  file_key: string;
  /** The name the user uploaded it under. */
  file_name: string;
  /** Detected from the file's content: image/jpeg, image/png or application/pdf. */
  content_type: string;
  size: number;
  /** Staff id of the uploader. */
  uploaded_by: number;
  uploaded_at: number;
  /** Set when the transfer details naming it were submitted; null = uploaded, not submitted yet. */
  submitted_at: number | null;
}

/** Banners of the login page (position login) and the tenant home (position home); tenant_id null = platform. */
export interface BannersTable {
  id: Generated<number>;
  tenant_id: number | null;
  position: string;
  title: string;
  image_url: string;
  /** Jump page type (spec §3): 1 showcase, 2 application, 3 enterprise code, 4 app, 5 store. */
  link_type: number;
  link: string;
  sort_order: number;
  start_time: number;
  end_time: number;
  enabled: number;
  created_at: number;
}

// ---- Notification centre (notify module, migration 20261122T0007_notify) ----

/** One notification for one person (user_id) in one tenant; read_at null = unread. */
export interface NotificationsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  msg_name: string;
  title: string;
  content: string;
  action_code: number;
  /** JSON object text: bid, id, order_id, taskId (spec §3). */
  ext_params: string;
  read_at: number | null;
  created_at: number;
}

/** A form (bill) read by opening its 201 notification (spec §4.2). */
export interface NotifyFormReadsTable {
  tenant_id: number;
  user_id: number;
  form_id: string;
  notification_id: number;
  read_at: number;
}

// ---- Invoices (invoice module, migration 20261125T0111_invoices) ----

/** What the server read from an uploaded invoice file (migration 20261128T0520): one row per file key. */
export interface InvoiceRecognitionsTable {
  id: Generated<number>;
  tenant_id: number;
  file_key: string;
  staff_id: number;
  /** 1 when the file was a picture (OCR), 0 when read exactly (PDF text, OFD, XML). */
  via_ocr: number;
  /** JSON RecognisedInvoice[] (recognition/types.ts): each field's value, source and confidence. */
  invoices: string;
  created_at: number;
}

/** One invoice of a staff member (owner); money in 分, billing_date epoch ms of the day (China time). */
export interface InvoicesTable {
  id: Generated<number>;
  tenant_id: number;
  /** The owner's company (staff.org_id) at entry. */
  org_id: number;
  owner_staff_id: number;
  /** The owner's name and company name at entry (录入人, 所属组织). */
  owner_name: string;
  org_name: string;
  /** InvoiceKind of packages/contracts (vat_special, digital_normal, train, …). */
  kind: string;
  /** 发票代码; '' for 数电票. */
  code: string;
  number: string;
  billing_date: number;
  amount: number;
  tax: number;
  total: number;
  check_code: string;
  buyer_name: string;
  buyer_tax_id: string;
  seller_name: string;
  seller_tax_id: string;
  /** ocr | qrcode | hand | email | upload. */
  source: string;
  /** 1 未查验, 2 查验通过, 3 查验不通过. */
  deal_status: number;
  /** 1 可用, 2 核销中, 3 已核销. */
  recent_status: number;
  finishing_amount: number;
  finish_amount: number;
  bill_id: number | null;
  /** Storage key of the uploaded file (invoice/t<tenant>/…). */
  file_key: string | null;
  /** JSON: goods lines, travel fields, machine number. */
  extra: string;
  /** JSON of the latest verification verdict (InvoiceVerdict). */
  verdict: string | null;
  /** JSON {field: qr | pdf_text | ofd_xml | ocr | hand} (migration 20261128T0520; '{}' before it). */
  field_sources: Generated<string>;
  /** JSON {field: {original, value}}: fields corrected after OCR (已修改). */
  field_edits: Generated<string>;
  remark: string;
  /** type|code|number, or digital|number for 数电票: unique per tenant among live invoices. */
  dedupe_key: string;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface InvoiceLogsTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_id: number;
  action: string;
  content: string;
  staff_id: number;
  created_at: number;
}

export interface InvoiceAttachmentsTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_id: number;
  file_key: string;
  file_name: string;
  created_by: number;
  created_at: number;
}

export interface InvoiceTagsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_by: number;
  created_at: number;
}

export interface InvoiceTagRelationsTable {
  tenant_id: number;
  tag_id: number;
  invoice_id: number;
}

/** One verification (查验) of an invoice, saved or not (handCheck); each used one count of the 查验包. */
export interface InvoiceVerificationsTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_id: number | null;
  kind: string;
  code: string;
  number: string;
  billing_date: number;
  amount: number;
  provider: string;
  label: string;
  official: number;
  passed: number;
  message: string;
  staff_id: number;
  created_at: number;
}

/** 补录: an invoice supplied afterwards for a bill already reimbursed without it. */
export interface InvoiceSupportsTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_id: number;
  bill_id: number;
  staff_id: number;
  remark: string;
  created_at: number;
}

/** 发票合规 blacklist rule: seller_name / seller_tax_id / goods_tax_code / goods_keyword. */
export interface InvoiceComplianceRulesTable {
  id: Generated<number>;
  tenant_id: number;
  rule_kind: string;
  value: string;
  remark: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

// ---- 待收发票 (invoice module due.*.ts, migration 20261125T0131_invoice_due) ----

/** An invoice a staff member expects (欠票): status 1 待收, 2 已收 (matched_invoice_id set), 3 已取消. */
export interface InvoiceDuesTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  org_name: string;
  dept_id: number | null;
  dept_name: string;
  owner_staff_id: number;
  owner_name: string;
  seller_name: string;
  seller_tax_id: string;
  /** 分. */
  expected_total: number;
  expected_kind: string | null;
  /** Epoch ms of the expected China day. */
  expected_date: number;
  reason: string;
  status: number;
  /** Unique per tenant when set. */
  matched_invoice_id: number | null;
  matched_at: number | null;
  /** auto | manual. */
  match_mode: string | null;
  cancel_reason: string;
  cancelled_by: number | null;
  cancelled_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface InvoiceDueLogsTable {
  id: Generated<number>;
  tenant_id: number;
  due_id: number;
  action: string;
  content: string;
  staff_id: number;
  created_at: number;
}

// ---- 专属邮箱 (invoiceMail module, migration 20261125T0121_invoice_mail) ----

/** One invoice mailbox per person (user_id) per tenant: <local_part>@MAIL_DOMAIN. */
export interface MailBoxesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  staff_id: number;
  local_part: string;
  created_at: number;
}

/** A mail the SMTP receiver accepted for a mailbox; status 1 待识别 … 5 没有可识别的发票附件. */
export interface MailMessagesTable {
  id: Generated<number>;
  tenant_id: number;
  mailbox_id: number;
  user_id: number;
  staff_id: number;
  mail_from: string;
  from_name: string;
  subject: string;
  message_id: string | null;
  size: number;
  received_at: number;
  status: number;
  attachment_count: number;
  recognized_count: number;
  failed_count: number;
}

/** An invoice attachment (PDF, OFD, XML) of a received mail; status 1 待识别, 2 已识别, 3 识别失败. */
export interface MailAttachmentsTable {
  id: Generated<number>;
  tenant_id: number;
  mail_id: number;
  file_name: string;
  file_type: string;
  content_type: string;
  size: number;
  /** Storage key: invoice/t<tenant_id>/mail/yyyy/mm/dd/<uuid>.<ext>. */
  file_key: string;
  status: number;
  reason: string | null;
  /** JSON array of invoice ids. */
  invoice_ids: string;
  updated_at: number;
}

// ---- 发票凭证 (invoice module voucher.*, migration 20261125T0132_invoice_vouchers) ----

/** The tenant's chart of accounts for vouchers; category cost / tax / credit. */
export interface VoucherAccountsTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  name: string;
  category: string;
  created_at: number;
}

/** Which account an invoice kind (or input_tax / payable) posts to. */
export interface VoucherAccountSettingsTable {
  tenant_id: number;
  item: string;
  account_code: string;
  updated_by: number;
  updated_at: number;
}

/** Last voucher number given per company and month (YYYYMM). */
export interface VoucherSequencesTable {
  tenant_id: number;
  org_id: number;
  period: string;
  last_seq: number;
}

/** 记账凭证: status 1 已生成, 2 已作废; voucher_date is the China day's start in ms. */
export interface VouchersTable {
  id: Generated<number>;
  tenant_id: number;
  org_id: number;
  org_name: string;
  word: string;
  period: string;
  seq: number;
  voucher_no: string;
  voucher_date: number;
  status: number;
  summary: string;
  debit_total: number;
  credit_total: number;
  invoice_count: number;
  creator_staff_id: number;
  creator_name: string;
  created_at: number;
  void_reason: string | null;
  voider_name: string | null;
  voided_at: number | null;
}

/** One line of a voucher: debit or credit in 分 (the other is 0). */
export interface VoucherLinesTable {
  id: Generated<number>;
  tenant_id: number;
  voucher_id: number;
  line_no: number;
  summary: string;
  account_code: string;
  account_name: string;
  debit: number;
  credit: number;
}

/** An invoice booked by a voucher; released_at is set when the voucher is voided. */
export interface VoucherInvoicesTable {
  id: Generated<number>;
  tenant_id: number;
  voucher_id: number;
  invoice_id: number;
  released_at: number | null;
}

// ---- Approval flows and bills (flow and bill modules, migration 20261127T0141_flow_bill) ----

export interface FlowGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** A flow: bill type, enabled, the designer's draft nodes (JSON, null = same as published), current version. */
export interface FlowsTable {
  id: Generated<number>;
  tenant_id: number;
  group_id: number;
  name: string;
  bill_type: string;
  enabled: number;
  remark: string;
  draft_nodes: string | null;
  current_version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One published version: the engine's FlowDefinition as JSON. */
export interface FlowVersionsTable {
  id: Generated<number>;
  tenant_id: number;
  flow_id: number;
  version: number;
  definition: string;
  published_at: number;
  published_by: number;
}

/** A bill type's custom form: the designer's draft fields (JSON, null = none) + current_version (0 = never published). */
export interface FormTemplatesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  bill_type: string;
  description: string;
  enabled: number;
  draft_fields: string | null;
  current_version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One published, immutable form version: its fields as JSON. */
export interface FormVersionsTable {
  id: Generated<number>;
  tenant_id: number;
  form_id: number;
  version: number;
  name: string;
  description: string;
  fields: string;
  published_at: number;
  published_by: number;
}

export interface ApprovalMatricesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** company or department. */
  dimension: string;
  remark: string;
  created_at: number;
  updated_at: number;
}

/** Amount band [min_amount, max_amount) in 分, null = open; approver_ids a JSON array of staff ids. */
export interface ApprovalMatrixRowsTable {
  id: Generated<number>;
  tenant_id: number;
  matrix_id: number;
  company_id: number | null;
  department_id: number | null;
  min_amount: number | null;
  max_amount: number | null;
  approver_ids: string;
  sort_order: number;
}

/** 代理: tasks arriving in [start_at, end_at) for principal go to agent; flow_ids JSON ([] = all flows). */
export interface AgentWindowsTable {
  id: Generated<number>;
  tenant_id: number;
  principal_id: number;
  agent_id: number;
  start_at: number;
  end_at: number;
  flow_ids: string;
  reason: string;
  created_by: number;
  created_at: number;
  cancelled_at: number | null;
  handed_back_at: number | null;
}

/** A document (单据). status: draft, approving, approved, rejected, returned, withdrawn. */
export interface BillsTable {
  id: Generated<number>;
  tenant_id: number;
  bill_type: string;
  bill_number: string;
  title: string;
  submitter_id: number;
  submitter_name: string;
  department_id: number | null;
  dept_name: string;
  company_id: number | null;
  org_name: string;
  project_id: number | null;
  amount: number;
  status: string;
  /** 1 手动创建, 2 系统创建. */
  create_type: number;
  remark: string;
  form_values: string;
  loan_id: number | null;
  flow_id: number | null;
  flow_version: number | null;
  /** The custom form version the document was created on (form_versions); null: none. */
  form_id: ColumnType<number | null, number | null | undefined, number | null>;
  form_version: ColumnType<number | null, number | null | undefined, number | null>;
  flow_name: string;
  instance_id: number | null;
  current_node_name: string;
  current_approvers: string;
  submit_time: number | null;
  finish_time: number | null;
  /** JSON array of the 智能规则集 hits (提示 and 标记风险) found at the last submit (migration 20261128T0530). */
  risk_flags: ColumnType<string, string | undefined, string>;
  risk_count: ColumnType<number, number | undefined, number>;
  /** 付款 (migration 20261128T0640): unpaid, paying (in an open batch), paid; written by flow's setPayStatus. */
  pay_status: ColumnType<string, string | undefined, string>;
  /** 预算 (migration 20261129T1610): JSON of the last submit's per-line budget check (BillBudgetLine[]). */
  budget_result: ColumnType<string, string | undefined, string>;
  /** 个人承担 in 分: the employee's share of the excess under a 2 personal budget. */
  budget_personal: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export interface BillRelationsTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  related_bill_id: number;
}

export interface BillFeesTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  fee_type: string;
  amount: number;
  fee_date: number;
  remark: string;
  /** 超额说明: why the line claims more than its invoices have left (migration 20261128T0530). */
  over_reason: ColumnType<string, string | undefined, string>;
  sort_order: number;
}

export interface BillFeeInvoicesTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  fee_id: number;
  invoice_id: number;
}

export interface BillTripsTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  peers: string;
  start_date: number;
  end_date: number;
  location_cus: string;
  budget_traffic: number;
  budget_stay: number;
  budget_other: number;
  budget_total: number;
  sort_order: number;
}

/** The engine's FlowInstance as JSON; saved WHERE revision = old. */
export interface FlowInstancesTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  flow_id: number;
  version: number;
  state: string;
  revision: number;
  status: string;
  created_at: number;
  updated_at: number;
}

/** Actionable (running) tasks of the instances, denormalised for the to-do list. */
export interface FlowTasksTable {
  id: Generated<number>;
  tenant_id: number;
  instance_id: number;
  bill_id: number;
  task_id: string;
  node_id: string;
  node_name: string;
  assignee_id: number;
  on_behalf_of: number | null;
  agent_window_id: number | null;
  status: string;
  bill_type: string;
  submitter_id: number;
  created_at: number;
}

/** The approval log: the engine's events (JSON in event) and comments. */
export interface FlowLogsTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  instance_id: number | null;
  type: string;
  at: number;
  node_id: string | null;
  actor_id: number | null;
  on_behalf_of: number | null;
  event: string;
}

/** 知会/抄送 rows: one per recipient. */
export interface FlowCcsTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  staff_id: number;
  from_id: number | null;
  node_id: string | null;
  node_name: string;
  created_at: number;
  read_at: number | null;
}

export interface BillPrintsTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  staff_id: number;
  created_at: number;
}

// ---- 智能规则集 (billReport module, migration 20261127T0151_audit_rules) ----

export interface AuditRulesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  rule_kind: string;
  /** warn 提示, block 禁止提交. */
  action: string;
  message: string;
  /** JSON array of bill types; [] = every type. */
  bill_types: string;
  fee_type: string | null;
  city_group_id: number | null;
  /** 分. */
  amount_limit: number | null;
  days: number | null;
  /** nearThreshold: margin under a threshold, percent (migration 20261128T0530). */
  percent: ColumnType<number | null, number | null | undefined, number | null>;
  enabled: number;
  remark: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** 超额报销 policy per tenant (no row: over-claim refused). */
export interface BillSettingsTable {
  tenant_id: number;
  allow_over_claim: number;
  updated_by: number;
  updated_at: number;
}

/** 消费场景 (migration 20261128T0595): the version store's template row of a scene. */
export interface ScenesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** 0 preset, 1 custom (spec 3 Scene type). */
  scene_type: ColumnType<number, number | undefined, number>;
  /** spec 3 Category. */
  category: number;
  /** 1 closed, 2 opened (spec 3 Scene status). */
  status: ColumnType<number, number | undefined, number>;
  description: ColumnType<string, string | undefined, string>;
  /** Mirrors status = 2, for the version store. */
  enabled: number;
  /** The designer's unpublished scene info, rules and scope (JSON); null = nothing unpublished. */
  draft: string | null;
  current_version: number;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One published, immutable scene version: its info, rules and scope as JSON. */
export interface SceneVersionsTable {
  id: Generated<number>;
  tenant_id: number;
  scene_id: number;
  version: number;
  content: string;
  published_at: number;
  published_by: number;
}

/** 消费渠道 (migration 20261128T0620): a channel that places orders through the signed intake. */
export interface SpendChannelsTable {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  name: string;
  /** Public id the channel sends in X-Fk-App-Id (unique across tenants). */
  app_id: string;
  /** HMAC-SHA256 key; never returned after creation (or a reset). */
  secret_key: string;
  /** spec OrderSource the channel's orders are recorded with. */
  source: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<number, number | undefined, number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A signed request's nonce, kept until its timestamp could no longer pass. */
export interface SpendChannelNoncesTable {
  tenant_id: number;
  channel_id: number;
  nonce: string;
  expires_at: number;
}

/** One channel order: its decision, who paid what, what was refunded. Money in 分. */
export interface SpendOrdersTable {
  id: Generated<number>;
  tenant_id: number;
  channel_id: number;
  channel_order_id: string;
  /** sha256 of the order request's canonical JSON: a repeated order id with other content is refused. */
  request_hash: string;
  user_id: number;
  staff_id: number;
  user_name: string;
  scene_id: number;
  scene_name: string;
  scene_version: number;
  category: number;
  source: number;
  title: ColumnType<string, string | undefined, string>;
  merchant_name: ColumnType<string, string | undefined, string>;
  amount: number;
  company_pays: number;
  employee_pays: number;
  quota_paid: number;
  org_paid: number;
  refunded_amount: ColumnType<number, number | undefined, number>;
  /** The part of refunded_amount given back to the quota or the organisation account. */
  company_refunded: ColumnType<number, number | undefined, number>;
  verdict: string;
  /** paid | refused | approval | partRefunded | refunded */
  status: string;
  reason: ColumnType<string, string | undefined, string>;
  decision: string;
  request: string;
  ordered_at: number;
  created_at: number;
  updated_at: number;
}

export interface SpendOrderRefundsTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  channel_id: number;
  refund_id: string;
  amount: number;
  quota_back: number;
  org_back: number;
  employee_back: number;
  reason: ColumnType<string, string | undefined, string>;
  created_at: number;
}

/** 员工额度 (migration 20261128T0610, decision 0042): one balance per (tenant, user, scene). */
/** 节日福利 offered to a tenant's staff (spend/benefit, decision 0046). */
export interface BenefitFestivalsTable {
  id: Generated<number>;
  tenant_id: number;
  scene_id: number;
  title: string;
  /** 分 per person. */
  amount: number;
  claim_from: number;
  claim_until: number;
  /** When a claimed amount expires on the quota ledger; null = never. */
  expires_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One person's claim of a 节日福利 (its ledger key: `festival:<festivalId>:<userId>`). */
export interface BenefitFestivalClaimsTable {
  id: Generated<number>;
  tenant_id: number;
  festival_id: number;
  user_id: number;
  amount: number;
  claimed_at: number;
}

export interface QuotaAccountsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  scene_id: number;
  /** 分; always the sum of the account's ledger deltas and of its grants' remaining. */
  balance: ColumnType<number, number | undefined, number>;
  updated_at: number;
}

/** What one credit put in, with its own expiry and what is left of it. */
export interface QuotaGrantsTable {
  id: Generated<number>;
  tenant_id: number;
  account_id: number;
  release_id: number | null;
  amount: number;
  remaining: number;
  /** null = never expires. */
  expires_at: number | null;
  /** 'expire' (valid period) or 'clear' (clear-up period): the ledger kind of the take-back. */
  expire_kind: ColumnType<string, string | undefined, string>;
  source_key: string;
  created_at: number;
}

/** One quota move; unique source_key per tenant. */
export interface QuotaLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  account_id: number;
  user_id: number;
  scene_id: number;
  delta: number;
  balance_after: number;
  /** release, reset, debit, credit, expire, clear */
  kind: string;
  source_key: string;
  grant_id: number | null;
  release_id: number | null;
  memo: ColumnType<string, string | undefined, string>;
  created_by: ColumnType<number, number | undefined, number>;
  created_at: number;
}

/** A scene's release plan. */
export interface QuotaPlansTable {
  id: Generated<number>;
  tenant_id: number;
  scene_id: number;
  name: string;
  /** spec 3 Release type (also the send mode). */
  release_type: number;
  amount: number;
  /** spec 3 Valid period. */
  valid_period: number;
  valid_days: number | null;
  valid_until: number | null;
  /** spec 3 Clear-up period. */
  clear_period: ColumnType<number, number | undefined, number>;
  /** 1 accumulate, 2 reset, 3 accumulate up to a cap, 4 top up to a level. */
  release_mode: ColumnType<number, number | undefined, number>;
  /** The cap (mode 3) or the level (mode 4), 分. */
  mode_limit: number | null;
  /** JSON QuotaScope. */
  scope: string;
  /** JSON QuotaSchedule. */
  schedule: string;
  enabled: ColumnType<number, number | undefined, number>;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One release run. */
export interface QuotaReleasesTable {
  id: Generated<number>;
  tenant_id: number;
  scene_id: number;
  plan_id: number | null;
  /** `<planId>:<fireTime>` for scheduled runs: one run per plan and fire time. */
  fire_key: string | null;
  release_type: number;
  release_source: number;
  operate_status: ColumnType<number, number | undefined, number>;
  release_mode: number;
  mode_limit: number | null;
  expires_at: number | null;
  expire_kind: ColumnType<string, string | undefined, string>;
  people: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  memo: ColumnType<string, string | undefined, string>;
  fail_reason: string | null;
  created_by: number;
  created_at: number;
  finished_at: number | null;
}

/** One person of a release run; paid once through the ledger key `release:<releaseId>:<userId>`. */
export interface QuotaReleaseLinesTable {
  id: Generated<number>;
  tenant_id: number;
  release_id: number;
  user_id: number;
  amount: number;
  /** What the ledger actually moved (cap/top-up/reset may differ from amount); null until done. */
  granted: number | null;
  done_at: number | null;
}

/** 企业账户 (migration 20261128T0630_org_account): one per tenant; changed only with a ledger row. */
export interface OrgFundAccountsTable {
  id: Generated<number>;
  tenant_id: number;
  /** 分. */
  balance: ColumnType<number, number | undefined, number>;
  /** 分; 0 = no warning. */
  warn_threshold: ColumnType<number, number | undefined, number>;
  /** 1 once the organisation was told the balance fell below the threshold. */
  below_warned: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

/** One change of an organisation account's balance. */
export interface OrgFundLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  /** 分, signed. */
  delta: number;
  balance_after: number;
  /** 1 充值, 2 消费, 3 退款, 4 服务费, 5 调账. */
  kind: number;
  /** spec 3 Category of a consumption or refund, when known. */
  category: number | null;
  /** Unique per tenant: the same key moves the money once. */
  source_key: string;
  ref: ColumnType<string, string | undefined, string>;
  memo: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: number;
}

/** A recharge of the organisation account by bank transfer. */
export interface OrgFundRechargesTable {
  id: Generated<number>;
  tenant_id: number;
  recharge_no: string;
  /** 分. */
  amount: number;
  /** 1 待确认, 2 已到账, 3 已驳回. */
  status: ColumnType<number, number | undefined, number>;
  payer_account_name: string;
  payer_bank: string;
  payer_account_no: string;
  transfer_time: number;
  remark: ColumnType<string, string | undefined, string>;
  /** Staff id of the submitter. */
  created_by: number;
  created_at: number;
  decided_at: number | null;
  operator_note: string | null;
  ledger_id: number | null;
}

/** A transfer receipt of a recharge; recharge_id is null until the recharge is submitted. */
export interface OrgFundReceiptsTable {
  id: Generated<number>;
  tenant_id: number;
  recharge_id: number | null;
  file_key: string;
  file_name: string;
  content_type: string;
  size: number;
  /** Staff id. */
  uploaded_by: number;
  uploaded_at: number;
}

/** 标准设置 and 管控设置 of a tenant (migration 20261128T0660); `version` rises with every standards change. */
export interface SpendStandardSettingsTable {
  tenant_id: number;
  /** grade | job. */
  dimension: ColumnType<string, string | undefined, string>;
  /** group | none. */
  city_mode: ColumnType<string, string | undefined, string>;
  /** JSON: standard kind → refuse | approval | excess. */
  controls: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  updated_by: number | null;
  updated_at: number | null;
}

/** One cell of a standard table (差旅标准 / 费用标准), in force from valid_from until valid_to (null: now). */
export interface SpendStandardsTable {
  id: Generated<number>;
  tenant_id: number;
  kind: string;
  /** '' unless kind = fee. */
  fee_type: string;
  /** grade | job. */
  subject_type: string;
  subject_id: number;
  /** 0 = 其他城市. */
  city_group_id: number;
  /** The kind's fields as JSON. */
  value: string;
  valid_from: number;
  valid_to: number | null;
  created_by: number;
}

// ---- 付款管理 (spend/payment, migration 20261128T0640_payment) ----

export interface PaymentBatchesTable {
  id: Generated<number>;
  tenant_id: number;
  batch_no: string;
  /** unsent, sent, done, cancelled. */
  status: string;
  line_count: number;
  total_amount: number;
  paid_count: ColumnType<number, number | undefined, number>;
  paid_amount: ColumnType<number, number | undefined, number>;
  failed_count: ColumnType<number, number | undefined, number>;
  failed_amount: ColumnType<number, number | undefined, number>;
  remark: string;
  created_by: number;
  created_by_name: string;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  finished_at: number | null;
}

export interface PaymentLinesTable {
  id: Generated<number>;
  tenant_id: number;
  batch_id: number;
  seq: number;
  bill_id: number;
  /** The bill id while pending or paid, null once failed or cancelled: unique per tenant. */
  active_bill_id: number | null;
  bill_number: string;
  bill_type: string;
  title: string;
  submitter_id: number;
  submitter_name: string;
  dept_name: string;
  amount: number;
  payee_name: string;
  account_no: string;
  bank_name: string;
  /** pending, paid, failed, cancelled. */
  status: string;
  fail_reason: string;
  result_at: number | null;
  result_by: number | null;
  result_by_name: string;
  created_at: number;
}

/** One row per paid document (source_key bill:<id>, unique per tenant). */
export interface PaymentLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  source_key: string;
  bill_id: number;
  batch_id: number;
  line_id: number;
  amount: number;
  paid_at: number;
  paid_by: number;
  paid_by_name: string;
  created_at: number;
}

/** 项目 (module project, migration 20261129T1300_projects). */
export interface ProjectsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Unique per tenant. */
  code: string;
  name: string;
  /** Staff id of the 项目负责人. */
  owner_id: number;
  /** 'YYYY-MM-DD', '' = open. */
  start_date: string;
  end_date: string;
  /** 1 进行中, 2 已结束, 3 已停用 (contracts ProjectStatus). */
  status: number;
  remark: string;
  created_by: number;
  created_at: number;
  updated_by: number;
  updated_at: number;
}
export interface ProjectMembersTable {
  tenant_id: number;
  project_id: number;
  staff_id: number;
}

/** 费用类型 (module budget/feeTypes, migration 20261129T1600_fee_types; decision 0051). */
export interface FeeTypesTable {
  id: Generated<number>;
  tenant_id: number;
  /** Unique per tenant; never changed after it is created (fee lines keep codes). */
  code: string;
  name: string;
  /** 0 = a root. */
  parent_id: number;
  /** 1 启用, 0 停用. */
  enabled: number;
  /** 会计科目 the vouchers post to; '' = none. */
  subject_code: string;
  /** JSON array of BILL_TYPES that may use it; '[]' = all. */
  bill_types: string;
  sort: number;
  created_by: number;
  created_at: number;
  updated_by: number;
  updated_at: number;
}

/** 预算 (module budget, migration 20261129T1610_budgets; decision 0052). A versioned design (0027). */
export interface BudgetsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  year: number;
  /** year | half | quarter | month */
  period_type: string;
  /** 2 department, 3 project (spec 3 budget mode). */
  budget_mode: number;
  fee_dimension: number;
  /** 1 combine, 2 personal, 3 forbid (spec 3 budget excess pay). */
  control: number;
  overrun_pct: number;
  cumulative: number;
  /** 1 启用, 2 停用. */
  status: number;
  remark: string;
  draft: string | null;
  current_version: number;
  enabled: number;
  created_by: number;
  created_at: number;
  updated_by: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface BudgetVersionsTable {
  id: Generated<number>;
  tenant_id: number;
  budget_id: number;
  version: number;
  content: string;
  published_by: number;
  published_at: number;
}

/** A node's id is stable across versions: the ledger and balances key on it. */
export interface BudgetNodesTable {
  id: Generated<number>;
  tenant_id: number;
  budget_id: number;
  parent_id: number | null;
  /** root | department | project | fee_type | person */
  dimension: string;
  value: string;
  label: string;
  /** 超支控制 of this node (BudgetControl); null follows the budget's. */
  control: number | null;
  sort_order: number;
  removed: number;
}

export interface BudgetBalancesTable {
  tenant_id: number;
  budget_id: number;
  node_id: number;
  /** 2026 | 2026-H2 | 2026-Q4 | 2026-11 */
  period: string;
  /** null: the node has no budget in this period (not checked). */
  budget: number | null;
  occupied: number;
  used: number;
}

export interface BudgetLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  budget_id: number;
  node_id: number;
  period: string;
  /** 'bill' (orders, purchases, cards later). */
  source_type: string;
  source_id: number;
  /** The fee line (bill_fees.id). */
  source_line: number;
  /** The submission the occupation belongs to (its submit time): use/release close that round. */
  round: number;
  /** occupy | use | release */
  kind: string;
  amount: number;
  /** How far this node was over its available amount when occupied. */
  over_amount: ColumnType<number, number | undefined, number>;
  /** 个人承担: the employee's share of the line (personal control). */
  personal_amount: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: number;
}

/** 集成中心 · 预算接口 (migration 20261129T1720_budget_link, decision 0056). */
export interface BudgetInterfacesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  base_url: string;
  app_key: string;
  /** AES-256-GCM of the secret (integration/budgetLink/secret.ts); never sent back nor logged. */
  secret_enc: string;
  /** Minutes between scheduled pulls; 0 = on demand only. */
  pull_interval: ColumnType<number, number | undefined, number>;
  next_pull_at: number | null;
  /** 0 未连接, 1 已连接, 2 连接失败 */
  status: ColumnType<number, number | undefined, number>;
  last_test_at: number | null;
  last_test_ok: number | null;
  last_test_msg: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: number;
  updated_by: number;
  /** The user id of updated_by: scheduled pulls run as this person's task. */
  updated_by_user: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface BudgetLinksTable {
  id: Generated<number>;
  tenant_id: number;
  interface_id: number;
  budget_id: number;
  external_code: string;
  last_pull_at: number | null;
  last_pull_ok: number | null;
  last_pull_msg: ColumnType<string, string | undefined, string>;
  pulled_version: number | null;
  created_by: number;
  created_at: number;
}

export interface BudgetLinkEventsTable {
  id: Generated<number>;
  tenant_id: number;
  interface_id: number;
  link_id: number;
  budget_id: number;
  /** The document (ledger source id): its events go out in order. */
  source_id: number;
  idempotency_key: string;
  /** occupy | use | release */
  kind: string;
  period: string;
  amount: number;
  payload: string;
  /** pending | sending | delivered | failed */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number | null;
  lease_until: number | null;
  last_error: ColumnType<string, string | undefined, string>;
  duplicate: ColumnType<number, number | undefined, number>;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

/** 企业卡 (migration 20261130T0100_cards; module card, decision 0057). */
export interface CardBatchesTable {
  id: Generated<number>;
  tenant_id: number;
  batch_no: string;
  /** 1 实体卡, 2 电子卡. */
  card_type: number;
  begin_no: ColumnType<string, string | undefined, string>;
  end_no: ColumnType<string, string | undefined, string>;
  card_count: number;
  /** Per card, 分. */
  amount: number;
  scene_id: number | null;
  operate_sequence: ColumnType<number, number | undefined, number>;
  send_mail: ColumnType<number, number | undefined, number>;
  memo: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: number;
}
export interface CardsTable {
  id: Generated<number>;
  tenant_id: number;
  batch_id: number;
  card_no: string;
  card_type: number;
  holder_staff_id: number | null;
  /** 1 正常, 2 冻结, 3 注销. */
  status: ColumnType<number, number | undefined, number>;
  balance: ColumnType<number, number | undefined, number>;
  status_reason: ColumnType<string, string | undefined, string>;
  /** The e-card mail: 0 不发送, 1 待发送, 2 已发送, 3 无邮箱, 4 发送失败. */
  mail_status: ColumnType<number, number | undefined, number>;
  mail_error: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
}
export interface CardLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  card_id: number;
  /** issue | capture | reverse | refund | settle */
  kind: string;
  delta: number;
  balance_after: number;
  source_key: string;
  /** The card authorisation a capture, reversal or refund belongs to ('' otherwise). */
  auth_id: ColumnType<string, string | undefined, string>;
  merchant: ColumnType<string, string | undefined, string>;
  memo: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: number;
}
export interface CardOperationsTable {
  id: Generated<number>;
  tenant_id: number;
  card_id: number;
  /** freeze | unfreeze | cancel */
  op: string;
  reason: string;
  created_by: number;
  created_at: number;
}
export interface CardAuthorizationsTable {
  id: Generated<number>;
  tenant_id: number;
  card_id: number;
  auth_id: string;
  amount: number;
  /** allow | excess | refuse */
  decision: string;
  merchant: ColumnType<string, string | undefined, string>;
  /** The CardAuthorizeReply answered (a replay answers it again). */
  reply: string;
  created_at: number;
}
/** 采购管理 (migration 20261130T0200_purchasing, decision 0058). */
export interface PurchaseApplyLinesTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  line_no: number;
  name: string;
  spec: string;
  quantity: number;
  price: number;
  amount: number;
  expect_date: number;
  /** 费用类型 code (budget's tree): the line occupies the budget of that fee type; null = not budgeted. */
  fee_type: ColumnType<string | null, string | null | undefined, string | null>;
  refused: ColumnType<number, number | undefined, number>;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
}
export interface PurchaseTasksTable {
  id: Generated<number>;
  tenant_id: number;
  bill_id: number;
  bill_number: string;
  task_number: string;
  title: string;
  applicant_id: number;
  applicant_name: string;
  purchase_user_id: number;
  purchase_user: string;
  purchase_date: number;
  status: number;
  line_count: number;
  amount: number;
  real_amount: ColumnType<number, number | undefined, number>;
  stopped_at: number | null;
  stopped_by: number | null;
  created_at: number;
  updated_at: number;
}
export interface PurchaseTaskCountsTable {
  tenant_id: number;
  status: number;
  n: number;
}
export interface PurchaseTaskLinesTable {
  id: Generated<number>;
  tenant_id: number;
  task_id: number;
  apply_line_id: number;
  name: string;
  spec: string;
  quantity: number;
  ordered_quantity: ColumnType<number, number | undefined, number>;
  price: number;
  amount: number;
  real_amount: ColumnType<number, number | undefined, number>;
  expect_date: number;
}
export interface PurchaseOrdersTable {
  id: Generated<number>;
  tenant_id: number;
  request_id: string;
  order_number: string;
  supplier: string;
  amount: number;
  purchase_date: number;
  pay_time: number | null;
  remark: string;
  line_count: number;
  created_by: number;
  created_by_name: string;
  created_at: number;
}
export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  task_id: number;
  task_line_id: number;
  apply_line_id: number;
  bill_id: number;
  name: string;
  spec: string;
  quantity: number;
  price: number;
  amount: number;
}

// ---- 开票 of the tenant (settle module, migration 20261201T0100_settle) ----

/** A 开票申请: 1 待开票, 2 已开票, 3 已邮寄, 4 已驳回, 5 已退回; mode 1 电子, 2 纸质. */
export interface SettleInvoicesTable {
  id: Generated<number>;
  tenant_id: number;
  apply_no: string;
  status: number;
  mode: number;
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  email: string;
  receiver: string;
  receiver_phone: string;
  mail_address: string;
  remark: string;
  /** 分: the sum of its orders. */
  amount: number;
  order_count: number;
  /** Staff id. */
  applied_by: number;
  applicant_name: string;
  applied_at: number;
  invoice_number: string;
  /** Storage key of the issued e-invoice PDF. */
  file_key: string | null;
  file_name: string | null;
  express_company_code: string;
  express_no: string;
  issued_at: number | null;
  reject_reason: string;
  rejected_at: number | null;
  return_reason: string;
  returned_at: number | null;
  updated_at: number;
}

/** The orders of a 开票申请 as they were applied (kind 1 系统权益订单, 2 企业账户充值, 3 服务费). */
export interface SettleInvoiceOrdersTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_id: number;
  kind: number;
  order_id: number;
  order_no: string;
  item_name: string;
  amount: number;
  paid_at: number;
}

/** Primary key (tenant_id, kind, order_id): an order on a live request (待开票, 已开票, 已邮寄). */
export interface SettleOrderClaimsTable {
  tenant_id: number;
  kind: number;
  order_id: number;
  invoice_id: number;
}

/** 数据字典 (module base, migration 20261201T0200_dictionaries; decision 0060). tenant_id 0 = system. */
export interface DictTypesTable {
  id: Generated<number>;
  tenant_id: number;
  category_code: string;
  name: string;
  /** 1 = system (read-only), 0 = tenant-defined. */
  system: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface DictItemsTable {
  id: Generated<number>;
  tenant_id: number;
  type_id: number;
  /** key (unique in its dictionary). */
  dict_code: string;
  /** value shown. */
  dict_desc: string;
  sort: number;
  /** 1 启用, 0 停用. */
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** 公告 (module base). status 1 草稿, 2 已发布, 3 已撤回; publish_time ms (0 = never published). */
export interface AnnouncementsTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  content: string;
  status: number;
  publish_time: number;
  author_id: number;
  author_name: string;
  created_at: number;
  updated_at: number;
}

/** 移动端设置 · 轮播图 (module base, migration 20261201T0210_mobile_banners). jump_type: JumpPageType (1–5). */
export interface MobileBannersTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  image_key: string;
  jump_type: number;
  jump_target: string;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** 集成中心 · 第三方平台 (migration 20261201T0300_platforms, decision 0061): a platform a tenant added. */
export interface IntegrationPlatformsTable {
  id: Generated<number>;
  tenant_id: number;
  /** dingtalk | wecom | feishu */
  platform: string;
  created_by: number;
  created_at: number;
}

/** A platform configured for one organisation: its app credentials (secret sealed) and its sync settings. */
export interface PlatformOrgConfigsTable {
  id: Generated<number>;
  tenant_id: number;
  platform_id: number;
  platform: string;
  org_id: number;
  corp_id: string;
  app_key: string;
  agent_id: string;
  secret_enc: string;
  secret_tail: string;
  enabled: number;
  auto_apply_threshold: number;
  grace_days: number;
  sync_interval: number;
  next_sync_at: number | null;
  sync_run_id: number | null;
  last_sync_at: number | null;
  last_sync_status: string | null;
  created_by: number;
  created_at: number;
  updated_by: number;
  updated_at: number;
}

/** One directory sync of a configuration. */
export interface DirectorySyncRunsTable {
  id: Generated<number>;
  tenant_id: number;
  config_id: number;
  task_id: number | null;
  /** fetching | review | applied | unchanged | failed | discarded */
  status: string;
  /** manual | schedule */
  run_trigger: string;
  progress: string | null;
  snapshot: string | null;
  diff: string | null;
  dept_count: number;
  user_count: number;
  added: number;
  changed: number;
  moved: number;
  gone: number;
  conflicts: number;
  api_calls: number;
  error_msg: string;
  created_by: number | null;
  started_at: number;
  fetched_at: number | null;
  applied_at: number | null;
  applied_by: number | null;
}

/** An upstream department and the local department it is. */
export interface DirectorySyncDeptsTable {
  id: Generated<number>;
  tenant_id: number;
  config_id: number;
  third_dept_id: string;
  dept_id: number;
  parent_third_id: string;
  name: string;
  missing_since: number | null;
  updated_at: number;
}

/** An upstream user, the staff member they are, their last applied values and whether they went missing. */
export interface DirectorySyncUsersTable {
  id: Generated<number>;
  tenant_id: number;
  config_id: number;
  third_user_id: string;
  staff_id: number | null;
  name: string;
  mobile: string | null;
  email: string | null;
  /** Comma-separated fields the platform withheld (mobile, email). */
  withheld: string;
  /** Comma-separated upstream department ids. */
  dept_third_ids: string;
  missing_since: number | null;
  flagged_at: number | null;
  updated_at: number;
}
