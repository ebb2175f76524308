import { FEE_TYPES } from '@feikong/contracts';
import type { Kysely } from 'kysely';

/**
 * Every tenant's starting tree: today's nine fee types (差旅费 … 其他) as enabled roots, in that order, with
 * the codes documents already carry. Runs in the migration (existing tenants) and when a tenant is created
 * (modules/index.ts → 创建组织; seed/demo.ts createTopOrganization). A tenant that already has a code keeps it.
 */
export async function seedDefaultFeeTypes(db: Kysely<any>, tenantId: number, by: number, now: number) {
  await db
    .insertInto('fee_types')
    .values(
      FEE_TYPES.map((f, i) => ({
        tenant_id: tenantId,
        code: f.code,
        name: f.name,
        parent_id: 0,
        enabled: 1,
        subject_code: '',
        bill_types: '[]',
        sort: i + 1,
        created_by: by,
        created_at: now,
        updated_by: by,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).doNothing())
    .execute();
}
