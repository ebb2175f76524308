import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Bounded outbound HTTP to a tenant's external budget system (decision 0056). A tenant types the address, so:
 * - http/https only, no credentials in the URL, no redirects followed (a 3xx is an answer, not a hop);
 * - a deadline over the whole exchange (connect, send, receive) and a cap on the response bytes (the socket is
 *   dropped past it);
 * - unless the deployment allows it (INTEGRATION_ALLOW_PRIVATE=1; tests and on-premise installs), addresses
 *   that are loopback, private, link-local (cloud metadata 169.254.169.254), CGNAT, multicast or unspecified
 *   are refused — checked on the address actually connected to (the DNS lookup is ours), so a name that
 *   resolves to an inside address, or re-resolves to one later, is refused too.
 */
export interface OutboundLimits {
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
}
export interface OutboundReply {
  status: number;
  body: string;
}
/** A failure before an HTTP answer, with the reason in Chinese. */
export class OutboundError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundError';
  }
}

function v4Private(a: string): boolean {
  const [x, y] = a.split('.').map(Number) as [number, number];
  return (
    x === 0 ||
    x === 10 ||
    x === 127 ||
    (x === 100 && y >= 64 && y <= 127) ||
    (x === 169 && y === 254) ||
    (x === 172 && y >= 16 && y <= 31) ||
    (x === 192 && y === 168) ||
    (x === 198 && (y === 18 || y === 19)) ||
    x >= 224
  );
}
/** Whether an IP address is one the outbound calls may not reach by default. */
export function isInsideAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (net.isIPv4(a)) return v4Private(a);
  if (!net.isIPv6(a)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return v4Private(mapped[1]!);
  return (
    a === '::' ||
    a === '::1' ||
    a.startsWith('fc') ||
    a.startsWith('fd') ||
    /^fe[89ab]/.test(a) ||
    a.startsWith('ff') ||
    a.startsWith('::ffff:')
  );
}

const BLOCKED = '不允许访问内网或本机地址';

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isInsideAddress(a.address)))
      return callback(new OutboundError(BLOCKED) as NodeJS.ErrnoException, '', 4);
    if ((options as dns.LookupAllOptions).all) return (callback as any)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export function outbound(
  url: URL,
  req: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  limits: OutboundLimits,
): Promise<OutboundReply> {
  return new Promise((resolve, reject) => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return reject(new OutboundError('仅支持http或https地址'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!limits.allowPrivate && net.isIP(host) && isInsideAddress(host))
      return reject(new OutboundError(BLOCKED));
    let done = false;
    const finish = (err: Error | null, reply?: OutboundReply) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(err instanceof OutboundError ? err : new OutboundError(reasonOf(err)));
      else resolve(reply!);
    };
    const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
    const r = (url.protocol === 'https:' ? https : http).request(url, {
      method: req.method,
      headers: {
        ...req.headers,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
      },
      agent: false,
      ...(limits.allowPrivate ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => {
      finish(new OutboundError(`连接超时（${Math.round(limits.timeoutMs / 1000)}秒）`));
      r.destroy();
    }, limits.timeoutMs);
    r.on('error', (err) => finish(err));
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limits.maxBytes) {
          finish(new OutboundError(`响应超过${Math.round(limits.maxBytes / 1024)}KB`));
          res.destroy();
          r.destroy();
          return;
        }
        chunks.push(c);
      });
      res.on('error', (err) => finish(err));
      res.on('end', () =>
        finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    r.end(body);
  });
}

function reasonOf(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (err instanceof OutboundError) return err.reason;
  if (code === 'ECONNREFUSED') return '无法连接：对方拒绝连接';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '无法连接：域名无法解析';
  if (code === 'ECONNRESET') return '连接被对方中断';
  if (code === 'CERT_HAS_EXPIRED' || code?.startsWith('ERR_TLS') || code?.includes('CERT'))
    return '无法连接：证书校验失败';
  return '无法连接外部系统';
}

/** JSON of a reply body, or null when it is none. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
