import { Tag } from 'antd';
import { OPERATE_STATUS_COLOR } from '../rules';

/** 执行状态 of a release run: 待执行, 执行中, 成功, 失败. */
export function StatusTag({ status, text }: { status: number; text: string }) {
  return <Tag color={OPERATE_STATUS_COLOR[status]}>{text}</Tag>;
}
