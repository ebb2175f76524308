import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import { DEMO, DEMO_PASSWORD } from '../src/seed/demo.js';
import { MAX_INPUT_DEPTH, parseParams, refusalOf, trimStrings } from '../src/platform/input.js';
import {
  createSecurityApp,
  expectEnvelope,
  expectHealthy,
  prototypeKeys,
  type SecurityApp,
} from './security.kit.js';

const STAFF_LIST = '/org-arch-center/api/v1/users';
const STAFF_UPDATE = '/org-arch-center/api/v1/users:update';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: SecurityApp;
let token: string;
const baseline = prototypeKeys();
beforeAll(async () => {
  t = await createSecurityApp();
  token = await t.adminToken();
});
afterAll(async () => t?.close());

function expectRefused(res: Awaited<ReturnType<SecurityApp['inject']>>, key: RegExp) {
  expectEnvelope(res, res.body);
  expect(res.statusCode).toBe(400);
  expect(res.json().status).toBe(PlatformCode.validation);
  expect(res.json().msg).toMatch(key);
}

/** Everything the probe saw break: the server answers, logs in, lists with the default page size. */
async function expectUnpolluted() {
  expect(prototypeKeys()).toEqual(baseline);
  expect(({} as Record<string, unknown>)['x-fake-user']).toBeUndefined();
  await expectHealthy(t);
  const login = await t.inject({
    method: 'POST',
    url: '/auth-center/api/v1/users:login',
    payload: { phone: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(login.json().status, login.body).toBe(0);
  const list = await t.inject({ method: 'GET', url: STAFF_LIST, headers: { 'x-session-token': token } });
  expect(list.json().status, list.body).toBe(0);
  const rows = list.json().data.items;
  expect(rows.length).toBeGreaterThan(1);
  expect(list.json().data.page.page_size).toBe(20);
}

describe('prototype pollution through query strings and form bodies', () => {
  it('refuses __proto__ in a query string, without a session, and stays healthy', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz?__proto__[x-fake-user]=1' });
    expectRefused(res, /__proto__/);
    for (const url of [
      `${STAFF_LIST}?__proto__[keyword]=zzz`,
      `${STAFF_LIST}?constructor[prototype][keyword]=zz`,
      `${STAFF_LIST}?__proto__[page_size]=1`,
      `${STAFF_LIST}?a[__proto__][page_size]=1`,
      `${STAFF_LIST}?prototype=1`,
      `${STAFF_LIST}?%5F%5Fproto%5F%5F%5Bkeyword%5D=z`,
    ]) {
      // Refused before auth: the same answer with and without a session.
      expectRefused(await t.inject({ method: 'GET', url }), /__proto__|constructor|prototype/);
      expectRefused(
        await t.inject({ method: 'GET', url, headers: { 'x-session-token': token } }),
        /__proto__|constructor|prototype/,
      );
    }
    await expectUnpolluted();
  });

  it('refuses __proto__ in an unauthenticated form body (error-reports) and stays healthy', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/platform/api/v1/error-reports',
      headers: FORM,
      payload: '__proto__[x-fake-user]=1',
    });
    expectRefused(res, /__proto__/);
    await expectUnpolluted();
  });

  it('a __proto__[status] form body does not resign anyone on a later users:update of a name', async () => {
    const staff = await t.db
      .selectFrom('staff')
      .select(['id', 'status'])
      .where('tenant_id', '=', t.tenantId)
      .where('phone', '=', DEMO.staff)
      .executeTakeFirstOrThrow();
    expect(staff.status).toBe(1);
    expectRefused(
      await t.inject({
        method: 'POST',
        url: STAFF_UPDATE,
        headers: { ...FORM, 'x-session-token': token },
        payload: `__proto__[status]=2&id=${staff.id + 10_000}`,
      }),
      /__proto__/,
    );
    const res = await t.inject({
      method: 'POST',
      url: STAFF_UPDATE,
      headers: { 'x-session-token': token },
      payload: { id: staff.id, name: '员工丙改名' },
    });
    expect(res.json().status, res.body).toBe(0);
    const after = await t.db
      .selectFrom('staff')
      .select(['name', 'status'])
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ name: '员工丙改名', status: 1 });
    await expectUnpolluted();
  });

  it('refuses prototype keys in JSON bodies at any depth', async () => {
    for (const payload of [
      '{"__proto__":{"x-fake-user":"1"}}',
      '{"a":{"b":[{"__proto__":{"status":2}}]}}',
      '{"constructor":{"prototype":{"keyword":"zz"}}}',
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: '/platform/api/v1/error-reports',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectRefused(res, /__proto__|constructor/);
    }
    await expectUnpolluted();
  });
});

describe('parseParams and trimStrings', () => {
  it('keeps the bracket syntax: arrays, nested objects, repeated keys; objects have no prototype', () => {
    const q = parseParams('a[]=1&a[]=2&o[k]=v&o[n][m]=w&r=1&r=2&s=%20x%20&e[]=');
    expect(JSON.parse(JSON.stringify(q))).toEqual({
      a: ['1', '2'],
      o: { k: 'v', n: { m: 'w' } },
      r: ['1', '2'],
      s: ' x ',
      e: [''],
    });
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(Object.getPrototypeOf(q.o)).toBeNull();
    expect(refusalOf(q)).toBeUndefined();
    // A value and an object under one key: the object wins, nothing is written through the string.
    expect(JSON.parse(JSON.stringify(parseParams('a=1&a[b]=2')))).toEqual({ a: { b: '2' } });
  });

  it('marks prototype keys and over-deep key paths as refused', () => {
    for (const s of [
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      'a[b][__proto__]=1',
      'prototype=1',
      'a[ constructor ]=1',
    ])
      expect(refusalOf(parseParams(s))?.msg, s).toMatch(/不能包含/);
    const deep = `a${'[b]'.repeat(MAX_INPUT_DEPTH)}=1`;
    expect(refusalOf(parseParams(deep))?.msg).toBe('请求数据嵌套层级过深');
    expect(refusalOf(parseParams(`a${'[b]'.repeat(MAX_INPUT_DEPTH - 2)}=1`))).toBeUndefined();
  });

  it('trims deeply without recursion and refuses input deeper than the cap', () => {
    expect(trimStrings({ a: ' x ', b: [' y', { c: ' z ' }], n: 1, z: null })).toEqual({
      a: 'x',
      b: ['y', { c: 'z' }],
      n: 1,
      z: null,
    });
    // Keys named like Object.prototype's methods are plain own data (this suite freezes the prototype).
    const odd = trimStrings(JSON.parse('{"toString":[" a "],"valueOf":{"hasOwnProperty":" b "}}')) as any;
    expect(JSON.stringify(odd)).toBe('{"toString":["a"],"valueOf":{"hasOwnProperty":"b"}}');
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = i % 2 ? { a: deep } : [deep];
    expect(() => trimStrings(deep)).toThrow('请求数据嵌套层级过深');
  });
});
