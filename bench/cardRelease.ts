/**
 * Bench: 卡片发放 of a 10,000-card batch (issue 23 "Benchmarks": "Release of a 10,000-card batch: ≤ 10 s,
 * exactly once"), on SQLite.
 *
 * The data: one tenant with 10,000 active staff members, each the holder of one card. "ours" is the card
 * module's release end to end (releaseCards: the holders checked, the range checked against the tenant's
 * batches, the batch, 10,000 cards and 10,000 ledger rows written in one transaction). Then the same batch is
 * released again, once and 20 times at once: each answers the first release and issues nothing, and the
 * tenant still has exactly 10,000 cards and 10,000 ledger rows. The baseline is the raw multi-row insert of
 * the same batch, cards and ledger rows (500 a statement) in one transaction on a fresh database, nothing read
 * or checked.
 *   npm run bench card-release
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CardReleaseBody } from '@feikong/contracts';
import { openDatabase } from '../apps/server/src/platform/db/database.js';
import { migrateToLatest } from '../apps/server/src/platform/db/migrator.js';
import { releaseCards } from '../apps/server/src/modules/card/card.release.js';
import { makeStaff, makeTenant } from '../apps/server/test/factories.js';
import { printTable } from './org-seed.js';

const CARDS = 10_000;
const BUDGET_S = 10;
const BEGIN = 6_210_000_000_000_000;

async function freshDb(dir: string) {
  const h = openDatabase({ sqliteFile: path.join(dir, `bench-${Math.random().toString(36).slice(2)}.db`) });
  await migrateToLatest(h.db);
  const { tenantId } = await makeTenant(h.db);
  const admin = await makeStaff(h.db, tenantId, ['*']);
  const now = Date.now();
  const holders: number[] = [];
  for (let i = 0; i < CARDS; i += 500) {
    const rows = await h.db
      .insertInto('staff')
      .values(
        Array.from({ length: Math.min(500, CARDS - i) }, (_, k) => ({
          tenant_id: tenantId,
          user_id: 10_000_000 + i + k,
          org_id: tenantId,
          name: `持卡人${i + k}`,
          phone: `139${String(i + k).padStart(8, '0')}`,
          status: 1,
          show_guide_group: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    holders.push(...rows.map((r) => Number(r.id)));
  }
  const caller = { sessionId: 0, userId: admin.userId, tenantId, staffId: admin.staffId, perms: ['*'] };
  return { h, tenantId, caller, holders };
}

export async function benchCardRelease() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feikong-card-release-bench-'));
  try {
    const a = await freshDb(dir);
    const body = CardReleaseBody.parse({
      card_type: 1,
      begin_no: String(BEGIN),
      end_no: String(BEGIN + CARDS - 1),
      card_count: CARDS,
      amount: 20_000,
      card_batch_no: 'BENCH-10000',
      user: a.holders,
    });
    const t0 = performance.now();
    const first = await releaseCards(a.h.db, a.caller, body);
    const ours = performance.now() - t0;
    const t1 = performance.now();
    const replay = await releaseCards(a.h.db, a.caller, body);
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () => releaseCards(a.h.db, a.caller, body)),
    );
    const replays = performance.now() - t1;
    const count = async (table: 'cards' | 'card_ledger') =>
      Number(
        (
          await a.h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tenant_id', '=', a.tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [cards, ledger] = [await count('cards'), await count('card_ledger')];
    if (
      !first.created ||
      replay.created ||
      parallel.some((r) => r.created) ||
      cards !== CARDS ||
      ledger !== CARDS
    )
      throw new Error(`不是恰好一次：${cards} 张卡，${ledger} 条流水`);

    // Baseline: the same batch, cards and ledger rows, raw multi-row inserts in one transaction.
    const b = await freshDb(dir);
    const now = Date.now();
    const t2 = performance.now();
    await b.h.db.transaction().execute(async (tx) => {
      const batch = await tx
        .insertInto('card_batches')
        .values({
          tenant_id: b.tenantId,
          batch_no: 'BENCH-10000',
          card_type: 1,
          begin_no: body.begin_no,
          end_no: body.end_no,
          card_count: CARDS,
          amount: 20_000,
          created_by: b.caller.staffId,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < CARDS; i += 500) {
        const rows = await tx
          .insertInto('cards')
          .values(
            Array.from({ length: Math.min(500, CARDS - i) }, (_, k) => ({
              tenant_id: b.tenantId,
              batch_id: batch.id,
              card_no: String(BEGIN + i + k),
              card_type: 1,
              holder_staff_id: b.holders[i + k]!,
              balance: 20_000,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        await tx
          .insertInto('card_ledger')
          .values(
            rows.map((r) => ({
              tenant_id: b.tenantId,
              card_id: r.id,
              kind: 'issue',
              delta: 20_000,
              balance_after: 20_000,
              source_key: `issue:${r.id}`,
              created_by: b.caller.staffId,
              created_at: now,
            })),
          )
          .execute();
      }
    });
    const baseline = performance.now() - t2;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    printTable(
      `卡片发放 — one batch of ${CARDS.toLocaleString('en')} physical cards, one holder each, SQLite`,
      [
        {
          operation: 'release (check holders + range, batch, cards, ledger)',
          ours: s(ours),
          baseline: s(baseline),
          ratio: `${(ours / baseline).toFixed(1)}×`,
          budget: `≤ ${BUDGET_S} s`,
          verdict: ours / 1000 <= BUDGET_S ? 'OK' : 'OVER',
        },
      ],
    );
    console.log(
      `  exactly once: a replay and 20 parallel replays answered the first release in ${s(replays)}; ${cards} cards, ${ledger} ledger rows`,
    );
    await a.h.destroy();
    await b.h.destroy();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
