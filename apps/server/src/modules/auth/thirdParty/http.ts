import { ThirdPartyError } from './types.js';

/**
 * JSON over HTTP for the adapters. Answers the parsed body, also for 4xx/5xx replies (the platforms
 * put their error code and message in the body); throws ThirdPartyError when nothing usable came back.
 */
export async function callJson(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; timeoutMs: number },
): Promise<Record<string, any>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    const timeout = (err as Error)?.name === 'TimeoutError';
    throw new ThirdPartyError(timeout ? '平台响应超时' : '无法连接平台');
  }
  const text = await res.text();
  try {
    const body = JSON.parse(text);
    if (body && typeof body === 'object') return body;
  } catch {
    // fall through
  }
  throw new ThirdPartyError(`平台返回了无法识别的内容（HTTP ${res.status}）`);
}

/** `base` (which may carry a path prefix) + `path`, with the query parameters encoded. */
export function withQuery(base: string, path: string, query: Record<string, string>): string {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

/** errcode-style platforms (DingTalk oapi, WeCom): 0 is success, anything else an error with errmsg. */
export function expectErrcodeOk(body: Record<string, any>): Record<string, any> {
  const code = body.errcode ?? 0;
  if (Number(code) !== 0) throw new ThirdPartyError(String(body.errmsg || `错误码 ${code}`));
  return body;
}
