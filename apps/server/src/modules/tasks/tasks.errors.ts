import { AppError } from '../../platform/errors.js';
import { TASK_FAILED_CODE } from '../../platform/tasks.js';

/**
 * Error codes of the task centre (background imports and exports).
 * 1050xxxx: the last three digits follow the HTTP meaning, a running number in front.
 * Validation errors of request fields are the platform's (10000400).
 */
export const TaskCode = {
  unsupportedType: 10500400,
  fileMissing: 10501400,
  fileType: 10502400,
  fileTooLarge: 10503400,
  /** A handler failed its task on purpose (taskFailure); shown as the task's error_msg. */
  taskFailed: TASK_FAILED_CODE,
  forbidden: 10500403,
  notFound: 10500404,
  running: 10500409,
} as const;
export type TaskCode = (typeof TaskCode)[keyof typeof TaskCode];

/** Upload limits of an import file. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['.xlsx'] as const;

export const taskMessages = {
  unsupportedType: '暂不支持该任务类型',
  fileMissing: '请选择要导入的文件',
  fileType: '仅支持 .xlsx 格式的 Excel 文件',
  fileTooLarge: `文件大小不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024}MB`,
  forbidden: '您没有该操作的权限',
  notFound: '任务不存在',
  running: '任务执行中，不能删除',
  /** error_msg of a task whose handler threw something unexpected (the cause is logged). */
  unexpected: '任务执行失败，请稍后重试',
} as const;

export const taskErrors = {
  unsupportedType: () => new AppError(TaskCode.unsupportedType, taskMessages.unsupportedType, 400),
  fileMissing: () => new AppError(TaskCode.fileMissing, taskMessages.fileMissing, 400),
  fileType: () => new AppError(TaskCode.fileType, taskMessages.fileType, 400),
  fileTooLarge: () => new AppError(TaskCode.fileTooLarge, taskMessages.fileTooLarge, 400),
  forbidden: () => new AppError(TaskCode.forbidden, taskMessages.forbidden, 403),
  notFound: () => new AppError(TaskCode.notFound, taskMessages.notFound, 404),
  running: () => new AppError(TaskCode.running, taskMessages.running, 409),
};
