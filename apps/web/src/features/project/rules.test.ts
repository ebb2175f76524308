import { describe, expect, it } from 'vitest';
import { periodText } from './rules';

describe('periodText', () => {
  it('shows both ends, an open end as 不限, and no period as 不限', () => {
    expect(periodText('2026-01-01', '2026-12-31')).toBe('2026-01-01 ~ 2026-12-31');
    expect(periodText('2026-01-01', '')).toBe('2026-01-01 ~ 不限');
    expect(periodText('', '2026-12-31')).toBe('不限 ~ 2026-12-31');
    expect(periodText('', '')).toBe('不限');
  });
});
