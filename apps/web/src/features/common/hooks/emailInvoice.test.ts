import { describe, expect, it } from 'vitest';
import { anyPending, attachmentOutcome, limitTexts, mailResult } from './emailInvoice';

describe('results', () => {
  const mail = (status: number, failure_reason: string | null = null) => ({
    status,
    recognized_count: 2,
    failed_count: 1,
    failure_reason,
  });
  it('names each mail status the way a person reads it', () => {
    expect(mailResult(mail(1))).toEqual({ text: '识别中', color: 'processing' });
    expect(mailResult(mail(2))).toEqual({ text: '已导入 2 个附件', color: 'success' });
    expect(mailResult(mail(3))).toEqual({ text: '导入 2 个，失败 1 个', color: 'warning' });
    expect(mailResult(mail(4, '附件中没有识别到发票'))).toEqual({ text: '导入失败', color: 'error' });
    expect(mailResult(mail(4, '第1张发票：该发票已由员工乙于2026-11-25 15:54录入，不能重复录入'))).toEqual({
      text: '重复发票，已拒绝',
      color: 'warning',
    });
    expect(mailResult(mail(5)).text).toBe('没有发票附件');
  });

  it('tells an imported, a duplicate and a failed attachment apart; only refused ones can be retried', () => {
    expect(attachmentOutcome({ status: 2, reason: null, invoice_ids: [7] })).toEqual({
      kind: 'imported',
      text: '已导入 1 张发票',
      retry: false,
    });
    expect(attachmentOutcome({ status: 1, reason: null, invoice_ids: [] })).toMatchObject({
      kind: 'pending',
      retry: false,
    });
    const dup = '该发票已由员工乙于2026-11-25 08:00录入，不能重复录入';
    expect(attachmentOutcome({ status: 3, reason: dup, invoice_ids: [] })).toEqual({
      kind: 'duplicate',
      text: dup,
      retry: true,
    });
    expect(attachmentOutcome({ status: 3, reason: '附件中没有识别到发票', invoice_ids: [] })).toEqual({
      kind: 'failed',
      text: '附件中没有识别到发票',
      retry: true,
    });
    expect(attachmentOutcome({ status: 3, reason: null, invoice_ids: [] }).text).toBe('识别失败');
  });

  it('polls only while something is pending', () => {
    expect(anyPending([2, 1])).toBe(true);
    expect(anyPending([2, 4, 5])).toBe(false);
    expect(anyPending(undefined)).toBe(false);
  });

  it('states the receiver limits in MB', () => {
    expect(
      limitTexts({
        max_message_bytes: 25 * 1024 * 1024,
        max_attachments: 10,
        max_attachment_bytes: 10 * 1024 * 1024,
        max_total_attachment_bytes: 20 * 1024 * 1024,
        file_types: ['pdf', 'ofd', 'xml'],
      }),
    ).toEqual([
      '支持的附件：PDF、OFD、XML 格式的电子发票',
      '每封邮件不超过 25MB，最多 10 个附件',
      '单个附件不超过 10MB，附件合计不超过 20MB',
    ]);
  });
});
