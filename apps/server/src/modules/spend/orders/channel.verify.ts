import { CHANNEL_CLOCK_SKEW_MS, CHANNEL_HEADERS } from '@feikong/contracts';
import type { Db } from '../../../platform/db/database.js';
import { signatureMatches, signatureOf } from './channel.sign.js';
import type { IntakeChannel } from './intake.service.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { orderErrors } from './orders.errors.js';
import * as repo from './orders.repo.js';

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v : '';
};

let sincePurge = 0;

/**
 * Checks a channel request before its body is validated: the app id names an enabled channel, the signature
 * is the channel key's HMAC (compared in constant time), the timestamp is within ±5 minutes, and the nonce
 * was never used by the channel (inserted under a unique key, so of two racing replays one passes).
 */
export async function verifyChannelRequest(
  db: Db,
  req: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  rawBody: string,
  now: number,
): Promise<IntakeChannel> {
  const appId = header(req.headers, CHANNEL_HEADERS.appId);
  const ts = header(req.headers, CHANNEL_HEADERS.timestamp);
  const nonce = header(req.headers, CHANNEL_HEADERS.nonce);
  const signature = header(req.headers, CHANNEL_HEADERS.signature);
  if (!appId || appId.length > 40 || !/^\d{1,16}$/.test(ts) || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce))
    throw orderErrors.badSignature();
  const channel = await repo.channelByAppId(db, appId);
  if (!channel) throw orderErrors.badSignature();
  const path = req.url.split('?')[0]!;
  if (!signatureMatches(signatureOf(channel.secret_key, ts, nonce, req.method, path, rawBody), signature))
    throw orderErrors.badSignature();
  if (Number(channel.enabled) !== 1) throw orderErrors.channelDisabled();
  const at = Number(ts);
  if (Math.abs(now - at) > CHANNEL_CLOCK_SKEW_MS) throw orderErrors.staleTimestamp();
  const tenantId = Number(channel.tenant_id);
  try {
    await repo.insertNonce(db, tenantId, Number(channel.id), nonce, at + CHANNEL_CLOCK_SKEW_MS + 1000);
  } catch (err) {
    if (isUniqueViolation(err)) throw orderErrors.replayedNonce();
    throw err;
  }
  if (++sincePurge >= 1000) {
    sincePurge = 0;
    await repo.purgeNonces(db, now - CHANNEL_CLOCK_SKEW_MS);
  }
  return { id: Number(channel.id), tenantId, source: Number(channel.source) };
}
