import { describe, expect, it } from 'vitest';
import { amountOfCell, headerKey, periodOfCell } from './budgets.table.js';

describe('budget table cells (decision 0054)', () => {
  it('reads 期间 from a date cell, a day, a month, a quarter, a half or a year into the budget period', () => {
    expect(periodOfCell('46082', 2026, 'month')).toEqual({ period: '2026-03' }); // 2026-03-01 as a date cell
    expect(periodOfCell('46082', 2026, 'quarter')).toEqual({ period: '2026-Q1' });
    expect(periodOfCell('2026-03', 2026, 'month')).toEqual({ period: '2026-03' });
    expect(periodOfCell('2026/3/31', 2026, 'half')).toEqual({ period: '2026-H1' });
    expect(periodOfCell('2026年11月', 2026, 'month')).toEqual({ period: '2026-11' });
    expect(periodOfCell('202612', 2026, 'month')).toEqual({ period: '2026-12' });
    expect(periodOfCell('2026Q1', 2026, 'quarter')).toEqual({ period: '2026-Q1' });
    expect(periodOfCell('2026-Q4', 2026, 'half')).toEqual({ period: '2026-H2' });
    expect(periodOfCell('2026年第2季度', 2026, 'quarter')).toEqual({ period: '2026-Q2' });
    expect(periodOfCell('2026-H2', 2026, 'half')).toEqual({ period: '2026-H2' });
    expect(periodOfCell('2026年下半年', 2026, 'year')).toEqual({ period: '2026' });
    expect(periodOfCell('2026', 2026, 'year')).toEqual({ period: '2026' });
  });
  it('refuses with a Chinese reason', () => {
    expect(periodOfCell('', 2026, 'month')).toEqual({ error: '期间不能为空' });
    expect(periodOfCell('下个月', 2026, 'month')).toEqual({
      error: '期间「下个月」无法识别，请填写日期或如2026-03的期间',
    });
    expect(periodOfCell('2026-13', 2026, 'month')).toMatchObject({
      error: expect.stringContaining('无法识别'),
    });
    expect(periodOfCell('2026-02-30', 2026, 'month')).toMatchObject({
      error: expect.stringContaining('无法识别'),
    });
    expect(periodOfCell('2026Q1', 2026, 'month')).toEqual({ error: '月度预算的期间须细到月度（如2026-03）' });
    expect(periodOfCell('2026', 2026, 'quarter')).toEqual({ error: '季度预算的期间须细到季度（如2026-Q1）' });
    expect(periodOfCell('2027-01', 2026, 'month')).toEqual({ error: '期间「2027-01」不在预算年度2026年内' });
    expect(periodOfCell('60', 2026, 'month')).toMatchObject({ error: expect.stringContaining('无法识别') });
  });
  it('reads 预算金额(元) into 分: empty is not budgeted; negative, three decimals and text are refused', () => {
    expect(amountOfCell('1234.5')).toEqual({ amount: 123450 });
    expect(amountOfCell('1,000.01')).toEqual({ amount: 100001 });
    expect(amountOfCell('0')).toEqual({ amount: 0 });
    expect(amountOfCell('')).toEqual({ amount: null });
    expect(amountOfCell('-1')).toEqual({ error: '预算金额不能为负数' });
    expect(amountOfCell('1.005')).toEqual({ error: '预算金额最多两位小数' });
    expect(amountOfCell('十万')).toEqual({ error: '预算金额「十万」不是数字' });
  });
  it('matches headers whatever the brackets and spaces', () => {
    expect(headerKey(' 预算金额（元） ')).toBe('预算金额(元)');
  });
});
