import { hash } from '@node-rs/argon2';
import type { Db } from '../src/platform/db/database.js';
import { createSession } from '../src/platform/sessions.js';
import {
  addGroupMember,
  createCompany,
  createDepartment,
  createPerson,
  createPrivilegeGroup,
  createProductVersion,
  createStaff,
  createTopOrganization,
} from '../src/seed/demo.js';

let seq = 0;
/**
 * A unique, valid mainland mobile number per call (tests share one database per file). The counter goes on
 * across the files of a worker (they share modules), so only its last digits go into the number.
 */
export function nextPhone(): string {
  seq += 1;
  return `139${String(Date.now() % 100000).padStart(5, '0')}${String(seq % 1000).padStart(3, '0')}`;
}

/** A tenant with one company and one department. */
export async function makeTenant(db: Db, name = `测试集团${++seq}`) {
  const tenantId = await createTopOrganization(db, name, null);
  const companyId = await createCompany(db, tenantId, `${name}子公司`, `9131000000000${seq}X`, 1);
  const deptId = await createDepartment(db, tenantId, companyId, '测试部', 1);
  return { tenantId, companyId, deptId };
}

/** A staff member in a tenant holding `perms` (through a group), with a live session token. */
export async function makeStaff(
  db: Db,
  tenantId: number,
  perms: string[] = [],
  opts: { ttlMs?: number } = {},
) {
  const phone = nextPhone();
  const userId = await createPerson(db, phone, `测试员工${seq}`, null);
  const staffId = await createStaff(db, {
    tenantId,
    userId,
    orgId: tenantId,
    name: `测试员工${seq}`,
    phone,
    deptIds: [],
  });
  if (perms.length > 0) {
    const groupId = await createPrivilegeGroup(db, tenantId, `测试组${++seq}`, perms, false);
    await addGroupMember(db, tenantId, groupId, staffId);
  }
  const { token } = await createSession(db, { userId, tenantId, staffId }, opts.ttlMs ?? 3600_000);
  return { userId, staffId, phone, token };
}

/** A person with no organisation (personal account) and a session. */
export async function makePersonal(db: Db) {
  const phone = nextPhone();
  const userId = await createPerson(db, phone, `个人${seq}`, null);
  const { token } = await createSession(db, { userId, tenantId: null, staffId: null }, 3600_000);
  return { userId, phone, token };
}

// ---- Identity (auth module) ----

/** A product version row for a tenant; `expiredAt` in epoch ms. */
export async function makeProductVersion(
  db: Db,
  tenantId: number,
  v: { expiredAt: number; name?: string; activatedAt?: number },
) {
  await createProductVersion(db, tenantId, {
    name: v.name ?? '标准版',
    activatedAt: v.activatedAt ?? v.expiredAt - 365 * 86_400_000,
    expiredAt: v.expiredAt,
  });
}

/**
 * A person who can log in with `password`. With `tenantId` they are active staff there (in `deptIds`);
 * `lastLogged` (default true) makes that tenant the one they land in.
 */
export async function makeLoginPerson(
  db: Db,
  password: string,
  opts: { tenantId?: number; orgId?: number; deptIds?: number[]; lastLogged?: boolean; name?: string } = {},
) {
  const phone = nextPhone();
  const name = opts.name ?? `登录用户${seq}`;
  const userId = await createPerson(db, phone, name, await hash(password));
  let staffId: number | null = null;
  if (opts.tenantId !== undefined) {
    staffId = await createStaff(db, {
      tenantId: opts.tenantId,
      userId,
      orgId: opts.orgId ?? opts.tenantId,
      name,
      phone,
      deptIds: opts.deptIds ?? [],
    });
    if (opts.lastLogged !== false) {
      await db
        .updateTable('users')
        .set({ last_logged_org: opts.tenantId })
        .where('id', '=', userId)
        .execute();
    }
  }
  return { userId, staffId, phone };
}

/** Adds an existing person as active staff of another tenant (what an administrator does). */
export async function addPersonAsStaff(
  db: Db,
  tenantId: number,
  userId: number,
  phone: string,
  name = '新员工',
) {
  return createStaff(db, { tenantId, userId, orgId: tenantId, name, phone, deptIds: [] });
}

// ---- Organisation architecture (org module) ----

/** A department under `orgId` (pid 0 = top of that company, else a parent department). */
export async function makeDepartment(db: Db, tenantId: number, orgId: number, name: string, pid = 0) {
  const { insertDept } = await import('../src/modules/org/units/org.repo.js');
  return insertDept(db, tenantId, { org_id: orgId, pid, name, sort_order: 0 }, Date.now());
}

/** A job grade or a job (职位) by name. */
export async function makeGradeOrJob(
  db: Db,
  tenantId: number,
  table: 'job_grades' | 'job_positions',
  name: string,
) {
  const { insertDict } = await import('../src/modules/org/dict/dict.repo.js');
  return insertDict(db, tenantId, table, { name, description: null, sort_order: 0 }, Date.now());
}
