import { vi } from 'vitest';

/** Test helpers for the request layer: a stubbed global fetch and reply builders. */

export function jsonReply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function ok<T>(data: T): Response {
  return jsonReply({ status: 0, msg: 'ok', data });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces global fetch; returns the mock so tests can read the calls. Like the real fetch, a call
 * whose signal was aborted before the reply arrives rejects with an AbortError.
 */
export function stubFetch(handler: Handler) {
  const fn = vi.fn((url: string, init: RequestInit) =>
    Promise.resolve().then(() => {
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return handler(url, init);
    }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A fetch that never answers but honours its abort signal, like the real one. */
export function stubHangingFetch() {
  const fn = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/** Query parameters of a called URL (decoded). */
export function queryOf(url: string): URLSearchParams {
  return new URL(url, 'http://localhost').searchParams;
}
