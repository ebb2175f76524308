import { AppError } from '../../../platform/errors.js';

/** Error codes of 场景管理 (1221xxxx; the last three digits follow the HTTP meaning). */
export const ScenesCode = {
  badContent: 12210400,
  sceneNotFound: 12210404,
  nameTaken: 12210409,
  presetNotDeletable: 12211409,
  notPublished: 12212409,
} as const;

const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });

export const scenesErrors = {
  sceneNotFound: () => new AppError(ScenesCode.sceneNotFound, '场景不存在或已被删除', 404),
  nameTaken: (name: string) =>
    new AppError(ScenesCode.nameTaken, `场景名称「${name}」已存在`, 409, fields('name', '场景名称已存在')),
  presetNotDeletable: () =>
    new AppError(ScenesCode.presetNotDeletable, '系统预置场景不能删除，可关闭或编辑', 409),
  notPublished: () => new AppError(ScenesCode.notPublished, '场景尚未发布，请先发布后再开启', 409),
  badContent: (field: string, msg: string) =>
    new AppError(ScenesCode.badContent, msg, 400, fields(field, msg)),
};
