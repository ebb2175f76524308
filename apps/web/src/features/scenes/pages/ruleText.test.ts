import { describe, expect, it } from 'vitest';
import { allRuleDefaults, controlsDisabledByApplyTemplate, visibleRuleTypeGroups } from '@feikong/contracts';
import { ruleText } from './SceneDetailPage';

describe('scene rules in words and the spec 5 rules', () => {
  it('describes rule components as the detail page shows them', () => {
    const rules = {
      ...allRuleDefaults(),
      day_amount: { amount: 3000 },
      use_date: { weekdays: [1, 5], ranges: [] },
    };
    expect(ruleText('use_time', rules)).toBe('11:00–13:30');
    expect(ruleText('day_amount', rules)).toBe('¥30.00');
    expect(ruleText('use_date', rules)).toBe('周一、周五');
    expect(ruleText('order_number', rules)).toBe('不限');
    // spec 9: the airplane low-price window defaults to 3 hours
    expect(allRuleDefaults().airplane.low_price_control_time).toBe(3);
  });

  it('disables controls only for a valid apply template with an apply type other than none', () => {
    expect(controlsDisabledByApplyTemplate({ apply_type: 1, apply_template_id: 12 })).toBe(true);
    expect(controlsDisabledByApplyTemplate({ apply_type: 2, apply_template_id: 12 })).toBe(false);
    for (const id of [0, '0', '', ' '])
      expect(controlsDisabledByApplyTemplate({ apply_type: 1, apply_template_id: id })).toBe(false);
  });

  it('hides rule types with status 2 and drops groups left empty', () => {
    const groups = visibleRuleTypeGroups([
      {
        group: 'a',
        name: 'A',
        types: [
          { id: 'use_time', name: '可用时段', status: 1 },
          { id: 'use_date', name: '可用日期', status: 2 },
        ],
      },
      { group: 'b', name: 'B', types: [{ id: 'car', name: '用车规则', status: 2 }] },
    ]);
    expect(groups).toEqual([
      { group: 'a', name: 'A', types: [{ id: 'use_time', name: '可用时段', status: 1 }] },
    ]);
  });
});
