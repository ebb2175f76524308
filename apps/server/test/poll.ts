/**
 * Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`.
 * Tests of background work wait with this instead of fixed sleeps.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `等待超时：${opts.what ?? 'condition'}${last ? `（最后的错误：${String(last)}）` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 25));
  }
}

/** A promise with its resolve function, for handlers a test releases when it is ready. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
