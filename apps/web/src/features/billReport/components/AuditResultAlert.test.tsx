import '@/test/layoutDom';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditResultAlert } from './AuditResultAlert';

afterEach(cleanup);

const hit = (ruleId: number, action: string, message: string, detail: string) => ({
  ruleId,
  ruleName: `规则${ruleId}`,
  ruleKind: 'billTotal',
  action,
  message,
  detail,
});

describe('AuditResultAlert', () => {
  it('lists blocks and warnings with the rule message and what hit it', () => {
    render(
      <AuditResultAlert
        result={{
          blocks: [hit(1, 'block', '住宿费超过标准', '第1条费用（住宿费）金额¥650.00，超过标准¥600.00')],
          warnings: [hit(2, 'warn', '单据金额较大，请确认', '单据金额¥900.00，超过上限¥500.00')],
          flags: [],
        }}
      />,
    );
    expect(screen.getByText('不能提交：1条规则禁止提交')).toBeTruthy();
    expect(screen.getByText('请确认：1条规则提示')).toBeTruthy();
    expect(screen.getByText('住宿费超过标准')).toBeTruthy();
    expect(screen.getByText('规则1：第1条费用（住宿费）金额¥650.00，超过标准¥600.00')).toBeTruthy();
    expect(screen.getByText('规则2：单据金额¥900.00，超过上限¥500.00')).toBeTruthy();
  });

  it('shows nothing for a clean document or before the check', () => {
    const { container, rerender } = render(
      <AuditResultAlert result={{ blocks: [], warnings: [], flags: [] }} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<AuditResultAlert result={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
