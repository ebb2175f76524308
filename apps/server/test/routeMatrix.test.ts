import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import type { BuiltRoute } from '../src/app.js';
import { PUBLIC, SIGNED_IN, STAFF } from '../src/platform/context.js';
import { createSession } from '../src/platform/sessions.js';
import { makeInvoice } from '../src/modules/flow/flow.testkit.js';
import { makeBill } from '../src/modules/invoice/invoice.testkit.js';
import { DEMO } from '../src/seed/demo.js';
import { makePersonal, makeStaff, makeTenant } from './factories.js';
import { routeShape } from './fuzz.arbitraries.js';
import {
  apiRoutes,
  concreteUrl,
  createSecurityApp,
  envelopeProblem,
  expectHealthy,
  type SecurityApp,
} from './security.kit.js';

/*
 * Matrices generated from the route table, so a route added later is covered without being listed:
 * every guarded route refuses a caller without its permission, and no route with an id reaches
 * another tenant's rows.
 */
let t: SecurityApp;
let doc: unknown;
beforeAll(async () => {
  t = await createSecurityApp();
  doc = t.app.swagger();
});
afterAll(async () => t?.close());

const withoutOpenPermission = (r: BuiltRoute) => r.permission !== PUBLIC && r.permission !== SIGNED_IN;

describe('permission matrix', () => {
  it('every guarded route answers 403 in the envelope to a signed-in caller without its permission', async () => {
    const { tenantId } = await makeTenant(t.db);
    // Holds one permission no route asks for; a personal account (no organisation) is not staff.
    const staff = await makeStaff(t.db, tenantId, ['nothing:view']);
    const personal = await makePersonal(t.db);
    const routes = apiRoutes(t).filter(withoutOpenPermission);
    expect(routes.length).toBeGreaterThan(80);
    for (const r of routes) {
      const callers = r.permission === STAFF ? [personal.token] : [staff.token, personal.token];
      for (const token of callers) {
        const res = await t.inject({
          method: r.method as 'GET',
          url: concreteUrl(r.url),
          headers: { 'x-session-token': token },
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
        const what = `${r.method} ${r.url} (${String(r.permission)}): ${res.body.slice(0, 200)}`;
        expect(envelopeProblem(res), what).toBeNull();
        expect(res.statusCode, what).toBe(403);
        expect(res.json().status, what).toBe(PlatformCode.forbidden);
      }
    }
  });
});

/** Written by any request, whoever makes it (last-seen times): not evidence of a breach. */
const VOLATILE_TABLES = new Set(['sessions']);

/**
 * Rows of the tenant in every table that has a tenant_id, as text. The tables are read from the
 * database itself, so a module added later is covered without being listed.
 */
async function dumpTenantRows(tenantId: number): Promise<string> {
  // On PostgreSQL the introspection lists every schema's tables: other test files' (which may be a
  // branch ahead or behind) and anything a bench left in the database. Only this file's schema counts.
  const own =
    t.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s
      : undefined;
  const tables = [
    ...new Set(
      (await t.db.introspection.getTables())
        .filter((tb) => own === undefined || tb.schema === own)
        .filter((tb) => tb.columns.some((c) => c.name === 'tenant_id') && !VOLATILE_TABLES.has(tb.name))
        .map((tb) => tb.name),
    ),
  ].sort();
  expect(tables.length).toBeGreaterThan(20);
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await t.db
      .selectFrom(table as 'titles')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(out);
}

/** An id field: `id`, `org_id`, `ids`, and the camelCase `invoiceId`, `invoiceIds`, `attachmentId`. */
const ID_FIELD = /(^|_)(id|ids)$|[a-z](Id|Ids)$/;

describe('tenant isolation matrix', () => {
  it("no route with an id reaches the demo tenant's rows for another tenant's administrator", async () => {
    // The demo tenant (B) is the victim; A is a tenant whose administrator holds every permission.
    const b = t.tenantId;
    // The demo seed has no documents: B gets an approved one and a draft of its administrator.
    await makeBill(t, b, t.adminStaffId, 'approved');
    await makeBill(t, b, t.adminStaffId, 'draft');
    const pick = async (
      table:
        'organizations' | 'departments' | 'staff' | 'privilege_groups' | 'job_grades' | 'invoices' | 'bills',
    ) =>
      (await t.db.selectFrom(table).select('id').where('tenant_id', '=', b).execute()).map((r) =>
        Number(r.id),
      );
    const bIds = [
      ...new Set([
        ...(await pick('organizations')),
        ...(await pick('departments')),
        ...(await pick('staff')),
        ...(await pick('privilege_groups')),
        ...(await pick('job_grades')),
        ...(await pick('invoices')),
        ...(await pick('bills')),
      ]),
    ];
    expect(bIds.length).toBeGreaterThan(3);
    // Names and phones only the demo tenant has: none may appear in a reply to A.
    const markers = [
      '演示管理员',
      '审批人甲',
      '综合管理部',
      '研发部',
      '演示科技有限公司',
      DEMO.approver,
      DEMO.staff,
    ];
    const a = await makeTenant(t.db);
    const admin = await makeStaff(t.db, a.tenantId, ['*']);
    // A route may end the session it is called with (logout, organisation switch): every later request
    // would then answer 401 and prove nothing, so a 401 is retried once with a fresh session of A's admin.
    let token = admin.token;
    const asAdmin = async (o: InjectOptions) => {
      const send = () => t.inject({ ...o, headers: { ...o.headers, 'x-session-token': token } });
      const res = await send();
      if (res.statusCode !== 401) return res;
      token = (
        await createSession(
          t.db,
          { userId: admin.userId, tenantId: a.tenantId, staffId: admin.staffId },
          3600_000,
        )
      ).token;
      return send();
    };
    const before = await dumpTenantRows(b);

    const routes = apiRoutes(t).filter((r) => {
      const s = routeShape(doc, r);
      return [...s.query, ...s.body, ...Object.keys(s.params)].some((f) => ID_FIELD.test(f));
    });
    expect(routes.length).toBeGreaterThan(30);
    let requests = 0;
    const refused: Record<number, number> = {};
    for (const r of routes) {
      const shape = routeShape(doc, r);
      for (const id of bIds) {
        const fill = (f: string) => (/ids$/i.test(f) ? [id] : id);
        const fields = (names: string[]) =>
          Object.fromEntries(
            names.map((f) => [
              f,
              ID_FIELD.test(f) ? fill(f) : f === 'status' ? 2 : f === 'name' ? '越权测试' : undefined,
            ]),
          );
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(fields(shape.query)))
          if (v !== undefined) query.set(k, Array.isArray(v) ? v.join(',') : String(v));
        const qs = query.toString();
        const res = await asAdmin({
          method: r.method as 'GET',
          url: concreteUrl(r.url, () => String(id)) + (qs ? `?${qs}` : ''),
          ...(r.method === 'GET' ? {} : { payload: fields(shape.body) }),
        });
        requests += 1;
        refused[res.statusCode] = (refused[res.statusCode] ?? 0) + 1;
        const what = `${r.method} ${r.url} id=${id}: ${res.body.slice(0, 300)}`;
        expect(envelopeProblem(res), what).toBeNull();
        for (const m of markers) expect(res.body.includes(m), `${what} leaks ${m}`).toBe(false);
      }
    }
    expect(await dumpTenantRows(b)).toBe(before);

    // A route naming several ids (补录: billId with invoiceIds) must not take the victim's id in one field
    // when the others are the caller's own: then the caller's own rows would change (an own invoice written
    // off against B's document). Each id field in turn gets B's id, the rest A's own objects.
    const aInvoice = Number((await makeInvoice(t, a.tenantId, admin.staffId)).id);
    const aBill = (await makeBill(t, a.tenantId, admin.staffId, 'approved')).id;
    // Each kind of id field: A's own object and B's objects of that kind (ids of different tables overlap).
    const kinds: [RegExp, number, number[]][] = [
      [/invoice/i, aInvoice, await pick('invoices')],
      [/bill/i, aBill, await pick('bills')],
      [/staff|submitter|user/i, admin.staffId, await pick('staff')],
      [/org|company/i, a.companyId, await pick('organizations')],
      [/dep/i, a.deptId, await pick('departments')],
    ];
    const kindOf = (f: string) => kinds.find(([re]) => re.test(f));
    expect(kindOf('billId')![2].length).toBeGreaterThan(0);
    // The first pass started background work of A's own (exports filtered by B's ids make empty files): its
    // rows move on while the queue runs, so A's picture is taken once none of A's tasks waits or runs any more
    // and two reads in a row agree (a queued task alone leaves two reads equal until it starts).
    const pendingOfA = async () =>
      (
        await t.db
          .selectFrom('tasks')
          .select('id')
          .where('tenant_id', '=', a.tenantId)
          .where('status', '=', 0)
          .execute()
      ).length;
    let beforeA = await dumpTenantRows(a.tenantId);
    for (let tries = 0; tries < 300; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      const again = await dumpTenantRows(a.tenantId);
      if (again === beforeA && (await pendingOfA()) === 0) break;
      beforeA = again;
    }
    expect(await pendingOfA()).toBe(0);
    let mixed = 0;
    const accepted: string[] = [];
    for (const r of routes) {
      if (r.method === 'GET') continue;
      const shape = routeShape(doc, r);
      const idFields = shape.body.filter((f) => ID_FIELD.test(f));
      if (idFields.length < 2 || idFields.some((f) => !kindOf(f))) continue;
      for (const target of idFields) {
        for (const id of kindOf(target)![2]) {
          const body = Object.fromEntries(
            idFields.map((f) => {
              const v = f === target ? id : kindOf(f)![1];
              return [f, /ids$/i.test(f) ? [v] : v];
            }),
          );
          const res = await asAdmin({
            method: r.method as 'POST',
            url: concreteUrl(r.url, () => String(id)),
            payload: body,
          });
          mixed += 1;
          const what = `${r.method} ${r.url} ${JSON.stringify(body)}: ${res.body.slice(0, 300)}`;
          expect(envelopeProblem(res), what).toBeNull();
          for (const m of markers) expect(res.body.includes(m), `${what} leaks ${m}`).toBe(false);
          if (res.statusCode === 200 && res.json().status === 0) accepted.push(what);
        }
      }
    }
    expect(mixed).toBeGreaterThan(0);
    expect(accepted).toEqual([]);
    expect(await dumpTenantRows(a.tenantId)).toBe(beforeA);
    expect(await dumpTenantRows(b)).toBe(before);
    // Most answers refuse outright (403/404) or find nothing; quoted in the report.
    console.log(
      `tenant isolation: ${routes.length} routes, ${requests} requests, statuses ${JSON.stringify(refused)}; ` +
        `${mixed} requests with one victim id among the caller's own`,
    );
    await expectHealthy(t);
  }, 120_000);
});
