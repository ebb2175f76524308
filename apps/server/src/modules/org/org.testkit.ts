import { OrgIdReply, OrgStaffCreated } from '@feikong/contracts';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from '../../../test/harness.js';
import { makeStaff, makeTenant } from '../../../test/factories.js';

/** Test helpers of the org module's API tests (not a test file itself). */

export const BASE = '/org-arch-center/api/v1';

export interface Req {
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

export function client(t: TestApp, token: string) {
  return async (method: string, path: string, req: Req = {}) => {
    const qs = req.query
      ? '?' +
        Object.entries(req.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
          .join('&')
      : '';
    const res = await t.app.inject({
      method: method as 'GET',
      url: `${BASE}/${path}${qs}`,
      headers: { 'x-session-token': token, ...req.headers },
      ...(req.body !== undefined ? { payload: req.body as object } : {}),
    });
    let body: { status: number; msg: string; data: any };
    try {
      body = res.json();
    } catch {
      body = { status: -1, msg: '', data: null };
    }
    return { status: res.statusCode, body, raw: res };
  };
}
export type Client = ReturnType<typeof client>;

/** Expects status 0 and returns data. */
export async function okData(
  p: Promise<{ status: number; body: { status: number; msg: string; data: any } }>,
) {
  const r = await p;
  if (r.status !== 200 || r.body.status !== 0)
    throw new Error(`expected success, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/**
 * Expects status 0 and data of the contract's shape, typed from it: the data parses with the schema
 * and nothing is left over (a parse drops undeclared fields), so a reply and its contract agree.
 */
export async function okReply<T extends z.ZodType>(
  schema: T,
  p: Promise<{ status: number; body: { status: number; msg: string; data: any } }>,
): Promise<z.infer<T>> {
  const data: unknown = await okData(p);
  const parsed = schema.parse(data);
  expect(parsed).toEqual(data);
  return parsed;
}

const TENANT_TABLES = [
  'organizations',
  'departments',
  'staff',
  'staff_departments',
  'job_grades',
  'job_positions',
  'titles',
  'org_accounts',
  'org_addresses',
  'user_groups',
  'user_group_members',
  'city_groups',
  'city_group_cities',
  'operation_logs',
  'staff_phone_records',
  'third_user_sync_conflicts',
] as const;

/** Every org-owned row of a tenant, as text: equal before and after means nothing changed. */
export async function dumpTenant(t: TestApp, tenantId: number): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const table of TENANT_TABLES) {
    const rows = await t.db
      .selectFrom(table as 'titles')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const sessions = await t.db
    .selectFrom('sessions')
    .select(['id', 'revoked_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  out.sessions = sessions;
  const users = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  out.users = [Number(users.n)];
  return JSON.stringify(out);
}

/**
 * A tenant with a company, a department, an admin ('*'), a staff member, a grade, a job, a title,
 * an account, an address, a city group and a pending sync conflict, all made through the API.
 */
export async function orgFixture(t: TestApp) {
  const { tenantId, companyId, deptId } = await makeTenant(t.db);
  const admin = await makeStaff(t.db, tenantId, ['*']);
  const api = client(t, admin.token);
  const created = (path: string, body: unknown) => okReply(OrgIdReply, api('POST', path, { body }));
  const grade = (await created('job/grades:create', { name: `P${tenantId}` })).id;
  const job = (await created('job/jobs:create', { name: `工程师${tenantId}` })).id;
  const title = (await created('title:create', { name: '高级工程师' })).id;
  const account = (
    await created('account:create', {
      org_id: companyId,
      account_name: '基本户',
      bank_name: '招商银行',
      account_no: '6225 8801 2345 6789',
    })
  ).id;
  const address = (
    await created('organizations/address:create', {
      org_id: companyId,
      name: '总部',
      address: '上海市',
      contact: '张三',
      phone: '021-12345678',
    })
  ).id;
  const cityGroup = (await created('city-group:create', { name: '一线城市', codes: ['110000'] })).id;
  const staff = (
    await okReply(
      OrgStaffCreated,
      api('POST', 'users:post', {
        body: {
          name: '员工甲',
          phone: nextFixturePhone(),
          org_id: companyId,
          dept_ids: [deptId],
          grade_id: grade,
        },
      }),
    )
  ).id;
  const { recordSyncConflict } = await import('./thirdUsers/thirdUsers.service.js');
  const conflict = await recordSyncConflict(t.db, tenantId, {
    platform: 'dingtalk',
    third_user_id: `u${tenantId}`,
    name: '钉钉用户',
    phone: null,
    reason: '手机号已被其他员工使用',
  });
  return {
    tenantId,
    companyId,
    deptId,
    admin,
    api,
    grade,
    job,
    title,
    account,
    address,
    cityGroup,
    staff,
    conflict,
  };
}
export type OrgFixture = Awaited<ReturnType<typeof orgFixture>>;

let phoneSeq = 0;
export function nextFixturePhone() {
  phoneSeq += 1;
  // The counter goes on across the files of a worker (they share modules): its last 4 digits only.
  return `137${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq % 10000).padStart(4, '0')}`;
}
