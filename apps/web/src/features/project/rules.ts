/** The detail route of a project (项目新增 without an id). */
export const PROJECT_DETAIL = '/project/projectDetail';

/** A project's period as 开始 ~ 结束 ('YYYY-MM-DD'); an open end reads 不限, no period at all 不限. */
export const periodText = (start: string, end: string) =>
  start || end ? `${start || '不限'} ~ ${end || '不限'}` : '不限';
