import { useCallback, useEffect, useState } from 'react';

/** Seconds before a new SMS code may be requested (the server answers its own resend_in). */
export const SMS_RESEND_SECONDS = 60;

/**
 * A seconds countdown read from the clock (not from the number of ticks), so a busy tab or a
 * throttled timer never makes it run slow. `start(60)` → left 60, 59, … 0.
 */
export function useCountdown() {
  const [endAt, setEndAt] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (endAt === 0) return;
    const tick = () => {
      const rest = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) setEndAt(0);
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number = SMS_RESEND_SECONDS) => {
    setLeft(seconds);
    setEndAt(Date.now() + seconds * 1000);
  }, []);
  const stop = useCallback(() => {
    setLeft(0);
    setEndAt(0);
  }, []);

  return { left, running: left > 0, start, stop };
}

/** The send button's text: 获取验证码, then 重新发送(59s) while counting, then 重新发送. */
export function smsButtonText(left: number, sentOnce: boolean): string {
  if (left > 0) return `重新发送(${left}s)`;
  return sentOnce ? '重新发送' : '获取验证码';
}
