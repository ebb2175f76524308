import { DEFAULT_TIME_ZONE, periodRange } from '../../../../platform/time/periods.js';

/**
 * The periods a spend's usage is summed over (SpendUsage: day, week, month, year), in the tenant's zone:
 * whoever builds the usage (orders, cards, documents) sums its rows with at in [start, end).
 */
export function usagePeriods(at: number, tz = DEFAULT_TIME_ZONE) {
  return {
    day: periodRange(at, 'day', tz),
    week: periodRange(at, 'week', tz),
    month: periodRange(at, 'month', tz),
    year: periodRange(at, 'year', tz),
  };
}
