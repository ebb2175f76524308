import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { smsButtonText, useCountdown } from './useCountdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts 60 → 0 by the clock', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(60));
    expect(result.current.left).toBe(60);
    expect(result.current.running).toBe(true);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => void vi.advanceTimersByTime(29_000));
    expect(result.current.left).toBe(30);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(result.current.left).toBe(0);
    expect(result.current.running).toBe(false);
  });

  it('stop ends it at once and start can run again', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => result.current.stop());
    expect(result.current.left).toBe(0);
    act(() => result.current.start(5));
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current.left).toBe(3);
  });
});

describe('smsButtonText', () => {
  it('获取验证码, then 重新发送(59s), then 重新发送', () => {
    expect(smsButtonText(0, false)).toBe('获取验证码');
    expect(smsButtonText(59, true)).toBe('重新发送(59s)');
    expect(smsButtonText(0, true)).toBe('重新发送');
  });
});
