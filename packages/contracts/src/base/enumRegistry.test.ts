import { describe, expect, it } from 'vitest';
import * as E from '../enums.js';
import { BILL_STATUS_LABEL, BILL_TYPE_LABEL } from '../flow/enums.js';
import { TaskOperatingTypeLabel } from '../tasks.js';
import {
  BILLING_ENUM_REGISTRY,
  ENUM_REGISTRY,
  enumGroupsOf,
  enumItemsOf,
  parseEnumKeyWord,
} from './enumRegistry.js';

describe('enumeration registry (decision 0060)', () => {
  it('serves every label map of enums.ts (the enumerations of spec §3), by the same object', () => {
    const served = new Set<unknown>(Object.values(ENUM_REGISTRY));
    // CreateTypeLabel names the two labels of billCreateType (its wire values are in flow's map)
    const maps = Object.entries(E).filter(
      ([name, v]) => name.endsWith('Label') && typeof v === 'object' && name !== 'CreateTypeLabel',
    );
    expect(maps.length).toBeGreaterThan(25);
    for (const [name, map] of maps) expect(served.has(map), name).toBe(true);
    expect(ENUM_REGISTRY.taskOperatingType).toBe(TaskOperatingTypeLabel);
    expect(BILLING_ENUM_REGISTRY.billType).toBe(BILL_TYPE_LABEL);
    expect(BILLING_ENUM_REGISTRY.billStatus).toBe(BILL_STATUS_LABEL);
  });

  it('jump page type: 1 showcase, 2 application, 3 enterprise code, 4 app, 5 store', () => {
    expect(enumItemsOf(ENUM_REGISTRY.jumpPageType).map((i) => i.key)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('reads keyWord and names the unknown types', () => {
    expect(parseEnumKeyWord(' a,b，a,, c ')).toEqual(['a', 'b', 'c']);
    const r = enumGroupsOf(ENUM_REGISTRY, ['cardType', 'nope', 'toString']);
    expect(r.items).toEqual([
      {
        type: 'cardType',
        items: [
          { key: '1', value: '实体卡' },
          { key: '2', value: '电子卡' },
        ],
      },
    ]);
    expect(r.unknown).toEqual(['nope', 'toString']);
  });
});
