import type { FeePeriod, StandardKind, StandardTable } from '@feikong/contracts';
import type { StandardCellIn } from '@/api/standards';

/**
 * The matrix editor's drafts: one per grade (or job) × city group, in the units people type — 元 for money,
 * 折 (8 = 8折) for the air discount — and the whole table they become on save. An empty draft is no standard.
 */
export interface Draft {
  nightCap?: number | null;
  cabins?: string[];
  discount?: number | null;
  seats?: string[];
  levels?: string[];
  meal?: number | null;
  traffic?: number | null;
  cap?: number | null;
}

export const draftKey = (subjectId: number, groupId: number) => `${subjectId}:${groupId}`;

const yuan = (fen: number | null) => (fen === null ? null : fen / 100);
const fen = (y: number | null | undefined) =>
  y === null || y === undefined ? undefined : Math.round(y * 100);
const set = (n: number | null | undefined): n is number => n !== null && n !== undefined;

export function toDrafts(table: StandardTable): Record<string, Draft> {
  const out: Record<string, Draft> = {};
  for (const c of table.cells)
    out[draftKey(c.subjectId, c.cityGroupId)] = {
      nightCap: yuan(c.nightCap),
      cabins: c.cabins ?? undefined,
      discount: c.discountCap === null ? null : c.discountCap / 10,
      seats: c.seats ?? undefined,
      levels: c.levels ?? undefined,
      meal: yuan(c.mealPerDay),
      traffic: yuan(c.trafficPerDay),
      cap: yuan(c.cap),
    };
  return out;
}

/** Whether a draft holds a standard of the kind (an empty one is left out of the table). */
export function filled(kind: StandardKind, d: Draft | undefined): boolean {
  if (!d) return false;
  switch (kind) {
    case 'hotel':
      return set(d.nightCap);
    case 'air':
      return !!d.cabins?.length;
    case 'train':
      return !!d.seats?.length;
    case 'car':
      return !!d.levels?.length;
    case 'allowance':
      return set(d.meal) || set(d.traffic);
    case 'fee':
      return set(d.cap);
  }
}

/** The whole table to save: the filled drafts of the rows and columns shown, the kind's fields only. */
export function toCells(
  kind: StandardKind,
  drafts: Record<string, Draft>,
  subjects: readonly { id: number }[],
  groups: readonly { id: number }[],
  period: FeePeriod = 'time',
): StandardCellIn[] {
  const cells: StandardCellIn[] = [];
  for (const s of subjects)
    for (const g of groups) {
      const d = drafts[draftKey(s.id, g.id)];
      if (!filled(kind, d) || !d) continue;
      const base = { subjectId: s.id, cityGroupId: g.id };
      switch (kind) {
        case 'hotel':
          cells.push({ ...base, nightCap: fen(d.nightCap) });
          break;
        case 'air':
          cells.push({
            ...base,
            cabins: d.cabins as never,
            discountCap: set(d.discount) ? Math.round(d.discount * 10) : null,
          });
          break;
        case 'train':
          cells.push({ ...base, seats: d.seats as never });
          break;
        case 'car':
          cells.push({ ...base, levels: d.levels as never });
          break;
        case 'allowance':
          cells.push({ ...base, mealPerDay: fen(d.meal) ?? null, trafficPerDay: fen(d.traffic) ?? null });
          break;
        case 'fee':
          cells.push({ ...base, cap: fen(d.cap), period });
          break;
      }
    }
  return cells;
}
