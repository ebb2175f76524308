import { describe, expect, it } from 'vitest';
import { NOTIFY_BADGE_MAX } from '@feikong/contracts';
import {
  badgeText,
  nearBottom,
  nextPageOf,
  notificationTarget,
  parseExtParams,
  reconnectDelay,
  RECONNECT_MAX_MS,
} from './rules';

describe('badge (spec §2.5, §9: capped at 99)', () => {
  it('shows nothing at 0 or less, the number up to 99, then 99+', () => {
    expect(NOTIFY_BADGE_MAX).toBe(99);
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(null)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});

describe('live badge reconnect backoff', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelay(5)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(500)).toBe(RECONNECT_MAX_MS);
  });
});

describe('ext_params (spec §3: a JSON string)', () => {
  it('reads an object and ignores anything else', () => {
    expect(parseExtParams('{"taskId":7}')).toEqual({ taskId: 7 });
    expect(parseExtParams('not json')).toEqual({});
    expect(parseExtParams('[1,2]')).toEqual({});
    expect(parseExtParams('')).toEqual({});
    expect(parseExtParams(null)).toEqual({});
  });
});

describe('where a click on a notification goes', () => {
  const all = () => true;
  const only =
    (...paths: string[]) =>
    (p: string) =>
      paths.includes(p);
  const n = (action_code: number, ext: unknown = {}) => ({
    id: 9,
    action_code,
    ext_params: JSON.stringify(ext),
  });

  it('a finished task opens the download centre when that route exists', () => {
    expect(notificationTarget(n(301, { taskId: 3 }), all)).toBe('/downloadcenter?taskId=3');
    expect(notificationTarget(n(301), all)).toBe('/downloadcenter');
  });
  it('a task without the download centre opens the notice detail', () => {
    expect(notificationTarget(n(301, { taskId: 3 }), only('/home/noticeDetail'))).toBe(
      '/home/noticeDetail?id=9',
    );
  });
  it('an order opens 订单记录 with its detail when the user has it, else the notice detail', () => {
    expect(notificationTarget(n(401, { order_id: 5 }), all)).toBe(
      '/setcenter/rightRecharge/tenantOrder?order_id=5',
    );
    expect(notificationTarget(n(401, { order_id: 5 }), only('/home/noticeDetail'))).toBe(
      '/home/noticeDetail?id=9',
    );
  });
  it('a 开票申请 opens its 开票详情 when the user has it, else the notice detail', () => {
    expect(notificationTarget(n(402, { id: 6 }), all)).toBe(
      '/setcenter/rightRecharge/tenantInvoiceDetail?invoice_id=6',
    );
    expect(notificationTarget(n(402, { id: 6 }), only('/home/noticeDetail'))).toBe('/home/noticeDetail?id=9');
  });
  it('a form (an approval notice) opens its document; without 单据详情 or a bid, the notice detail', () => {
    expect(notificationTarget(n(201, { bid: 12 }), all)).toBe('/bill/detail?id=12');
    expect(notificationTarget(n(201, { id: 7 }), all)).toBe('/bill/detail?id=7');
    expect(notificationTarget(n(201, { bid: 12 }), only('/home/noticeDetail'))).toBe(
      '/home/noticeDetail?id=9',
    );
    expect(notificationTarget(n(201), all)).toBe('/home/noticeDetail?id=9');
  });
  it('a system notice opens the notice detail; nothing when even that is missing', () => {
    expect(notificationTarget(n(101), all)).toBe('/home/noticeDetail?id=9');
    expect(notificationTarget(n(101), only())).toBeNull();
  });
});

describe('infinite list paging (page size 10)', () => {
  it('has a next page while fewer than total were fetched', () => {
    expect(nextPageOf({ page_num: 1, page_size: 10, total: 25 })).toBe(2);
    expect(nextPageOf({ page_num: 3, page_size: 10, total: 25 })).toBeUndefined();
    expect(nextPageOf({ page_num: 1, page_size: 10, total: 10 })).toBeUndefined();
  });
  it('loads more near the bottom only', () => {
    expect(nearBottom({ scrollTop: 0, clientHeight: 360, scrollHeight: 1000 })).toBe(false);
    expect(nearBottom({ scrollTop: 600, clientHeight: 360, scrollHeight: 1000 })).toBe(true);
  });
});
