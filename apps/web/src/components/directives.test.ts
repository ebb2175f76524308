import { describe, expect, it, vi } from 'vitest';
import { debounceClick } from './directives';

describe('click debounce (spec §5: 2000 ms by default)', () => {
  it('runs the first click and ignores repeats within the wait', () => {
    let now = 0;
    const fn = vi.fn();
    const click = debounceClick(fn, undefined, () => now);
    click('a');
    now = 1999;
    click('b');
    expect(fn.mock.calls).toEqual([['a']]);
    now = 2000;
    click('c');
    expect(fn.mock.calls).toEqual([['a'], ['c']]);
  });

  it('takes another wait', () => {
    let now = 0;
    const fn = vi.fn();
    const click = debounceClick(fn, 500, () => now);
    click();
    now = 499;
    click();
    now = 500;
    click();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
