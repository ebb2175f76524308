import dayjs, { type Dayjs } from 'dayjs';

/** A date-range filter's value from a min/max pair of epoch ms in the query (null when either is absent). */
export function dayRange(min: number | undefined, max: number | undefined): [Dayjs, Dayjs] | null {
  return min !== undefined && max !== undefined ? [dayjs(min), dayjs(max)] : null;
}

/** A picked range as the query's min/max (spec §5: the end is the last moment of its day). */
export function rangeToMs(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): {
  min: number | undefined;
  max: number | undefined;
} {
  const [a, b] = range ?? [null, null];
  return { min: a ? a.startOf('day').valueOf() : undefined, max: b ? b.endOf('day').valueOf() : undefined };
}
