import type {
  FormCopyBody,
  FormDetail as FormDetailSchema,
  FormEnableBody,
  FormForBillType as FormForBillTypeSchema,
  FormPage as FormPageSchema,
  FormPageQuery,
  FormPublished,
  FormSaveBody,
  FormSaved,
  FormVersion as FormVersionSchema,
  FormVersionQuery,
} from '@feikong/contracts';
import type { z } from 'zod';
import type { Encodable } from './http/encode';
import { FINOBILL } from './flow';
import { http } from './http/request';

// Typed calls of 自定义表单 (/finobill/api/web/form/*, docs/decisions/0025-custom-forms.md): templates with
// versions for the designer and list, and the published version a document of a bill type is filled with.

const F = (p: string) => `${FINOBILL}/form/${p}`;
type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;
const q = (o: object) => o as Encodable;
/** Forms show field errors by their inputs. */
const fields = { handleFieldErrors: true } as const;

export type FormPage = Out<typeof FormPageSchema>;
export type FormRow = FormPage['items'][number];
export type FormListQuery = In<typeof FormPageQuery>;
export type FormDetail = Out<typeof FormDetailSchema>;
export type FormVersion = Out<typeof FormVersionSchema>;
export type FormSave = In<typeof FormSaveBody>;

export const formApi = {
  pageList: (query: FormListQuery, signal?: AbortSignal) =>
    http.get<FormPage>(F('pageList'), q(query), { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<FormDetail>(F('detail'), { id }, { signal }),
  /** The designer shows a refusal's field issues beside the fields itself. */
  save: (body: FormSave) => http.post<Out<typeof FormSaved>>(F('save'), body, { silent: true }),
  publish: (id: number) => http.post<Out<typeof FormPublished>>(F('publish'), { id }, { silent: true }),
  enable: (body: In<typeof FormEnableBody>) => http.post<unknown>(F('enable'), body, fields),
  copy: (body: In<typeof FormCopyBody>) => http.post<Out<typeof FormSaved>>(F('copy'), body, fields),
  /** A refusal (表单已被单据使用) is shown by the list itself. */
  remove: (id: number) => http.post<unknown>(F('delete'), { id }, { silent: true }),
  /** The published form new documents of a type are filled with; null when the type has none. */
  forBillType: (billType: string, signal?: AbortSignal) =>
    http.get<Out<typeof FormForBillTypeSchema>>(F('forBillType'), { billType }, { signal }),
  /** One published version (what a saved document was created on). */
  version: (query: In<typeof FormVersionQuery>, signal?: AbortSignal) =>
    http.get<FormVersion>(F('version'), q(query), { signal }),
};
