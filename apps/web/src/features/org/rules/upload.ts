/**
 * Client-side checks of an import file before it is sent (the server checks the same again):
 * .xlsx only, at most 20 MB, not empty. Messages match the server's (modules/tasks/tasks.errors.ts).
 */
export const IMPORT_MAX_MB = 20;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const IMPORT_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const UPLOAD_ERRORS = {
  type: '仅支持 .xlsx 格式的 Excel 文件',
  size: `文件大小不能超过 ${IMPORT_MAX_MB}MB`,
  empty: '文件内容为空，请检查后重新选择',
} as const;

export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.xlsx$/i.test(file.name.trim())) return UPLOAD_ERRORS.type;
  if (file.size === 0) return UPLOAD_ERRORS.empty;
  if (file.size > IMPORT_MAX_BYTES) return UPLOAD_ERRORS.size;
  return null;
}

/** 1.5 MB / 820 KB / 12 B */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
