import { AppError } from '../../platform/errors.js';

/**
 * Error codes of 项目 (1152xxxx; the last three digits follow the HTTP meaning). Request-field errors are the
 * platform's (400 naming the field).
 */
export const ProjectCode = {
  /** An owner or member who is no active staff member of the tenant. */
  badStaff: 11520400,
  /** A document names a project that is not the tenant's, or not 进行中. */
  notUsable: 11520422,
  notFound: 11520404,
  codeTaken: 11520409,
  /** 删除 of a project documents carry. */
  inUse: 11521409,
} as const;

export const projectErrors = {
  notFound: () => new AppError(ProjectCode.notFound, '项目不存在或已被删除', 404),
  codeTaken: (code: string) =>
    new AppError(ProjectCode.codeTaken, `项目编码「${code}」已存在`, 409, {
      fields: [{ field: 'code', msg: `项目编码「${code}」已存在` }],
    }),
  badStaff: (field: 'owner_id' | 'member_ids', what: string) =>
    new AppError(ProjectCode.badStaff, `${what}不存在或已离职`, 400, {
      fields: [{ field, msg: `${what}不存在或已离职` }],
    }),
  inUse: (name: string, count: number, numbers: string[]) =>
    new AppError(
      ProjectCode.inUse,
      `项目「${name}」已被${count}张单据使用（${numbers.join('、')}${count > numbers.length ? '等' : ''}），不能删除，可将其停用`,
      409,
    ),
  notUsable: (field: string, why: string) =>
    new AppError(ProjectCode.notUsable, why, 400, { fields: [{ field, msg: why }] }),
};
