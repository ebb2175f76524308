/**
 * The operation log's words and its before / after comparison (操作日志). Module and action names
 * are the server's (modules/org/oplog/oplog.service.ts LogModule and the services' actions).
 */
export const LOG_MODULES: { value: string; label: string }[] = [
  { value: 'organization', label: '公司' },
  { value: 'department', label: '部门' },
  { value: 'staff', label: '员工' },
  { value: 'jobGrade', label: '职级' },
  { value: 'job', label: '职位' },
  { value: 'title', label: '职称' },
  { value: 'account', label: '账户' },
  { value: 'address', label: '地址' },
  { value: 'cityGroup', label: '城市组' },
  { value: 'userGroup', label: '用户组' },
  { value: 'thirdUser', label: '第三方同步' },
  // 流程干预 (flow module's intervene.* actions)
  { value: 'flow', label: '审批流程' },
  // 差旅与费用标准 (spend module: 标准设置, 管控设置, 差旅标准, 费用标准)
  { value: 'standard', label: '差旅与费用标准' },
  // 设置中心 (base module: decision 0060; integration: decision 0061)
  { value: 'dictionary', label: '数据字典' },
  { value: 'announcement', label: '公告' },
  { value: 'mobileSetting', label: '移动端设置' },
  { value: 'platform', label: '第三方平台' },
];

export const LOG_ACTIONS: Record<string, { label: string; color: string }> = {
  create: { label: '新增', color: 'green' },
  update: { label: '修改', color: 'blue' },
  delete: { label: '删除', color: 'red' },
  order: { label: '排序', color: 'geekblue' },
  batch_update: { label: '批量修改', color: 'purple' },
  resign: { label: '离职', color: 'orange' },
  restore: { label: '恢复在职', color: 'cyan' },
  update_cities: { label: '修改城市', color: 'blue' },
  import: { label: '导入', color: 'gold' },
  // 用户组 members
  add_members: { label: '添加成员', color: 'green' },
  remove_members: { label: '移除成员', color: 'orange' },
  // 同步冲突处理 (module thirdUser): 关联已有员工 / 新建员工 / 忽略
  bind: { label: '关联员工', color: 'green' },
  ignore: { label: '忽略', color: 'default' },
  // 流程干预 (module flow): the administrator's action on a document in approval, with its reason
  'intervene.forcePass': { label: '强制通过', color: 'red' },
  'intervene.transfer': { label: '干预转办', color: 'orange' },
  'intervene.sendBack': { label: '干预退回', color: 'volcano' },
  'intervene.copy': { label: '干预抄送', color: 'cyan' },
};

export const moduleLabel = (m: string) => LOG_MODULES.find((x) => x.value === m)?.label ?? m;
export const actionLabel = (a: string) => LOG_ACTIONS[a] ?? { label: a, color: 'default' };

/** Field names of the snapshots, in Chinese. Unknown fields keep their own name. */
export const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  pid: '上级',
  org_id: '所属公司',
  name: '名称',
  full_name: '全称',
  tax_id: '税号',
  order: '排序',
  phone: '手机号',
  email: '邮箱',
  job_no: '工号',
  status: '状态',
  grade_id: '职级',
  job_id: '职位',
  title_id: '职称',
  dept_ids: '所属部门',
  description: '描述',
  account_name: '账户名称',
  bank_name: '开户银行',
  account_no: '银行账号',
  address: '详细地址',
  contact: '联系人',
  is_default: '默认地址',
  codes: '城市编码',
  resolution: '处理方式',
  staff_id: '员工',
  corp_id: '企业ID',
  third_user_id: '第三方用户ID',
  created_at: '创建时间',
  updated_at: '更新时间',
};

/** Turns an id field into names (e.g. org_id 2 → 演示科技有限公司); undefined keeps the raw value. */
export type Resolver = (field: string, value: unknown) => string | undefined;

/**
 * Names for the ids in snapshots of `module`, from the organisation tree: companies, departments,
 * parents (a department's pid is a department, 0 = the top of its company), staff status.
 */
export interface NameMaps {
  orgs: ReadonlyMap<number, string>;
  depts: ReadonlyMap<number, string>;
  grades?: ReadonlyMap<number, string>;
  jobs?: ReadonlyMap<number, string>;
  titles?: ReadonlyMap<number, string>;
}

export function idResolver(module: string, names: NameMaps): Resolver {
  const named = (map: ReadonlyMap<number, string> | undefined, v: unknown) =>
    typeof v === 'number' && map?.has(v) ? map.get(v) : undefined;
  return (field, value) => {
    if (field === 'org_id') return named(names.orgs, value);
    if (field === 'dept_ids' && Array.isArray(value)) {
      if (value.length === 0) return '-';
      return value.map((id) => named(names.depts, id) ?? String(id)).join('、');
    }
    if (field === 'pid') {
      if (module === 'department') return value === 0 ? '（公司下第一级）' : named(names.depts, value);
      if (module === 'organization') return named(names.orgs, value);
    }
    if (field === 'grade_id') return named(names.grades, value);
    if (field === 'job_id') return named(names.jobs, value);
    if (field === 'title_id') return named(names.titles, value);
    if (field === 'status' && module === 'staff')
      return value === 1 ? '在职' : value === 2 ? '离职' : undefined;
    if (module === 'thirdUser') {
      if (field === 'status') return value === 1 ? '待处理' : value === 2 ? '已处理' : undefined;
      if (field === 'resolution')
        return value === 'bind'
          ? '关联已有员工'
          : value === 'create'
            ? '新建员工'
            : value === 'ignore'
              ? '忽略'
              : undefined;
    }
    return undefined;
  };
}

export interface DiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/** A value as one line of text: arrays joined with 、, objects as JSON, null as -. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (Array.isArray(v))
    return v.length ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join('、') : '-';
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  return String(v);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Field-by-field comparison of two snapshots (objects). Fields of either side are listed, changed
 * ones first-class. Non-object snapshots (lists of moved items) come back as one row each.
 */
export function diffSnapshots(before: unknown, after: unknown, resolve?: Resolver): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    const b = showValue(before);
    const a = showValue(after);
    return [{ field: '*', label: '内容', before: b, after: a, changed: b !== a }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  const show = (field: string, v: unknown) => resolve?.(field, v) ?? showValue(v);
  return keys.map((field) => {
    const b = field in left ? show(field, left[field]) : '-';
    const a = field in right ? show(field, right[field]) : '-';
    return { field, label: FIELD_LABELS[field] ?? field, before: b, after: a, changed: b !== a };
  });
}
