import {
  PayerTypeLabel,
  RechargeStatusLabel,
  SettleInvoiceModeLabel,
  SettleInvoiceStatusLabel,
  type SettleInvoiceMode,
  type SettleInvoiceStatus,
  UiTypeLabel,
  versionLastDay,
  type RechargeStatus,
} from '@feikong/contracts';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/database.js';
import type { Db } from './platform/db/database.js';
import { AppError } from './platform/errors.js';
import { DownloadSigner, LocalFileStorage, type FileStat } from './platform/storage/index.js';
import {
  cancelOrderByOperator,
  confirmOrderByOperator,
  operatorOrderDetail,
  operatorOrderList,
  type OperatorResult,
} from './modules/rights/operator.service.js';
import { orderStatusName } from './modules/rights/rights.errors.js';
import {
  confirmRechargeByOperator,
  operatorRechargeDetail,
  operatorRechargeList,
  rejectRechargeByOperator,
} from './modules/spend/orgAccount/index.js';
import { setTenantModeByOperator, type TenantMode } from './modules/org/index.js';
import { orderDoors } from './modules/spend/index.js';
import {
  REPLAY_LIMITS,
  replayChannel,
  replayLine,
  type ReplayOutcome,
} from './modules/spend/orders/index.js';
import { chinaDate } from './modules/rights/rights.service.js';
import {
  issueInvoiceByOperator,
  operatorInvoiceDetail,
  operatorInvoiceList,
  rejectInvoiceByOperator,
  returnInvoiceByOperator,
} from './modules/settle/index.js';

/**
 * Operator commands of the platform (not of a tenant), run against the configured database
 * (DATA_DIR / DATABASE_URL, as the server reads them):
 *
 *   npm run ops -- list-orders [--status 2] [--limit 50]
 *   npm run ops -- show-order <订单号|订单ID>                   the order, its transfer and its receipt files
 *   npm run ops -- confirm-order <订单号|订单ID> [--note 备注]   the transfer arrived: complete the order
 *   npm run ops -- cancel-order <订单号|订单ID> [--note 备注]    the order will not be paid
 *   npm run ops -- list-recharges [--status 1] [--limit 50]      企业账户 recharges (spend/orgAccount)
 *   npm run ops -- show-recharge <充值单号|ID>                   a recharge and its receipt files
 *   npm run ops -- confirm-recharge <充值单号|ID> [--note 备注]   the transfer arrived: credit the account once
 *   npm run ops -- reject-recharge <充值单号|ID> --note 原因      the transfer did not arrive
 *   npm run ops -- list-invoices [--status 1] [--limit 50]       开票申请 of the tenants (settle)
 *   npm run ops -- show-invoice <申请编号|ID>                    a request, its title and its orders
 *   npm run ops -- issue-invoice <申请编号|ID> --file 发票.pdf [--number 发票号码] [--express SF --tracking 单号]
 *   npm run ops -- reject-invoice <申请编号|ID> --note 原因       the request is refused; its orders are free again
 *   npm run ops -- return-invoice <申请编号|ID> --note 原因       an issued 发票 is taken back; its orders are free again
 *   npm run ops -- list-invoices [--status 1-5] [--limit 条数]     列出开票申请（默认最近50条）
  npm run ops -- show-invoice <申请编号|ID>                      查看开票申请的抬头、邮寄信息及订单
  npm run ops -- issue-invoice <申请编号|ID> --file 发票.pdf [--number 发票号码] [--express 快递公司编码 --tracking 快递单号]
                                                               开票：附电子发票PDF；纸质发票须填写快递公司（SF、EMS、JD、YTO、ZTO、STO、YUNDA、JTSD）与单号
  npm run ops -- reject-invoice <申请编号|ID> --note 原因         驳回开票申请（订单可重新申请）
  npm run ops -- return-invoice <申请编号|ID> --note 原因         退回已开发票（订单可重新申请）
  npm run ops -- set-tenant-mode <组织ID> [--ui welfare] [--payer 0]   interface type / payer type (spec §1)
 *   npm run ops -- replay-orders <渠道编码> <file.jsonl> [--tenant 组织ID] [--dry-run]
 *                 a channel's order / refund bodies, one JSON per line, through the intake (spend/orders)
 *
 * Exit code 0 on success, 1 when the command was refused (unknown order, wrong status; replay-orders: a bad
 * line), 2 on bad usage.
 * The database must already be migrated (the server does that when it starts).
 */

const USAGE = `用法：
  npm run ops -- list-orders [--status 1|2|3|4] [--limit 条数]   列出订单（默认最近50条）
  npm run ops -- show-order <订单号|订单ID>                      查看订单、转账信息及转账凭证文件路径（确认到账前核对）
  npm run ops -- confirm-order <订单号|订单ID> [--note 备注]      确认对公转账到账，完成订单并开通/续期版本或充值增值产品
  npm run ops -- cancel-order <订单号|订单ID> [--note 备注]       取消待支付或待确认的订单
  npm run ops -- list-recharges [--status 1|2|3] [--limit 条数]  列出企业账户充值（默认最近50条）
  npm run ops -- show-recharge <充值单号|ID>                     查看充值及转账凭证文件路径
  npm run ops -- confirm-recharge <充值单号|ID> [--note 备注]     确认对公转账到账，企业账户入账
  npm run ops -- reject-recharge <充值单号|ID> --note 原因        驳回充值（转账未到账或不符）
  npm run ops -- set-tenant-mode <组织ID> [--ui fee_control|welfare|shop_welfare] [--payer 0|1]
                                                               设置组织的界面类型与支付方式（0 服务商支付，1 企业自付）
  npm run ops -- replay-orders <渠道编码> <文件.jsonl> [--tenant 组织ID] [--dry-run]
                                                               按渠道重放订单/退款（每行一个渠道请求体，含 refundId 的为退款；
                                                               渠道订单号、退款单号已存在的记为重复，不会重复入账；
                                                               --dry-run 只试运行，不写入；文件不超过10 MB、${REPLAY_LIMITS.lines}行）
订单状态：1 待支付，2 已付款待确认，3 已完成，4 已取消
充值状态：1 待确认，2 已到账，3 已驳回
开票状态：1 待开票，2 已开票，3 已邮寄，4 已驳回，5 已退回`;

export interface OpsIo {
  out(line: string): void;
  err(line: string): void;
}

/** Where the receipt files are: the server's storage under DATA_DIR/files (platform/services.ts). */
export type ReceiptFiles = Pick<LocalFileStorage, 'localPath' | 'stat' | 'delete' | 'put'>;

class UsageError extends Error {}

const yuan = (fen: number | null) => (fen === null ? '-' : `¥${(Number(fen) / 100).toFixed(2)}`);
/** YYYY-MM-DD HH:mm in China time. */
const time = (ms: number | null) => {
  if (ms === null) return '-';
  const d = new Date(Number(ms) + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${chinaDate(Number(ms))} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

function describeConfirm(r: OperatorResult): string[] {
  const o = r.order;
  const lines = [
    `订单 ${o.order_no} 已确认完成`,
    `  组织：${r.tenant_name}（ID ${o.tenant_id}）`,
    `  商品：${o.item_name}${o.months ? ` ${o.months}个月` : ` × ${o.quantity}`}  金额：${yuan(o.amount)}`,
  ];
  if (r.version) {
    lines.push(
      `  版本：${r.version.name}，有效期至 ${versionLastDay(r.version.expired_at)}（${r.version.extended ? '续期' : '开通'}）`,
    );
  }
  if (r.credited) lines.push(`  到账：${r.credited.name} ${r.credited.amount}${r.credited.unit}`);
  return lines;
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

/** show-order: the order, its transfer and where its receipt files are on this machine. */
async function describeOrder(db: Db, ref: string, files: ReceiptFiles): Promise<string[]> {
  const { order: o, tenant_name, receipts } = await operatorOrderDetail(db, ref);
  const lines = [
    `订单 ${o.order_no}（ID ${o.id}）  状态：${orderStatusName(Number(o.status))}`,
    `  组织：${tenant_name || '-'}（ID ${o.tenant_id}）`,
    `  商品：${o.item_name}${o.months ? ` ${o.months}个月` : ` × ${o.quantity}`}  金额：${yuan(o.amount)}`,
    `  下单：${time(o.created_at)}  ${o.creator_name}`,
  ];
  if (o.paid_at === null) {
    lines.push('  转账信息：尚未提交');
  } else {
    lines.push(
      `  付款账户：${o.payer_account_name ?? '-'}  ${o.payer_bank ?? '-'}  ${o.payer_account_no ?? '-'}`,
      `  转账金额：${yuan(o.transfer_amount)}  转账时间：${time(o.transfer_time)}  提交于：${time(o.paid_at)}`,
    );
    if (o.pay_remark) lines.push(`  备注：${o.pay_remark}`);
    if (o.receipt_url) lines.push(`  电子回单链接：${o.receipt_url}`);
  }
  lines.push(`  转账凭证：${receipts.length} 个`);
  for (const [i, r] of receipts.entries()) {
    const file = files.localPath(r.file_key);
    const stat: FileStat | null = await files.stat(r.file_key);
    lines.push(
      `    ${i + 1}. ${r.file_name}（${r.content_type}，${kb(Number(r.size))}，上传于 ${time(r.uploaded_at)}）`,
      `       ${file}${stat ? '' : '  ← 文件不存在'}`,
    );
  }
  if (o.completed_at !== null) lines.push(`  完成于：${time(o.completed_at)}`);
  if (o.cancelled_at !== null) lines.push(`  取消于：${time(o.cancelled_at)}`);
  if (o.operator_note) lines.push(`  运营备注：${o.operator_note}`);
  if (Number(o.status) === 2) lines.push(`核对无误后确认到账：npm run ops -- confirm-order ${o.order_no}`);
  return lines;
}

function intOption(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`参数 --${name} 应为 ${min}-${max} 的整数`);
  return n;
}

const REPLAY_WORD: Record<ReplayOutcome['kind'], string> = {
  ok: '成功',
  refused: '拒绝',
  repeat: '重复',
  bad: '错误',
};

class DryRunDone extends Error {}

/**
 * replay-orders: each line through the channel intake (its own transaction, so a bad line stops nothing);
 * with --dry-run the whole file runs in one transaction that is rolled back, later lines seeing earlier ones.
 */
async function replayOrders(
  db: Db,
  io: OpsIo,
  o: { code: string; file: string; tenantId?: number; dryRun: boolean; now: number },
): Promise<number> {
  let size: number;
  try {
    const st = await stat(o.file);
    if (!st.isFile()) throw new UsageError(`不是文件：${o.file}`);
    size = st.size;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`无法读取文件：${o.file}`);
  }
  if (size > REPLAY_LIMITS.fileBytes)
    throw new UsageError(
      `文件超过 ${REPLAY_LIMITS.fileBytes / 1024 / 1024} MB（${kb(size)}），请分成多个文件`,
    );
  const lines = (await readFile(o.file, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > REPLAY_LIMITS.lines)
    throw new UsageError(`文件超过 ${REPLAY_LIMITS.lines} 行（${lines.length} 行），请分成多个文件`);
  const channel = await replayChannel(db, o.code, o.tenantId);
  io.out(
    `渠道：${channel.name}（${channel.code}，组织ID ${channel.tenantId}）  文件：${o.file}  共 ${lines.length} 行${o.dryRun ? '  【试运行，不写入】' : ''}`,
  );
  const count: Record<ReplayOutcome['kind'], number> = { ok: 0, refused: 0, repeat: 0, bad: 0 };
  const run = async (tx: Db) => {
    for (const [i, line] of lines.entries()) {
      if (line.trim() === '') continue;
      const r = await replayLine(tx, orderDoors, channel, line, o.now);
      count[r.kind] += 1;
      const out = `第${i + 1}行\t${REPLAY_WORD[r.kind]}\t${r.ref || '-'}\t${r.text}`;
      if (r.kind === 'bad') io.err(out);
      else io.out(out);
    }
  };
  if (o.dryRun) {
    await db
      .transaction()
      .execute(async (tx) => {
        await run(tx);
        throw new DryRunDone();
      })
      .catch((err: unknown) => {
        if (!(err instanceof DryRunDone)) throw err;
      });
  } else {
    await run(db);
  }
  io.out(
    `合计：成功 ${count.ok}，拒绝 ${count.refused}，重复 ${count.repeat}，错误 ${count.bad}${o.dryRun ? '（试运行，未写入任何数据）' : ''}`,
  );
  return count.bad > 0 ? 1 : 0;
}

/**
 * Runs one operator command; answers the exit code. `files` is where receipt files are (show-order);
 * `now` is for tests.
 */
export async function runOps(
  argv: string[],
  db: Db,
  io: OpsIo,
  opts: { now?: number; files?: ReceiptFiles } = {},
): Promise<number> {
  const now = opts.now ?? Date.now();
  let target = '';
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        note: { type: 'string' },
        ui: { type: 'string' },
        payer: { type: 'string' },
        tenant: { type: 'string' },
        file: { type: 'string' },
        number: { type: 'string' },
        express: { type: 'string' },
        tracking: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ref] = positionals;
    target = ref ?? '';
    if (values.help || !command) {
      io.out(USAGE);
      return command || values.help ? 0 : 2;
    }
    switch (command) {
      case 'list-orders': {
        const status = intOption(values.status, 'status', 1, 4);
        const limit = intOption(values.limit, 'limit', 1, 1000) ?? 50;
        const rows = await operatorOrderList(db, { status, limit });
        if (rows.length === 0) {
          io.out(status === undefined ? '没有订单' : `没有状态为「${orderStatusName(status)}」的订单`);
          return 0;
        }
        io.out(
          [
            '订单号',
            '订单ID',
            '组织',
            '商品',
            '金额',
            '状态',
            '下单时间',
            '付款账户',
            '转账金额',
            '转账时间',
            '凭证',
          ].join('\t'),
        );
        for (const o of rows) {
          io.out(
            [
              o.order_no,
              o.id,
              o.tenant_name ?? `组织${o.tenant_id}`,
              o.item_name + (o.months ? ` ${o.months}个月` : ` × ${o.quantity}`),
              yuan(o.amount),
              orderStatusName(Number(o.status)),
              time(o.created_at),
              o.payer_account_name
                ? `${o.payer_account_name} ${o.payer_bank ?? ''} ${o.payer_account_no ?? ''}`
                : '-',
              yuan(o.transfer_amount),
              time(o.transfer_time),
              o.paid_at === null ? '-' : `${o.receipt_count}个`,
            ].join('\t'),
          );
        }
        io.out(`共 ${rows.length} 条`);
        return 0;
      }
      case 'show-order': {
        if (!ref) throw new UsageError('请指定订单号或订单ID');
        if (!opts.files) throw new Error('show-order 需要文件存储（files）');
        for (const line of await describeOrder(db, ref, opts.files)) io.out(line);
        return 0;
      }
      case 'confirm-order': {
        if (!ref) throw new UsageError('请指定订单号或订单ID');
        for (const line of describeConfirm(
          await confirmOrderByOperator(db, ref, { now, note: values.note, files: opts.files }),
        ))
          io.out(line);
        return 0;
      }
      case 'cancel-order': {
        if (!ref) throw new UsageError('请指定订单号或订单ID');
        const o = await cancelOrderByOperator(db, ref, { now, note: values.note, files: opts.files });
        io.out(`订单 ${o.order_no} 已取消（${o.item_name}，${yuan(o.amount)}）`);
        return 0;
      }
      case 'list-recharges': {
        const status = intOption(values.status, 'status', 1, 3);
        const limit = intOption(values.limit, 'limit', 1, 1000) ?? 50;
        const rows = await operatorRechargeList(db, { status, limit });
        if (rows.length === 0) {
          io.out('没有充值记录');
          return 0;
        }
        io.out(['充值单号', 'ID', '组织', '金额', '状态', '付款账户', '转账时间', '提交时间'].join('\t'));
        for (const r of rows) {
          io.out(
            [
              r.recharge_no,
              r.id,
              r.tenant_name ?? `组织${r.tenant_id}`,
              yuan(r.amount),
              RechargeStatusLabel[Number(r.status) as RechargeStatus],
              `${r.payer_account_name} ${r.payer_bank} ${r.payer_account_no}`,
              time(r.transfer_time),
              time(r.created_at),
            ].join('\t'),
          );
        }
        io.out(`共 ${rows.length} 条`);
        return 0;
      }
      case 'show-recharge': {
        if (!ref) throw new UsageError('请指定充值单号或ID');
        const { recharge: r, receipts } = await operatorRechargeDetail(db, ref);
        io.out(`充值单 ${r.recharge_no}（ID ${r.id}，组织ID ${r.tenant_id}）`);
        io.out(`  金额：${yuan(r.amount)}  状态：${RechargeStatusLabel[Number(r.status) as RechargeStatus]}`);
        io.out(
          `  付款：${r.payer_account_name} ${r.payer_bank} ${r.payer_account_no}  转账时间：${time(r.transfer_time)}`,
        );
        for (const f of receipts) {
          io.out(
            `  凭证：${f.file_name}（${f.content_type}）${opts.files ? opts.files.localPath(f.file_key) : f.file_key}`,
          );
        }
        if (Number(r.status) === 1)
          io.out(`核对无误后确认到账：npm run ops -- confirm-recharge ${r.recharge_no}`);
        return 0;
      }
      case 'confirm-recharge': {
        if (!ref) throw new UsageError('请指定充值单号或ID');
        const res = await confirmRechargeByOperator(db, ref, { now, note: values.note });
        io.out(
          `充值单 ${res.recharge.recharge_no} 已确认到账 ${yuan(res.recharge.amount)}，企业账户余额 ${yuan(res.balance)}`,
        );
        return 0;
      }
      case 'reject-recharge': {
        if (!ref) throw new UsageError('请指定充值单号或ID');
        if (!values.note) throw new UsageError('驳回需要说明原因（--note）');
        const r = await rejectRechargeByOperator(db, ref, { now, note: values.note });
        io.out(`充值单 ${r.recharge_no} 已驳回：${values.note}`);
        return 0;
      }
      case 'list-invoices': {
        const status = intOption(values.status, 'status', 1, 5);
        const limit = intOption(values.limit, 'limit', 1, 1000) ?? 50;
        const rows = await operatorInvoiceList(db, { status, limit });
        if (rows.length === 0) {
          io.out('没有开票申请');
          return 0;
        }
        io.out(['申请编号', 'ID', '组织', '发票抬头', '税号', '金额', '方式', '状态', '申请时间'].join('\t'));
        for (const r of rows) {
          io.out(
            [
              r.apply_no,
              r.id,
              r.tenant_name ?? `组织${r.tenant_id}`,
              r.title,
              r.tax_no,
              yuan(r.amount),
              SettleInvoiceModeLabel[Number(r.mode) as SettleInvoiceMode],
              SettleInvoiceStatusLabel[Number(r.status) as SettleInvoiceStatus],
              time(r.applied_at),
            ].join('\t'),
          );
        }
        io.out(`共 ${rows.length} 条`);
        return 0;
      }
      case 'show-invoice': {
        if (!ref) throw new UsageError('请指定申请编号或ID');
        const { invoice: i, orders, tenant_name } = await operatorInvoiceDetail(db, ref);
        io.out(
          `开票申请 ${i.apply_no}（ID ${i.id}）  状态：${SettleInvoiceStatusLabel[Number(i.status) as SettleInvoiceStatus]}`,
        );
        io.out(
          `  组织：${tenant_name || '-'}（ID ${i.tenant_id}）  申请人：${i.applicant_name}  申请时间：${time(i.applied_at)}`,
        );
        io.out(`  抬头：${i.title}  税号：${i.tax_no}`);
        io.out(`  地址电话：${i.address} ${i.phone}  开户行及账号：${i.bank_name} ${i.bank_account}`);
        io.out(
          `  方式：${SettleInvoiceModeLabel[Number(i.mode) as SettleInvoiceMode]}  金额：${yuan(i.amount)}（${i.order_count}笔订单）`,
        );
        if (Number(i.mode) === 2) io.out(`  邮寄：${i.receiver} ${i.receiver_phone} ${i.mail_address}`);
        if (i.email) io.out(`  邮箱：${i.email}`);
        if (i.remark) io.out(`  备注：${i.remark}`);
        for (const o of orders) io.out(`  订单：${o.order_no}  ${o.item_name}  ${yuan(o.amount)}`);
        if (Number(i.status) === 1)
          io.out(
            `开票后：npm run ops -- issue-invoice ${i.apply_no} --file 发票.pdf${Number(i.mode) === 2 ? ' --express SF --tracking 快递单号' : ''}`,
          );
        return 0;
      }
      case 'issue-invoice': {
        if (!ref) throw new UsageError('请指定申请编号或ID');
        if (!values.file) throw new UsageError('请用 --file 指定电子发票PDF文件');
        if (!opts.files) throw new Error('issue-invoice 需要文件存储（files）');
        const pdf = await readFile(values.file).catch(() => {
          throw new UsageError(`无法读取文件：${values.file}`);
        });
        const r = await issueInvoiceByOperator(db, opts.files, ref, {
          pdf,
          fileName: path.basename(values.file),
          invoiceNumber: values.number,
          expressCode: values.express,
          expressNo: values.tracking,
          now,
        });
        io.out(
          `开票申请 ${r.apply_no} 已${Number(r.status) === 3 ? '开票并寄出' : '开票'}（${yuan(r.amount)}），已通知申请人`,
        );
        return 0;
      }
      case 'reject-invoice': {
        if (!ref) throw new UsageError('请指定申请编号或ID');
        if (!values.note) throw new UsageError('驳回需要说明原因（--note）');
        const r = await rejectInvoiceByOperator(db, ref, values.note, now);
        io.out(`开票申请 ${r.apply_no} 已驳回：${values.note}`);
        return 0;
      }
      case 'return-invoice': {
        if (!ref) throw new UsageError('请指定申请编号或ID');
        if (!values.note) throw new UsageError('退回需要说明原因（--note）');
        const r = await returnInvoiceByOperator(db, ref, values.note, now);
        io.out(`开票申请 ${r.apply_no} 已退回：${values.note}`);
        return 0;
      }
      case 'set-tenant-mode': {
        const tenantId = intOption(ref, '组织ID', 1, Number.MAX_SAFE_INTEGER);
        if (tenantId === undefined) throw new UsageError('请指定组织ID');
        const patch: Partial<TenantMode> = {};
        if (values.ui !== undefined) {
          if (!(values.ui in UiTypeLabel))
            throw new UsageError('参数 --ui 应为 fee_control、welfare 或 shop_welfare');
          patch.ui_type = values.ui as TenantMode['ui_type'];
        }
        const payer = intOption(values.payer, 'payer', 0, 1);
        if (payer !== undefined) patch.orgcode_payer_type = payer as TenantMode['orgcode_payer_type'];
        if (Object.keys(patch).length === 0) throw new UsageError('请指定 --ui 或 --payer');
        const r = await setTenantModeByOperator(db, tenantId, patch, now);
        const show = (m: TenantMode) =>
          `${UiTypeLabel[m.ui_type]}（${m.ui_type}），${PayerTypeLabel[m.orgcode_payer_type]}`;
        io.out(`组织 ${r.name}（ID ${r.tenant_id}）`);
        io.out(`  原设置：${show(r.before)}`);
        io.out(`  新设置：${show(r.after)}`);
        io.out('  该组织成员重新登录或切换组织后生效');
        return 0;
      }
      case 'replay-orders': {
        if (!ref) throw new UsageError('请指定渠道编码');
        const file = positionals[2];
        if (!file) throw new UsageError('请指定要重放的文件（JSON Lines，每行一个请求体）');
        const tenantId = intOption(values.tenant, 'tenant', 1, Number.MAX_SAFE_INTEGER);
        return await replayOrders(db, io, {
          code: ref,
          file,
          tenantId,
          dryRun: values['dry-run'] === true,
          now,
        });
      }
      default:
        throw new UsageError(`未知命令：${command}`);
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`错误：${err instanceof UsageError ? err.message : '参数不正确'}`);
      io.err(USAGE);
      return 2;
    }
    if (err instanceof AppError) {
      io.err(`错误：${err.msg}${target ? `（${target}）` : ''}`);
      return 1;
    }
    throw err;
  }
}

async function main() {
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // The server's file storage (platform/services.ts): DATA_DIR/files.
  const files = new LocalFileStorage(
    path.join(config.dataDir, 'files'),
    new DownloadSigner(config.signingSecret),
  );
  try {
    process.exitCode = await runOps(
      process.argv.slice(2),
      handle.db,
      { out: (line) => console.log(line), err: (line) => console.error(line) },
      { files },
    );
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    console.error(
      /no such table|does not exist/.test(msg)
        ? '错误：数据库尚未初始化（请先启动一次服务完成数据库迁移），或 DATA_DIR / DATABASE_URL 指向了别的数据库'
        : `错误：执行失败：${msg}`,
    );
    process.exitCode = 1;
  } finally {
    await handle.destroy();
  }
}

// Run as a script (tsx src/ops.ts …); importing the module (tests) runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
