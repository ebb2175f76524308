import type { Db } from '../../platform/db/database.js';
import * as cityGroupRepo from './cityGroups/cityGroup.repo.js';
import * as orgRepo from './units/org.repo.js';
import * as personRepo from './staff/person.repo.js';
import * as staffRepo from './staff/staff.repo.js';
import * as scopeRepo from './staff/scope.repo.js';
import { cityByCode } from './cityGroups/regions.js';

/**
 * What other modules read or change of org's data (auth's sign-in and sessions, tasks' and rights'
 * creator names, the seeds), exported from org's index.ts so that no module reaches into org's repos.
 * Each is a plain read or one statement: the callers hold the caller checks and the transaction.
 */

export type ActiveStaffRow = personRepo.ActiveStaffRow;

/** The person's active staff record in a tenant. */
export const findActiveStaff = personRepo.findActiveStaff;
/** An active staff record by id in a tenant. */
export const findActiveStaffById = personRepo.findActiveStaffById;
/** The active staff record with this phone in a tenant (third-party login matching by mobile). */
export const findActiveStaffByPhone = personRepo.findActiveStaffByPhone;
/** Every tenant where the person is active staff, oldest tenant first. */
export const listActiveStaffOfUser = personRepo.listActiveStaffOfUser;
/** A person moved to a new phone: their staff records in every tenant follow. */
export const setPhoneOfPerson = personRepo.setPhoneOfPerson;

/** The departments of each staff id. */
export const deptsOfStaff = staffRepo.deptsOfStaff;
/** A staff member's name, for "created by" columns. */
export const staffName = staffRepo.staffName;
/** The staff id with this phone in a tenant. */
export const staffIdByPhone = staffRepo.staffIdByPhone;

/** The active staff a scope names (whole organisation, departments with sub-departments, user groups, persons). */
export const staffInScope = scopeRepo.staffInScope;
export type StaffScope = scopeRepo.StaffScope;
export type ScopedStaff = scopeRepo.ScopedStaff;
/** Names and phones of a tenant's staff by user id. */
export const staffByUserIds = scopeRepo.staffByUserIds;

/** The staff member dismissed the group guide: their show_guide_group flag is cleared. */
export async function clearStaffGuide(db: Db, tenantId: number, staffId: number, now: number) {
  await staffRepo.updateStaff(db, tenantId, [staffId], { show_guide_group: 0 }, now);
}

/** An organisation or department by id inside a tenant. */
export const getOrg = orgRepo.getOrg;
/** An organisation by id in any tenant (choosing a tenant at sign-in). */
export const findOrgAnyTenant = orgRepo.findOrgAnyTenant;
/** Every organisation and department of a tenant. */
export const listOrgs = orgRepo.listOrgs;
/** The top organisations of these tenants. */
export const listTopOrgs = orgRepo.listTopOrgs;
/** Counts of a tenant's staff, departments and companies. */
export const orgStatistics = orgRepo.statistics;

/** A city group (城市组) of the tenant: its name and its cities' names (智能规则集's cost standards by city). */
export async function cityGroupWithCities(db: Db, tenantId: number, groupId: number) {
  const group = await cityGroupRepo.getGroup(db, tenantId, groupId);
  if (!group) return undefined;
  const cities = await cityGroupRepo.citiesOf(db, tenantId, [groupId]);
  return {
    id: Number(group.id),
    name: group.name,
    cityNames: cities.map((c) => cityByCode(c.city_code)?.name).filter((n): n is string => !!n),
  };
}
