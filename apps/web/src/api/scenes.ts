import type {
  MySceneList,
  SceneAddBody,
  SceneCopyBody,
  SceneDetail as SceneDetailSchema,
  SceneDraftBody,
  SceneList as SceneListSchema,
  SceneListQuery,
  ScenePublished,
  SceneRuleTypeList,
  SceneStatusBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 场景管理 (/consume-quota-center/api/v1/scenes/*, docs/decisions/0041).

export const SCENES = '/consume-quota-center/api/v1/scenes';
const S = (p: string) => `${SCENES}/${p}`;
type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;
const fields = { handleFieldErrors: true } as const;

export type SceneList = Out<typeof SceneListSchema>;
export type SceneRow = SceneList['list'][number];
export type SceneDetail = Out<typeof SceneDetailSchema>;
export type SceneQuery = In<typeof SceneListQuery>;

export const scenesApi = {
  list: (query: SceneQuery, signal?: AbortSignal) =>
    http.get<SceneList>(S('list'), query as Encodable, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<SceneDetail>(S('detail'), { id }, { signal }),
  ruleTypes: (category: number, signal?: AbortSignal) =>
    http.get<Out<typeof SceneRuleTypeList>>(S('ruleTypes'), { category }, { signal }),
  add: (body: In<typeof SceneAddBody>) => http.post<SceneDetail>(S('add'), body, fields),
  draft: (body: In<typeof SceneDraftBody>) => http.post<SceneDetail>(S('draft'), body, fields),
  publish: (id: number) => http.post<Out<typeof ScenePublished>>(S('publish'), { id }, fields),
  status: (body: In<typeof SceneStatusBody>) => http.post<SceneDetail>(S('status'), body, fields),
  copy: (body: In<typeof SceneCopyBody>) => http.post<SceneDetail>(S('copy'), body, fields),
  remove: (id: number) => http.post<unknown>(S('delete'), { id }, { silent: true }),
  mine: (signal?: AbortSignal) => http.get<Out<typeof MySceneList>>(S('mine'), undefined, { signal }),
};
