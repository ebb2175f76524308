import type { Kysely } from 'kysely';
import { int8, withId } from '../../platform/db/ddl.js';

/**
 * 节日福利 (issue 21 benefit modes, module spend/benefit; decision 0046): a festival benefit a tenant offers
 * its staff to claim, paid through the quota ledger (spend/quota) into a benefit scene.
 *
 * - benefit_festivals: the offer — scene, title, amount per person (分), the claim window, and when a claimed
 *   amount expires on the ledger (null = never). Soft-deleted.
 * - benefit_festival_claims: who claimed it, once each (unique per tenant, festival and user): the ledger row
 *   of the claim has the source key `festival:<festivalId>:<userId>` and is written in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('benefit_festivals'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('scene_id', int8, (c) => c.notNull())
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('claim_from', int8, (c) => c.notNull())
    .addColumn('claim_until', int8, (c) => c.notNull())
    .addColumn('expires_at', int8)
    .addColumn('created_by', int8, (c) => c.notNull())
    .addColumn('created_at', int8, (c) => c.notNull())
    .addColumn('updated_at', int8, (c) => c.notNull())
    .addColumn('deleted_at', int8)
    .execute();
  await db.schema
    .createIndex('benefit_festivals_tenant')
    .on('benefit_festivals')
    .columns(['tenant_id', 'claim_until'])
    .execute();

  await withId(db, db.schema.createTable('benefit_festival_claims'))
    .addColumn('tenant_id', int8, (c) => c.notNull())
    .addColumn('festival_id', int8, (c) => c.notNull())
    .addColumn('user_id', int8, (c) => c.notNull())
    .addColumn('amount', int8, (c) => c.notNull())
    .addColumn('claimed_at', int8, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('benefit_festival_claims_once')
    .on('benefit_festival_claims')
    .columns(['tenant_id', 'festival_id', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('benefit_festival_claims').execute();
  await db.schema.dropTable('benefit_festivals').execute();
}
