import { z } from 'zod';
import { epochMs, id, keyword, name, opt, order } from './fields.js';

const codes = z
  .array(z.string().regex(/^\d{6}$/, '城市编码应为6位数字'))
  .max(1000)
  .describe('城市编码');

export const OrgCityGroupListQuery = z.object({ keyword });
export const OrgCityGroupCreateBody = z.object({ name: name('城市组名称'), order, codes: opt(codes) });
export const OrgCityGroupBaseUpdateBody = z.object({
  id: id('城市组ID'),
  name: opt(name('城市组名称')),
  order,
});
export const OrgCityGroupRelationBody = z.object({ group_id: id('城市组ID'), codes });
export const OrgCityGroupIdQuery = z.object({ id: id('城市组ID') });

/** A city of GB/T 2260 with its province. */
export const OrgCityEntry = z.object({
  code: z.string(),
  name: z.string(),
  province_code: z.string(),
  province_name: z.string(),
});
export const OrgCityGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  city_count: z.number().int(),
  cities: z.array(OrgCityEntry),
  created_at: epochMs,
  updated_at: epochMs,
});
export const OrgCityGroupList = z.array(OrgCityGroup);

/** A province and its cities (city-group-data-set:list, and under each group of city-group:tree). */
export const OrgProvinceEntry = z.object({
  code: z.string(),
  name: z.string(),
  children: z.array(z.object({ code: z.string(), name: z.string() })),
});
export const OrgProvinceList = z.array(OrgProvinceEntry);
/** city-group:tree: groups → provinces → cities. */
export const OrgCityGroupTree = z.array(
  z.object({ id: z.number().int(), name: z.string(), order: z.number().int(), children: OrgProvinceList }),
);
export const OrgCityGroupRelationReply = z.object({ id: z.number().int(), city_count: z.number().int() });
