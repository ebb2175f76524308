/**
 * Shared data of the org benches: a migrated SQLite file holding one tenant with companies, a
 * department tree, grades / jobs / titles, an administrator ('*') with a session, and optionally
 * N staff members (each their own person). Bulk rows go in through better-sqlite3 prepared
 * statements in one transaction (seconds for 100,000 staff), not through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import { openDatabase, type DbHandle } from '../apps/server/src/platform/db/database.js';
import { sqliteDialect } from '../apps/server/src/platform/db/dialect.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import type { TenantCaller } from '../apps/server/src/platform/context.js';
import { createSession } from '../apps/server/src/platform/sessions.js';
import {
  addGroupMember,
  createPerson,
  createPrivilegeGroup,
  createStaff,
  createTopOrganization,
} from '../apps/server/src/seed/demo.js';

export const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈',
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国玉兰红梅志文斌辉鹏飞宇浩然欣怡子涵雨轩',
];

/** Staff member i's phone: unique, valid (1[3-9] + 9 digits), spread over prefixes. */
export const phoneOf = (i: number) =>
  `1${3 + (i % 7)}${String((i * 104729 + 12345) % 1_000_000_000).padStart(9, '0')}`;
/** Staff member i's name: one of 50 surnames (2% each) + a two-character given name. */
export const nameOf = (i: number) =>
  `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${
    GIVEN[Math.floor(i / (SURNAMES.length * GIVEN.length)) % GIVEN.length]
  }`;

export interface BenchDept {
  id: number;
  orgId: number;
  path: string;
}

export interface OrgBench {
  dir: string;
  file: string;
  handle: DbHandle;
  tenantId: number;
  companies: { id: number; name: string }[];
  depts: BenchDept[];
  grades: { id: number; name: string }[];
  jobs: { id: number; name: string }[];
  admin: { userId: number; staffId: number; token: string };
  caller: TenantCaller;
  /** A second connection on the same file, for raw-SQL baselines. */
  raw: SqliteDatabase.Database;
  /** A Kysely on the same file that records every statement it runs (to replay them raw). */
  capture<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<{ sql: string; params: unknown[] }[]>;
  close(): Promise<void>;
}

/**
 * Departments per company: 10 first-level (事业部), 7 centres under each, the rest as teams
 * spread round-robin under the centres — paths like 事业部3/中心3-2/小组3-2-5.
 */
function deptPlan(perCompany: number) {
  const plan: { name: string; parent: number; level: number }[] = [];
  const l1 = Math.min(10, perCompany);
  for (let i = 1; i <= l1; i++) plan.push({ name: `事业部${i}`, parent: -1, level: 1 });
  const l2: number[] = [];
  for (let i = 1; i <= l1 && plan.length < perCompany; i++)
    for (let j = 1; j <= 7 && plan.length < perCompany; j++) {
      l2.push(plan.length);
      plan.push({ name: `中心${i}-${j}`, parent: i - 1, level: 2 });
    }
  const kids = new Map<number, number>();
  for (let n = 0; plan.length < perCompany; n++) {
    const p = l2[n % l2.length];
    const k = (kids.get(p) ?? 0) + 1;
    kids.set(p, k);
    plan.push({ name: `小组${plan[p].name.slice(2)}-${k}`, parent: p, level: 3 });
  }
  return plan;
}

export async function createOrgBench(
  opts: { companies?: number; departments?: number; staff?: number } = {},
): Promise<OrgBench> {
  const nCompanies = opts.companies ?? 10;
  const nDepts = opts.departments ?? 5000;
  const nStaff = opts.staff ?? 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-bench-org-'));
  const file = path.join(dir, 'bench.db');
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db);
  const now = Date.now();

  const tenantId = await createTopOrganization(handle.db, '基准集团', '91310000MA1FL0009X');
  const groupId = await createPrivilegeGroup(handle.db, tenantId, '系统管理员', ['*'], true);
  const adminUser = await createPerson(handle.db, '19900000001', '基准管理员', null);
  const adminStaff = await createStaff(handle.db, {
    tenantId,
    userId: adminUser,
    orgId: tenantId,
    name: '基准管理员',
    phone: '19900000001',
    deptIds: [],
  });
  await addGroupMember(handle.db, tenantId, groupId, adminStaff);
  const { token } = await createSession(
    handle.db,
    { userId: adminUser, tenantId, staffId: adminStaff },
    24 * 3600_000,
  );

  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('busy_timeout = 5000');
  const companies: { id: number; name: string }[] = [];
  const depts: BenchDept[] = [];
  const grades: { id: number; name: string }[] = [];
  const jobs: { id: number; name: string }[] = [];

  raw.transaction(() => {
    const insOrg = raw.prepare(
      `insert into organizations (tenant_id, pid, name, full_name, tax_id, org_type, sort_order, source,
         ui_type, orgcode_payer_type, created_at, updated_at, deleted_at)
       values (?, ?, ?, ?, ?, 'company', ?, 0, 'fee_control', 1, ?, ?, null)`,
    );
    for (let c = 1; c <= nCompanies; c++) {
      const name = `基准子公司${c}`;
      const id = Number(
        insOrg.run(tenantId, tenantId, name, `${name}有限公司`, `9131000000000${1000 + c}X`, c, now, now)
          .lastInsertRowid,
      );
      companies.push({ id, name });
    }
    const insDept = raw.prepare(
      `insert into departments (tenant_id, org_id, pid, name, sort_order, source, created_at, updated_at, deleted_at)
       values (?, ?, ?, ?, ?, 0, ?, ?, null)`,
    );
    const plan = deptPlan(Math.ceil(nDepts / nCompanies));
    for (const company of companies) {
      const ids: number[] = [];
      const paths: string[] = [];
      for (let i = 0; i < plan.length && depts.length < nDepts; i++) {
        const p = plan[i];
        const pid = p.parent < 0 ? 0 : ids[p.parent];
        const id = Number(insDept.run(tenantId, company.id, pid, p.name, i + 1, now, now).lastInsertRowid);
        ids.push(id);
        paths.push(p.parent < 0 ? p.name : `${paths[p.parent]}/${p.name}`);
        depts.push({ id, orgId: company.id, path: paths[i] });
      }
    }
    const insNamed = (table: string) =>
      raw.prepare(
        `insert into ${table} (tenant_id, name, description, sort_order, created_at, updated_at) values (?, ?, null, ?, ?, ?)`,
      );
    const insGrade = insNamed('job_grades');
    const insJob = insNamed('job_positions');
    for (let i = 1; i <= 12; i++) {
      grades.push({
        id: Number(insGrade.run(tenantId, `P${i}`, i, now, now).lastInsertRowid),
        name: `P${i}`,
      });
      const jn = `岗位${i}`;
      jobs.push({ id: Number(insJob.run(tenantId, jn, i, now, now).lastInsertRowid), name: jn });
    }
  })();

  if (nStaff > 0) {
    raw.transaction(() => {
      const titleId = Number(
        raw
          .prepare(
            `insert into titles (tenant_id, org_id, name, description, sort_order, created_at, updated_at)
             values (?, 0, '工程师', null, 0, ?, ?)`,
          )
          .run(tenantId, now, now).lastInsertRowid,
      );
      const insUser = raw.prepare(
        `insert into users (phone, password_hash, real_name, email, gender, avatar, id_card, show_guide,
           last_logged_org, created_at, updated_at) values (?, null, ?, ?, ?, null, null, 1, null, ?, ?)`,
      );
      const insStaff = raw.prepare(
        `insert into staff (tenant_id, user_id, org_id, name, phone, email, job_no, status, grade_id, job_id,
           title_id, show_guide_group, created_at, updated_at, resigned_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
      );
      const insSd = raw.prepare(
        `insert into staff_departments (tenant_id, staff_id, dept_id) values (?, ?, ?)`,
      );
      for (let i = 0; i < nStaff; i++) {
        const phone = phoneOf(i);
        const name = nameOf(i);
        const email = i % 2 === 0 ? `u${i}@example.com` : null;
        const userId = Number(insUser.run(phone, name, email, 1 + (i % 2), now, now).lastInsertRowid);
        const dept = depts[(i * 7) % depts.length];
        const resigned = i % 20 === 19;
        const staffId = Number(
          insStaff.run(
            tenantId,
            userId,
            dept.orgId,
            name,
            phone,
            email,
            `E${String(i).padStart(6, '0')}`,
            resigned ? 2 : 1,
            grades[i % grades.length].id,
            i % 3 === 0 ? null : jobs[i % jobs.length].id,
            i % 5 === 0 ? titleId : null,
            now,
            now,
            resigned ? now : null,
          ).lastInsertRowid,
        );
        insSd.run(tenantId, staffId, dept.id);
        // One in ten belongs to a second department of the same company.
        if (i % 10 === 0) {
          const second = depts[(i * 7 + 1) % depts.length];
          if (second.orgId === dept.orgId) insSd.run(tenantId, staffId, second.id);
        }
      }
    })();
  }

  const caller: TenantCaller = {
    sessionId: 0,
    userId: adminUser,
    tenantId,
    staffId: adminStaff,
    perms: ['*'],
  };
  return {
    dir,
    file,
    handle,
    tenantId,
    companies,
    depts,
    grades,
    jobs,
    admin: { userId: adminUser, staffId: adminStaff, token },
    caller,
    raw,
    async capture(fn) {
      const seen: { sql: string; params: unknown[] }[] = [];
      const db = new Kysely<Database>({
        dialect: sqliteDialect(file),
        log: (e) => {
          if (e.level === 'query') seen.push({ sql: e.query.sql, params: [...e.query.parameters] });
        },
      });
      try {
        await fn(db);
      } finally {
        await db.destroy();
      }
      return seen;
    },
    async close() {
      raw.close();
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- figures ----

export function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s[s.length - 1] };
}

export interface FigureRow {
  operation: string;
  ours: string;
  baseline: string;
  ratio: string;
  budget: string;
  /** OK / OVER against the budget; empty when there is none. */
  verdict: string;
}

/** Prints rows as an aligned table (CJK characters count as two columns). */
export function printTable(title: string, rows: FigureRow[]) {
  const head: FigureRow = {
    operation: 'operation',
    ours: 'ours',
    baseline: 'raw baseline',
    ratio: 'ratio',
    budget: 'budget',
    verdict: 'met?',
  };
  const width = (s: string) =>
    [...s].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
  const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));
  const keys = ['operation', 'ours', 'baseline', 'ratio', 'budget', 'verdict'] as const;
  const all = [head, ...rows];
  const w = keys.map((k) => Math.max(...all.map((r) => width(r[k]))));
  console.log(`\n${title}`);
  for (const [i, r] of all.entries()) {
    console.log(
      '  ' +
        keys
          .map((k, j) => pad(r[k], w[j]))
          .join('  ')
          .trimEnd(),
    );
    if (i === 0) console.log('  ' + w.map((n) => '-'.repeat(n)).join('  '));
  }
}
