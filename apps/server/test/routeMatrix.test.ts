import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformCode } from '@feikong/contracts';
import type { BuiltRoute } from '../src/app.js';
import { PUBLIC, SIGNED_IN, STAFF } from '../src/platform/context.js';
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
    const pick = async (
      table: 'organizations' | 'departments' | 'staff' | 'privilege_groups' | 'job_grades' | 'invoices',
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
        const res = await t.inject({
          method: r.method as 'GET',
          url: concreteUrl(r.url, () => String(id)) + (qs ? `?${qs}` : ''),
          headers: { 'x-session-token': admin.token },
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
    // Most answers refuse outright (403/404) or find nothing; quoted in the report.
    console.log(
      `tenant isolation: ${routes.length} routes, ${requests} requests, statuses ${JSON.stringify(refused)}`,
    );
    await expectHealthy(t);
  }, 120_000);
});
