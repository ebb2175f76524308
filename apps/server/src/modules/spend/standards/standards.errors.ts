import { AppError } from '../../../platform/errors.js';

/**
 * Error codes of 差旅与费用标准 (1147xxxx; the last three digits follow the HTTP meaning). Request-field
 * errors are the platform's.
 */
export const StandardCode = {
  /** A grade, job or city group in the body is not the tenant's. */
  dimensionUnknown: 11470400,
  staffNotFound: 11470404,
} as const;

export const standardErrors = {
  /** field: the body path (cells.3.subjectId), so the editor marks the cell. */
  unknownSubject: (field: string, what: string) =>
    new AppError(StandardCode.dimensionUnknown, `${what}不存在`, 400, {
      fields: [{ field, msg: `${what}不存在` }],
    }),
  unknownCityGroup: (field: string) =>
    new AppError(StandardCode.dimensionUnknown, '城市组不存在', 400, {
      fields: [{ field, msg: '城市组不存在' }],
    }),
  staffNotFound: () => new AppError(StandardCode.staffNotFound, '员工不存在或已离职', 404),
};

/** ¥1,234.50 from 分. */
export function yuan(fen: number) {
  return `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
