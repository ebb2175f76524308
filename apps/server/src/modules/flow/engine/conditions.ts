import type { Branch, Condition, FieldCondition, FieldValue, FormValues } from './types.js';

type Scalar = string | number | boolean | null;

function compare(actual: Scalar, c: FieldCondition): boolean {
  const v = c.value;
  switch (c.op) {
    case 'eq':
      return actual === v;
    case 'ne':
      return actual !== v;
    case 'gt':
      return typeof actual === 'number' && typeof v === 'number' && actual > v;
    case 'gte':
      return typeof actual === 'number' && typeof v === 'number' && actual >= v;
    case 'lt':
      return typeof actual === 'number' && typeof v === 'number' && actual < v;
    case 'lte':
      return typeof actual === 'number' && typeof v === 'number' && actual <= v;
    case 'in':
      return Array.isArray(v) && (v as Scalar[]).includes(actual);
    case 'notIn':
      return Array.isArray(v) && !(v as Scalar[]).includes(actual);
    case 'between': {
      if (!Array.isArray(v) || v.length !== 2 || typeof actual !== 'number') return false;
      const [lo, hi] = v as number[];
      return actual >= lo && actual <= hi;
    }
  }
}

const NEGATIVE = new Set(['ne', 'notIn']);

/** One field condition. A missing field holds only for ne/notIn; a list value (several fee types) holds
 * for a positive operator when any element does, for ne/notIn when every element does. */
function holdsField(values: FormValues, c: FieldCondition): boolean {
  const actual: FieldValue | undefined = values[c.field];
  if (actual === undefined || actual === null) return NEGATIVE.has(c.op);
  if (Array.isArray(actual)) {
    const items = actual as Scalar[];
    return NEGATIVE.has(c.op) ? items.every((a) => compare(a, c)) : items.some((a) => compare(a, c));
  }
  return compare(actual, c);
}

export function evaluateCondition(values: FormValues, c: Condition): boolean {
  if ('all' in c) return c.all.every((x) => evaluateCondition(values, x));
  if ('any' in c) return c.any.some((x) => evaluateCondition(values, x));
  return holdsField(values, c);
}

/** Branches in order, the first that holds wins; the default branch when none does. */
export function pickBranch(branches: readonly Branch[], values: FormValues): Branch | undefined {
  for (const b of branches) if (!b.isDefault && b.when && evaluateCondition(values, b.when)) return b;
  return branches.find((b) => b.isDefault);
}
