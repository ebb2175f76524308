import type { InjectOptions } from 'fastify';
import { LoginReply } from '@feikong/contracts';
import { buildApp } from '../../app.js';
import { testConfig, type Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { SmsSender } from '../../platform/sms.js';
import { createMigratedTestDatabase } from '../../../test/harness.js';

/**
 * Test helpers of the auth module (used by its *.test.ts only): the app with a clock the test
 * moves, every reply recorded (for the leak scan), and shortcuts for the calls most tests make.
 */
export const AUTH = '/auth-center/api/v1';

export async function createAuthTestApp(opts: { config?: Partial<Config>; sms?: SmsSender } = {}) {
  const handle = await createMigratedTestDatabase();
  const clock = { now: Date.now() };
  const config = testConfig(opts.config);
  const app = await buildApp({
    config,
    db: handle.db,
    dialect: handle.dialect,
    clock: () => clock.now,
    ...(opts.sms ? { sms: opts.sms } : {}),
  });
  await app.ready();
  const replies: string[] = [];

  const inject = async (o: InjectOptions) => {
    const res = await app.inject(o);
    replies.push(res.body);
    return res;
  };
  const headers = (token?: string) => (token ? { 'x-session-token': token } : {});
  const post = (path: string, payload?: unknown, token?: string, ip = '127.0.0.1') =>
    inject({
      method: 'POST',
      url: `${AUTH}/${path}`,
      headers: headers(token),
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const put = (path: string, payload: unknown, token?: string) =>
    inject({ method: 'PUT', url: `${AUTH}/${path}`, headers: headers(token), payload: payload as object });
  const get = (path: string, token?: string, ip = '127.0.0.1') =>
    inject({ method: 'GET', url: `${AUTH}/${path}`, headers: headers(token), remoteAddress: ip });

  /** Sends an SMS code and reads it back from the outbox, as a person reads their phone. */
  const smsCode = async (phone: string, type = 'login', ip = '127.0.0.1') => {
    const res = await post('users:login/phone/send', { phone, type }, undefined, ip);
    if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
    return lastSmsCode(handle.db, phone);
  };

  /** Password login that must succeed; answers the reply data, checked against the contract. */
  const login = async (phone: string, password: string, extra: Record<string, unknown> = {}) => {
    const res = await post('users:login', { phone, password, ...extra });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return LoginReply.parse(res.json().data);
  };

  return {
    app,
    db: handle.db,
    dialect: handle.dialect,
    config,
    clock,
    replies,
    inject,
    post,
    put,
    get,
    smsCode,
    login,
    close: async () => {
      await app.close();
      await handle.cleanup();
    },
  };
}

export type AuthTestApp = Awaited<ReturnType<typeof createAuthTestApp>>;

export async function lastSmsCode(db: Db, phone: string): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('content')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const m = /验证码为(\d{6})/.exec(row.content);
  if (!m) throw new Error(`no code in: ${row.content}`);
  return m[1];
}

export const PASSWORD = 'Passw0rd!x';
