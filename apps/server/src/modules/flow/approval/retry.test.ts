import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { FlowCode } from '../flow.errors.js';
import { withRetry } from './runtime.service.js';

/** withRetry: which failures run the transaction again, and what is kept of a failed try (nothing). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('withRetry', () => {
  it('runs again after PostgreSQL broke a deadlock or a serialization failure; the failed try saved nothing', async () => {
    for (const code of ['40P01', '40001']) {
      let tries = 0;
      const name = `retry-${code}`;
      const out = await withRetry(t.db, async (trx) => {
        tries += 1;
        await trx
          .insertInto('flow_groups')
          .values({
            tenant_id: 999_999,
            name: `${name}-${tries}`,
            sort_order: 0,
            created_at: 0,
            updated_at: 0,
          })
          .execute();
        if (tries === 1) throw pgError(code);
        return tries;
      });
      expect(out).toBe(2);
      const rows = await t.db
        .selectFrom('flow_groups')
        .select('name')
        .where('tenant_id', '=', 999_999)
        .execute();
      expect(rows.map((r) => r.name)).toContain(`${name}-2`);
      expect(rows.map((r) => r.name)).not.toContain(`${name}-1`);
    }
  });

  it('gives up after four tries with 单据正在被其他人处理, and leaves any other error alone', async () => {
    let tries = 0;
    await expect(
      withRetry(t.db, async () => {
        tries += 1;
        throw pgError('40P01');
      }),
    ).rejects.toMatchObject({ code: FlowCode.busy, msg: '单据正在被其他人处理，请稍后重试' });
    expect(tries).toBe(4);
    tries = 0;
    await expect(
      withRetry(t.db, async () => {
        tries += 1;
        throw pgError('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);
  });
});
