import type {
  ProjectAddBody,
  ProjectIdReply,
  ProjectInfo,
  ProjectListQuery,
  ProjectOptionList,
  ProjectPage,
  ProjectUpdateBody,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { http } from './http/request';

// Typed calls of 项目 (/finobill/api/web/project/*, docs/decisions/0050).

export const PROJECTS = '/finobill/api/web/project';
const P = (p: string) => `${PROJECTS}/${p}`;
type Out<T extends z.ZodType> = z.output<T>;
const fields = { handleFieldErrors: true } as const;

export type ProjectPageData = Out<typeof ProjectPage>;
export type ProjectRow = ProjectPageData['items'][number];
export type ProjectDetail = Out<typeof ProjectInfo>;
export type ProjectQuery = z.input<typeof ProjectListQuery>;
export type ProjectChoice = Out<typeof ProjectOptionList>[number];
type IdReply = Out<typeof ProjectIdReply>;

export const projectApi = {
  list: (query: ProjectQuery, signal?: AbortSignal) =>
    http.get<ProjectPageData>(P('list'), query as Encodable, { signal }),
  info: (id: number, signal?: AbortSignal) => http.get<ProjectDetail>(P('info'), { id }, { signal }),
  add: (body: ProjectAddBody) => http.post<IdReply>(P('add'), body, fields),
  update: (body: ProjectUpdateBody) => http.post<IdReply>(P('update'), body, fields),
  status: (body: { id: number; status: number }) => http.post<IdReply>(P('status'), body),
  remove: (id: number) => http.post<IdReply>(P('delete'), { id }, { silent: true }),
  options: (keyword?: string, signal?: AbortSignal) =>
    http.get<ProjectChoice[]>(P('options'), keyword ? { keyword } : undefined, { signal }),
};
