import type { FileMergeBody, FileMergeReply } from '@feikong/contracts';
import type { z } from 'zod';
import { http, type RequestOptions } from './http/request';

/** POST /finopublic/api/web/file/merge (spec §7.13): jpg/jpeg/png/pdf into one PDF, others listed singly. */
export const MERGE_PATH = '/finopublic/api/web/file/merge';

export type FileMergeResult = z.output<typeof FileMergeReply>;

export const filesApi = {
  merge: (body: FileMergeBody, options?: Pick<RequestOptions, 'silent'>) =>
    http.post<FileMergeResult>(MERGE_PATH, body, { timeout: 120_000, ...options }),
};
