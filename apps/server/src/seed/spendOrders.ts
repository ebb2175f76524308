import { Category, OrderSource } from '@feikong/contracts';
import type { Db } from '../platform/db/database.js';
import { localParts, localToInstant } from '../platform/time/periods.js';
import { orderDoors, placeOrder, refundOrder } from '../modules/spend/index.js';
import { addChannel } from '../modules/spend/orders/index.js';

const DAY = 86_400_000;
export const DEMO_CHANNEL = { code: 'fk_demo_takeout', name: '演示外卖' } as const;

type Who = 'admin' | 'approver' | 'staff';
/** One demo order: days before today, China time, who, how much (分) and where. */
interface DemoOrder {
  daysAgo: number;
  time: [number, number];
  who: Who;
  amount: number;
  merchant: string;
  title: string;
  refund?: { amount: number; after: number; reason: string };
}

/**
 * The demo channel's orders, against 「工作餐」 (11:00–13:30, ¥30.00 a day, the employee paying the part
 * over): lunches inside the slot, a dinner at 18:40 refused by the slot, 员工乙's second lunch of a day and
 * 审批人甲's ¥42.00 lunch over the day's ¥30.00 (the employee pays the rest), and a partial refund.
 */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    daysAgo: 2,
    time: [11, 42],
    who: 'staff',
    amount: 2650,
    merchant: '杨国福麻辣烫（张江店）',
    title: '麻辣烫套餐',
  },
  {
    daysAgo: 2,
    time: [12, 5],
    who: 'approver',
    amount: 2200,
    merchant: '老乡鸡（科苑路店）',
    title: '农家小炒肉套餐',
  },
  {
    daysAgo: 2,
    time: [12, 18],
    who: 'admin',
    amount: 2800,
    merchant: '真功夫（长泰广场店）',
    title: '香汁排骨饭 + 柠檬茶',
    refund: { amount: 800, after: 35, reason: '柠檬茶缺货，部分退款' },
  },
  {
    daysAgo: 2,
    time: [18, 40],
    who: 'staff',
    amount: 3500,
    merchant: '和府捞面（张江店）',
    title: '加班晚餐',
  },
  { daysAgo: 1, time: [11, 35], who: 'staff', amount: 1990, merchant: '南城香（张江店）', title: '烤肉拌饭' },
  {
    daysAgo: 1,
    time: [11, 55],
    who: 'admin',
    amount: 2580,
    merchant: '吉野家（世纪公园店）',
    title: '牛肉饭套餐',
  },
  {
    daysAgo: 1,
    time: [12, 10],
    who: 'approver',
    amount: 4200,
    merchant: '西贝莜面村（长泰店）',
    title: '莜面套餐',
  },
  {
    daysAgo: 1,
    time: [12, 40],
    who: 'staff',
    amount: 2400,
    merchant: '喜茶（张江店）',
    title: '午后饮品 + 欧包',
  },
  {
    daysAgo: 1,
    time: [13, 10],
    who: 'approver',
    amount: 1600,
    merchant: '全家便利店（科苑路店）',
    title: '便当',
  },
];

const ymd = (p: { year: number; month: number; day: number }) =>
  `${p.year}${String(p.month).padStart(2, '0')}${String(p.day).padStart(2, '0')}`;

/**
 * 演示集团's demo channel 「演示外卖」 (issue 21) and its orders, placed through the channel intake's own
 * functions (decided by the scene, paid from the organisation account the account seed credited). Runs after
 * the scenes, quota and account seeds; does nothing when the channel is already there.
 */
export async function seedDemoSpendOrders(
  db: Db,
  tenantId: number,
  phones: Record<Who, string>,
  now = Date.now(),
) {
  const exists = await db
    .selectFrom('spend_channels')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', DEMO_CHANNEL.code)
    .executeTakeFirst();
  if (exists) return;
  const people = await db
    .selectFrom('staff')
    .select(['id', 'user_id', 'phone'])
    .where('tenant_id', '=', tenantId)
    .where('phone', 'in', Object.values(phones))
    .execute();
  const person = (who: Who) => people.find((p) => p.phone === phones[who]);
  const admin = person('admin');
  const scene = await db
    .selectFrom('scenes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', '工作餐')
    .where('current_version', '>', 0)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin || !scene) return;
  const made = await addChannel(
    db,
    { tenantId, staffId: Number(admin.id) },
    { ...DEMO_CHANNEL, source: OrderSource.THIRD },
    now - 3 * DAY,
  );
  const channel = { id: made.id, tenantId, source: made.source };
  const seq = new Map<string, number>();
  for (const o of DEMO_ORDERS) {
    const p = person(o.who);
    if (!p) continue;
    const day = localParts(now - o.daysAgo * DAY);
    const at = localToInstant('Asia/Shanghai', day.year, day.month, day.day, o.time[0], o.time[1]);
    const n = (seq.get(ymd(day)) ?? 0) + 1;
    seq.set(ymd(day), n);
    const orderId = `TK${ymd(day)}${String(n).padStart(4, '0')}`;
    await placeOrder(
      db,
      orderDoors,
      channel,
      {
        orderId,
        userId: Number(p.user_id),
        sceneId: Number(scene.id),
        category: Category.takeout,
        amount: o.amount,
        at,
        title: o.title,
        merchant: { name: o.merchant, type: '餐饮' },
      },
      at,
    );
    if (o.refund) {
      const refundAt = at + o.refund.after * 60_000;
      await refundOrder(
        db,
        orderDoors,
        channel,
        { orderId, refundId: `RF${orderId.slice(2)}01`, amount: o.refund.amount, reason: o.refund.reason },
        refundAt,
      );
    }
  }
}
