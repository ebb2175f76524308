import { beforeEach, describe, expect, it } from 'vitest';
import { BEHAVIOUR_LOG_KEY, clearBehaviourLog, getBehaviourLog, logBehaviour } from './behaviourLog';

beforeEach(() => {
  sessionStorage.clear();
  clearBehaviourLog();
});

describe('behaviour log (spec §5)', () => {
  it('cuts messages to 200 characters and names to 20', () => {
    const e = logBehaviour('n'.repeat(30), 'm'.repeat(250), 1);
    expect(e.name).toHaveLength(20);
    expect(e.message).toHaveLength(200);
  });

  it('keeps the last 100 entries', () => {
    for (let i = 0; i < 130; i++) logBehaviour('click', `#${i}`, i);
    const log = getBehaviourLog();
    expect(log).toHaveLength(100);
    expect(log[0].message).toBe('#30');
    expect(log[99].message).toBe('#129');
  });

  it('is kept in memory and in sessionStorage', () => {
    logBehaviour('route', '/home/index 工作台', 5);
    expect(JSON.parse(sessionStorage.getItem(BEHAVIOUR_LOG_KEY)!)).toEqual([
      { name: 'route', message: '/home/index 工作台', time: 5 },
    ]);
    expect(getBehaviourLog()).toHaveLength(1);
  });
});
