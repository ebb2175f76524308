import type { CityGroup, ProvinceEntry } from '@/api/org';

// Rules of the 城市维护 picker over the GB/T 2260 region tree: which cities another group holds,
// the searched tree, its check marks and what a click changes.

const cityKey = (code: string) => `c-${code}`;
const provinceKey = (code: string) => `p-${code}`;

/** code → the name of the other group that holds it. */
export function takenCities(groups: readonly CityGroup[], ownId: number | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const g of groups) if (g.id !== ownId) for (const c of g.cities) map.set(c.code, g.name);
  return map;
}

export interface RegionNode {
  key: string;
  title: string;
  disabled?: boolean;
  children?: RegionNode[];
}

export function regionNodes(
  data: readonly ProvinceEntry[],
  taken: Map<string, string>,
  keyword: string,
): RegionNode[] {
  const kw = keyword.trim();
  return data.flatMap((p) => {
    const provinceHit = !kw || p.name.includes(kw);
    const cities = p.children.filter((c) => provinceHit || c.name.includes(kw));
    if (cities.length === 0) return [];
    return [
      {
        key: provinceKey(p.code),
        title: p.name,
        disabled: cities.every((c) => taken.has(c.code)),
        children: cities.map((c) => ({
          key: cityKey(c.code),
          title: taken.has(c.code) ? `${c.name}（${taken.get(c.code)}）` : c.name,
          disabled: taken.has(c.code),
        })),
      },
    ];
  });
}

/**
 * Check marks over the whole region tree, not only the cities a search shows: a search for 杭州 that
 * shows one city of 浙江省 must not mark the province as wholly chosen. A province is checked when
 * all its free cities are chosen, half-checked when some are.
 */
export function checkMarks(
  data: readonly ProvinceEntry[],
  value: readonly string[],
  taken: Map<string, string>,
): { checked: string[]; halfChecked: string[] } {
  const chosen = new Set(value);
  const checked = value.map(cityKey);
  const halfChecked: string[] = [];
  for (const p of data) {
    const free = p.children.filter((c) => !taken.has(c.code));
    const n = free.filter((c) => chosen.has(c.code)).length;
    if (free.length > 0 && n === free.length) checked.push(provinceKey(p.code));
    else if (n > 0) halfChecked.push(provinceKey(p.code));
  }
  return { checked, halfChecked };
}

/**
 * The codes after a click on `key` in the shown tree. A city toggles; a province toggles the free
 * cities the tree shows under it: all chosen already → they are removed, else they are added.
 */
export function toggleCheck(value: readonly string[], nodes: readonly RegionNode[], key: string): string[] {
  if (key.startsWith('c-')) {
    const code = key.slice(2);
    return value.includes(code) ? value.filter((c) => c !== code) : [...value, code];
  }
  const province = nodes.find((p) => p.key === key);
  const shown = (province?.children ?? []).filter((c) => !c.disabled).map((c) => c.key.slice(2));
  const chosen = new Set(value);
  if (shown.every((c) => chosen.has(c))) return value.filter((c) => !shown.includes(c));
  return [...value, ...shown.filter((c) => !chosen.has(c))];
}
