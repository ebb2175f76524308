import net from 'node:net';
import { envelopeOf, PlatformCode } from '@feikong/contracts';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { PUBLIC } from '../context.js';
import { ok } from '../envelope.js';
import { PgBossJobQueue } from '../jobs/pgboss.js';
import { openDatabase } from './database.js';
import { DATABASE_UNAVAILABLE_MSG, isDatabaseUnavailable } from './unavailable.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises lost and refused connections', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('ECONNRESET', 'read ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]), {}),
      new Error('任务失败', { cause: pgError('57P01', 'terminating connection') }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it('leaves statement errors and everything else alone', () => {
    for (const err of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation "nope" does not exist'),
      pgError('SQLITE_BUSY', 'database is locked'),
      new Error('boom'),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});

describe('the error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: [
        (app) => {
          const opts = {
            config: { permission: PUBLIC },
            schema: { response: { 200: envelopeOf(z.number()) } },
          };
          app.get('/platform/api/v1/probe/db-gone', opts, () => {
            throw pgError('57P01', 'terminating connection due to administrator command');
          });
          app.get('/platform/api/v1/probe/boom', opts, () => {
            throw new Error('boom');
          });
          app.get('/platform/api/v1/probe/fine', opts, () => ok(1));
        },
      ],
    });
  });
  afterAll(async () => t?.close());

  it('answers a lost database connection with a 503 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/probe/db-gone' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      status: PlatformCode.serviceUnavailable,
      msg: DATABASE_UNAVAILABLE_MSG,
      data: null,
    });
  });

  it('still answers other failures with the generic 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().status).toBe(PlatformCode.internal);
  });
});

describe('a PostgreSQL server that refuses connections', () => {
  // A port that was just free: connecting to it is refused at once.
  let url: string;
  beforeAll(async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    url = `postgres://postgres@127.0.0.1:${port}/feikong`;
  });

  it('makes /healthz and API requests answer 503 envelopes, and the process stays up', async () => {
    const handle = openDatabase({ databaseUrl: url });
    const app = await buildApp({
      config: testConfig({ jobWorker: false }),
      db: handle.db,
      dialect: handle.dialect,
    });
    await app.ready();
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: PlatformCode.serviceUnavailable,
        msg: DATABASE_UNAVAILABLE_MSG,
        data: { env: 'test', dialect: 'postgres' },
      });
      // The auth hook's session lookup is the first statement of a signed-in request.
      const list = await app.inject({
        method: 'GET',
        url: '/org-arch-center/api/v1/departments:list',
        headers: { 'x-session-token': 'a'.repeat(32) },
      });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toMatchObject({ status: PlatformCode.serviceUnavailable, data: null });
    } finally {
      await app.close();
      await handle.destroy();
    }
  });

  it('fails the job queue start with the connection error instead of an unhandled event', async () => {
    const handle = openDatabase({ databaseUrl: url });
    const queue = new PgBossJobQueue(handle.db, { schema: 'pgboss_unreachable' });
    try {
      const started = queue.start();
      await expect(started).rejects.toSatisfy(isDatabaseUnavailable);
      await queue.stop();
    } finally {
      await handle.destroy();
    }
  });
});
