import { z } from 'zod';

/**
 * Reply shapes shared by every API family. Each family declares its data schemas under
 * `src/<family>/` and wraps them here: the server hangs `envelopeOf(X)` on `schema.response[200]`
 * (compiled into a serializer that also drops undeclared fields), the web infers its types from X.
 */
export const pageInfoSchema = z.object({
  page_num: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

/** `{status, msg, data}` with `data` of the given shape (spec §7.1). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}

/** `{items, page}`: the paged list shape used across families. */
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: pageInfoSchema });
}

/** A reply whose data carries nothing (`null`). */
export const emptyData = z.null();
