import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantCaller } from '../../platform/context.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { sniffContent, type SniffedKind } from '../../platform/storage/sniff.js';
import { findOrder } from './orders.repo.js';
import {
  countDrafts,
  deleteDraftReceipt,
  findReceipt,
  insertReceipt,
  type ReceiptRow,
} from './receipts.repo.js';
import type { RightsDeps } from './rights.deps.js';
import {
  OrderStatus,
  RECEIPT_EXTENSIONS,
  RECEIPT_LINK_EXPIRES_S,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_DRAFTS,
  rightsErrors,
} from './rights.errors.js';

/**
 * Bank-transfer receipts (转账凭证). The tenant uploads each file first (POST
 * tenant/order/bank-pay/receipt:upload: checked, stored, recorded as not yet submitted), then names
 * 1–3 of them when submitting the transfer (PUT tenant/order/bank-pay:confirm, orders.service.ts),
 * which makes them the order's in the same transaction. Files live under
 * `receipts/<tenantId>/<orderId>/` in the file storage; the client only ever sees signed,
 * expiring download links.
 */

/** The receipt's real format from its content (platform sniffing), or null when it is none of JPG, PNG, PDF. */
export function sniffReceipt(head: Buffer): { contentType: string; ext: string } | null {
  const hit = sniffContent(head);
  return hit && RECEIPT_KINDS.has(hit.kind) ? { contentType: hit.contentType, ext: hit.ext } : null;
}

/** Formats a receipt may have, recognised by their bytes (never by the name or the client's type). */
const RECEIPT_KINDS = new Set<SniffedKind>(['jpg', 'png', 'pdf']);

/** The user's file name without any path or control characters, at most 100 characters. */
export function cleanReceiptName(raw: string, ext: string): string {
  let name = raw.split(/[\\/]/).pop() ?? '';
  name = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || ':*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim();
  if (name === '' || name === '.' || name === '..') name = `转账凭证${ext}`;
  if (name.length > 100) {
    const own = path.extname(name).slice(0, 10);
    name = name.slice(0, 100 - own.length) + own;
  }
  return name;
}

/** A receipt as the client sees it: a signed link instead of the storage key. */
export function receiptView(r: ReceiptRow, storage: FileStorage) {
  return {
    id: Number(r.id),
    file_name: r.file_name,
    content_type: r.content_type,
    size: Number(r.size),
    uploaded_at: Number(r.uploaded_at),
    url: storage.signDownload(r.file_key, { fileName: r.file_name, expiresInS: RECEIPT_LINK_EXPIRES_S }),
  };
}
export type ReceiptView = ReturnType<typeof receiptView>;

const OPEN: number[] = [OrderStatus.pending, OrderStatus.paid];
/** Drafts older than this no longer count against RECEIPT_MAX_DRAFTS (they go at the next submission). */
const DRAFT_WINDOW_MS = 24 * 3600_000;

/**
 * POST tenant/order/bank-pay/receipt:upload: one file for an order of the caller's tenant that is
 * still open (待支付, or 已付款待确认 to correct the transfer). Either the file and its row are both
 * saved, or neither.
 */
export async function uploadReceipt(
  d: RightsDeps,
  caller: TenantCaller,
  input: { orderId: number; fileName: string; content: Buffer },
): Promise<ReceiptView> {
  const now = d.clock();
  const o = await findOrder(d.db, caller.tenantId, input.orderId);
  if (!o) throw rightsErrors.orderNotFound();
  if (!OPEN.includes(Number(o.status))) throw rightsErrors.orderStatus(Number(o.status), '上传转账凭证');

  const ext = path.extname(input.fileName).toLowerCase();
  if (!(RECEIPT_EXTENSIONS as readonly string[]).includes(ext)) throw rightsErrors.receiptType();
  if (input.content.length === 0) throw rightsErrors.receiptEmpty();
  if (input.content.length > RECEIPT_MAX_BYTES) throw rightsErrors.receiptTooLarge();
  const kind = sniffReceipt(input.content);
  if (!kind) throw rightsErrors.receiptType();
  if ((await countDrafts(d.db, caller.tenantId, o.id, now - DRAFT_WINDOW_MS)) >= RECEIPT_MAX_DRAFTS) {
    throw rightsErrors.receiptDraftsFull();
  }

  const key = `receipts/${caller.tenantId}/${o.id}/${randomUUID()}${kind.ext}`;
  await d.storage.put(key, input.content, { contentType: kind.contentType });
  try {
    const row = {
      order_id: o.id,
      file_key: key,
      file_name: cleanReceiptName(input.fileName, kind.ext),
      content_type: kind.contentType,
      size: input.content.length,
      uploaded_by: caller.staffId,
      uploaded_at: now,
      submitted_at: null,
    };
    const id = await insertReceipt(d.db, caller.tenantId, row);
    return receiptView({ ...row, id, tenant_id: caller.tenantId }, d.storage);
  } catch (err) {
    await d.storage.delete(key);
    throw err;
  }
}

/**
 * POST tenant/order/bank-pay/receipt:delete: removes an uploaded receipt that has not been submitted
 * yet. A submitted one stays until the tenant submits the transfer again with other receipts.
 */
export async function deleteReceipt(d: RightsDeps, caller: TenantCaller, id: number): Promise<null> {
  const r = await findReceipt(d.db, caller.tenantId, id);
  if (!r) throw rightsErrors.receiptNotFound();
  if (r.submitted_at !== null) throw rightsErrors.receiptSubmitted();
  if (!(await deleteDraftReceipt(d.db, caller.tenantId, r.id))) {
    // Submitted (or deleted) by a concurrent request in between.
    const latest = await findReceipt(d.db, caller.tenantId, r.id);
    if (latest) throw rightsErrors.receiptSubmitted();
    return null;
  }
  await d.storage.delete(r.file_key);
  return null;
}

/** Removes files whose rows are gone (after the transaction that deleted them has committed). */
export async function removeReceiptFiles(
  storage: Pick<FileStorage, 'delete'>,
  keys: string[],
  log?: FastifyBaseLogger,
) {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      // The rows are gone; a file left behind costs space, not correctness.
      log?.warn({ err, key }, '转账凭证文件删除失败');
    }
  }
}
