import { AppError } from '../../platform/errors.js';

/** Error codes of the base family (1164xxxx; the last three digits follow the HTTP meaning). */
export const BaseCode = {
  /** keyWord names an enumeration the registry does not hold. */
  unknownEnum: 11640400,
  /** filter is not the JSON `{"categoryCode": "…"}`. */
  badFilter: 11641400,
  dictNotFound: 11640404,
  /** A dictionary code already used (the tenant's own or a system one). */
  dictCodeTaken: 11640409,
  /** A change to a system dictionary, or deleting a dictionary that still has entries. */
  dictReadOnly: 11641403,
  dictNotEmpty: 11641409,
  itemNotFound: 11642404,
  itemCodeTaken: 11642409,
  announcementNotFound: 11643404,
  /** A step the announcement's status does not allow (publish a published one, edit a published one, …). */
  announcementState: 11643409,
  bannerNotFound: 11644404,
  /** The image is not a file of the tenant in storage. */
  badImage: 11644400,
} as const;

const field = (code: number, name: string, msg: string, http = 400) =>
  new AppError(code, msg, http, { fields: [{ field: name, msg }] });

export const baseErrors = {
  unknownEnum: (names: string[]) =>
    field(BaseCode.unknownEnum, 'keyWord', `枚举类型不存在：${names.join('、')}`),
  badFilter: () =>
    field(BaseCode.badFilter, 'filter', '过滤条件格式不正确，应为 {"categoryCode":"字典编码"}'),
  dictNotFound: () => new AppError(BaseCode.dictNotFound, '数据字典不存在或已被删除', 404),
  dictCodeTaken: (code: string) =>
    field(BaseCode.dictCodeTaken, 'category_code', `字典编码「${code}」已存在`, 409),
  dictReadOnly: () => new AppError(BaseCode.dictReadOnly, '系统字典不能修改', 403),
  dictNotEmpty: (name: string, n: number) =>
    new AppError(BaseCode.dictNotEmpty, `数据字典「${name}」下还有${n}个字典项，请先删除字典项`, 409),
  itemNotFound: () => new AppError(BaseCode.itemNotFound, '字典项不存在或已被删除', 404),
  itemCodeTaken: (code: string) =>
    field(BaseCode.itemCodeTaken, 'dict_code', `字典项编码「${code}」已存在`, 409),
  announcementNotFound: () => new AppError(BaseCode.announcementNotFound, '公告不存在或已被删除', 404),
  announcementState: (msg: string) => new AppError(BaseCode.announcementState, msg, 409),
  bannerNotFound: () => new AppError(BaseCode.bannerNotFound, '轮播图不存在或已被删除', 404),
  badImage: () => field(BaseCode.badImage, 'image_key', '图片不存在，请重新上传'),
};
