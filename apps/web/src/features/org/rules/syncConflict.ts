import {
  StaffStatus,
  SyncConflictStatus,
  type SyncCandidate,
  type SyncConflict,
  type SyncHandleInput,
  type SyncHandleResult,
  type SyncPlatform,
  type SyncResolution,
} from '@/api/org';

/**
 * Words and rules of 同步冲突处理: platform and status labels, the default way to resolve a
 * conflict, the sync-handle body and the success message. Plain functions, tested without a page.
 */

export const PLATFORMS: { value: SyncPlatform; label: string; color: string }[] = [
  { value: 'dingtalk', label: '钉钉', color: 'blue' },
  { value: 'wecom', label: '企业微信', color: 'green' },
  { value: 'feishu', label: '飞书', color: 'geekblue' },
];

export const platformOf = (p: string) =>
  PLATFORMS.find((x) => x.value === p) ?? { value: p as SyncPlatform, label: p, color: 'default' };

export const RESOLUTIONS: { value: SyncResolution; label: string }[] = [
  { value: 'bind', label: '关联已有员工' },
  { value: 'create', label: '新建员工' },
  { value: 'ignore', label: '忽略' },
];

/** The 状态 column: 待处理, or how it was resolved. */
export function statusView(c: Pick<SyncConflict, 'status' | 'resolution'>): { label: string; color: string } {
  if (c.status === SyncConflictStatus.pending) return { label: '待处理', color: 'orange' };
  if (c.resolution === 'bind') return { label: '已关联', color: 'green' };
  if (c.resolution === 'create') return { label: '已新建', color: 'blue' };
  if (c.resolution === 'ignore') return { label: '已忽略', color: 'default' };
  return { label: '已处理', color: 'default' };
}

/** The status filter (tabs) ↔ the URL value and the query's status. */
export type StatusTab = 'pending' | 'resolved' | 'all';
export const STATUS_TABS: { key: StatusTab; label: string }[] = [
  { key: 'pending', label: '待处理' },
  { key: 'resolved', label: '已处理' },
  { key: 'all', label: '全部' },
];
export const statusTabOf = (v: string | null): StatusTab => (v === 'resolved' || v === 'all' ? v : 'pending');
export const statusOfTab = (tab: StatusTab): number | undefined =>
  tab === 'pending'
    ? SyncConflictStatus.pending
    : tab === 'resolved'
      ? SyncConflictStatus.resolved
      : undefined;

/** Why a staff member is suggested. */
export function matchTags(c: SyncCandidate): string[] {
  return [...(c.same_phone ? ['手机号相同'] : []), ...(c.same_name ? ['同名'] : [])];
}

export const isActive = (c: Pick<SyncCandidate, 'status'>) => c.status === StaffStatus.active;

/**
 * How the dialog opens: bind to the best suggestion when there is an active one (same phone
 * first — the server sorts them so), otherwise create a new staff member.
 */
export function defaultPlan(c: SyncConflict): { action: SyncResolution; staff_id?: number } {
  const best = c.candidates.find(isActive);
  return best ? { action: 'bind', staff_id: best.id } : { action: 'create' };
}

export interface HandleFormValues {
  action: SyncResolution;
  staff_id?: number;
  name?: string;
  phone?: string;
  org_id?: number;
  dept_ids?: number[];
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The sync-handle body: only what the chosen action uses. */
export function handleBody(c: Pick<SyncConflict, 'id'>, v: HandleFormValues): SyncHandleInput {
  if (v.action === 'bind') return { id: c.id, action: 'bind', staff_id: v.staff_id };
  if (v.action === 'create')
    return {
      id: c.id,
      action: 'create',
      name: text(v.name) || undefined,
      phone: text(v.phone) || undefined,
      org_id: v.org_id,
      dept_ids: [...new Set(v.dept_ids ?? [])],
    };
  return { id: c.id, action: 'ignore' };
}

/** The toast after a resolution (staffName: the chosen or new staff member's name). */
export function successText(
  c: Pick<SyncConflict, 'name' | 'platform'>,
  r: SyncHandleResult,
  staffName?: string,
): string {
  const user = `${platformOf(c.platform).label}用户「${c.name}」`;
  if (r.action === 'ignore') return `已忽略${user}的同步冲突`;
  const who = staffName ? `「${staffName}」` : '';
  const bound = r.bound ? `，之后可直接通过${platformOf(c.platform).label}登录` : '';
  return r.action === 'bind' ? `已将${user}关联到员工${who}${bound}` : `已为${user}新建员工${who}${bound}`;
}
