import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHANNEL_HEADERS } from '@feikong/contracts';

/**
 * The channel intake's signature (decision 0043): hex HMAC-SHA256 with the channel's secret key over
 * `${timestamp}\n${nonce}\n${METHOD}\n${path}\n${hex sha256 of the raw body}`. The path is the request's
 * path without its query string. Pure functions: the intake, the tests, the bench and the replay command
 * use the same ones.
 */
export function bodyHash(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

export function signatureOf(
  key: string,
  ts: string,
  nonce: string,
  method: string,
  path: string,
  body: string | Buffer,
) {
  return createHmac('sha256', key)
    .update(`${ts}\n${nonce}\n${method.toUpperCase()}\n${path}\n${bodyHash(body)}`)
    .digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expected: string, received: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(received)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(received.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The headers a channel sends with `body` (a client's side: tests, bench, the replay command, the seed). */
export function signedHeaders(
  channel: { appId: string; secretKey: string },
  method: string,
  path: string,
  body: string,
  now = Date.now(),
  nonce = randomBytes(12).toString('hex'),
): Record<string, string> {
  const ts = String(now);
  return {
    'content-type': 'application/json',
    [CHANNEL_HEADERS.appId]: channel.appId,
    [CHANNEL_HEADERS.timestamp]: ts,
    [CHANNEL_HEADERS.nonce]: nonce,
    [CHANNEL_HEADERS.signature]: signatureOf(channel.secretKey, ts, nonce, method, path, body),
  };
}

/** A new channel's public id and secret key. */
export function newChannelCredentials() {
  return { appId: `fk_${randomBytes(10).toString('hex')}`, secretKey: randomBytes(32).toString('base64url') };
}
