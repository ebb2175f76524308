import { AppError } from '../../platform/errors.js';

/**
 * Error codes of the flow module (审批流设计, 单据, 审批): 1130xxxx; the last three digits follow the HTTP
 * meaning (400 a refused input, 403 not allowed, 404 not found, 409 the state does not allow it).
 * Refusals of the engine (任务已处理 …) carry its own Chinese message under `refused`.
 */
export const FlowCode = {
  badDefinition: 11300400,
  noFlow: 11301400,
  agentOverlap: 11302400,
  badInput: 11303400,
  badForm: 11304400,
  formNeverPublished: 11305400,
  forbidden: 11300403,
  flowNotFound: 11300404,
  groupNotFound: 11301404,
  matrixNotFound: 11302404,
  agentNotFound: 11303404,
  billNotFound: 11304404,
  staffNotFound: 11305404,
  lineNotFound: 11306404,
  formNotFound: 11307404,
  refused: 11300409,
  inUse: 11301409,
  billState: 11302409,
  nameTaken: 11303409,
  busy: 11304409,
} as const;

const fields = (field: string, msg: string) => ({ fields: [{ field, msg }] });

export const flowErrors = {
  badDefinition: (issues: { nodeId?: string; message: string }[], names: Map<string, string>) => {
    const text = issues
      .map((i) => (i.nodeId ? `节点「${names.get(i.nodeId) ?? i.nodeId}」：${i.message}` : i.message))
      .join('；');
    return new AppError(FlowCode.badDefinition, `流程设计有误：${text}`, 400, {
      issues: issues.map((i) => ({ nodeId: i.nodeId ?? null, message: i.message })),
    });
  },
  neverPublished: () => new AppError(FlowCode.noFlow, '该流程还没有发布，请先发布', 400),
  noFlow: (typeText: string) =>
    new AppError(FlowCode.noFlow, `没有可用的${typeText}审批流程，请联系管理员发布并启用`, 400),
  agentOverlap: () =>
    new AppError(
      FlowCode.agentOverlap,
      '该时间段与被代理人已有的代理设置重叠，请调整时间',
      400,
      fields('startAt', '时间重叠'),
    ),
  /** Custom form values refused (form.values.ts): every issue names its field's label. */
  badForm: (issues: { key: string; message: string }[]) =>
    new AppError(FlowCode.badForm, issues.map((i) => i.message).join('；'), 400, {
      fields: issues.map((i) => ({ field: `formValues.${i.key}`, msg: i.message })),
    }),
  formNeverPublished: () => new AppError(FlowCode.formNeverPublished, '该表单还没有发布，请先发布', 400),
  badInput: (field: string, msg: string) => new AppError(FlowCode.badInput, msg, 400, fields(field, msg)),
  forbidden: (msg = '没有权限执行该操作') => new AppError(FlowCode.forbidden, msg, 403),
  flowNotFound: () => new AppError(FlowCode.flowNotFound, '流程不存在或已被删除', 404),
  groupNotFound: () => new AppError(FlowCode.groupNotFound, '流程分组不存在或已被删除', 404),
  matrixNotFound: () => new AppError(FlowCode.matrixNotFound, '审批矩阵不存在或已被删除', 404),
  formNotFound: () => new AppError(FlowCode.formNotFound, '表单不存在或已被删除', 404),
  agentNotFound: () => new AppError(FlowCode.agentNotFound, '代理设置不存在', 404),
  billNotFound: () => new AppError(FlowCode.billNotFound, '单据不存在或已被删除', 404),
  staffNotFound: (what = '员工') => new AppError(FlowCode.staffNotFound, `${what}不存在或已离职`, 404),
  lineNotFound: (what: string) => new AppError(FlowCode.lineNotFound, `${what}不存在或已被删除`, 404),
  refused: (message: string) => new AppError(FlowCode.refused, message, 409),
  inUse: (msg: string) => new AppError(FlowCode.inUse, msg, 409),
  billState: (msg: string) => new AppError(FlowCode.billState, msg, 409),
  nameTaken: (what: string) => new AppError(FlowCode.nameTaken, `${what}名称已存在`, 409),
  busy: () => new AppError(FlowCode.busy, '单据正在被其他人处理，请稍后重试', 409),
};
