import { Tag } from 'antd';

const COLOR: Record<string, string> = {
  draft: 'default',
  approving: 'processing',
  approved: 'success',
  rejected: 'error',
  returned: 'warning',
  withdrawn: 'default',
};

/** A document's status as a coloured tag (草稿, 审批中, 已通过, 已驳回, 已退回, 已撤回). */
export function BillStatusTag({ status, text }: { status: string; text: string }) {
  return <Tag color={COLOR[status] ?? 'default'}>{text}</Tag>;
}
