import { Tag } from 'antd';
import { VerdictLabel, type Verdict } from '@feikong/contracts';

const COLOR: Record<Verdict, string> = { allow: 'green', excess: 'orange', approval: 'blue', refuse: 'red' };

/** The decision's verdict as a coloured tag: 允许 / 超额自付 / 需审批 / 拒绝. */
export function VerdictTag({ verdict }: { verdict: Verdict }) {
  return <Tag color={COLOR[verdict]}>{VerdictLabel[verdict]}</Tag>;
}
