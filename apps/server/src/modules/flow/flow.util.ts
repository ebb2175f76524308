/** Conversions between the database (numeric ids, epoch ms) and the engine (string ids, ISO times). */
export const iso = (ms: number) => new Date(ms).toISOString();
export const msOf = (isoTime: string) => Date.parse(isoTime);
export const sid = (n: number) => String(n);
export const nid = (s: string) => Number(s);
export const parseJson = <T>(s: string | null | undefined, fallback: T): T => {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};
/** Page info as the lists answer it. */
export const pageOf = <T>(items: T[], pageNum: number, pageSize: number, total: number) => ({
  items,
  page: { page_num: pageNum, page_size: pageSize, total },
});

/** `%s%` for LIKE with backslash escapes (use with `escape '\\'`). */
export function likeContains(s: string) {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
