import { AppError } from '../../platform/errors.js';

/** Error codes of 采购管理 (1162xxxx; the last three digits follow the HTTP meaning). */
export const PurchasingCode = {
  applyNotFound: 11620404,
  applyNotEditable: 11620409,
  /** 提交 of a 采购申请 without lines. */
  applyNoLines: 11620400,
  /** 逐行审批 by someone who holds no open approval task of the document. */
  notApprover: 11621403,
  /** 逐行审批 refusing every line (驳回 the document instead), or naming a line of another document. */
  badDecision: 11621400,
  taskNotFound: 11622404,
  taskStopped: 11622409,
  taskLineNotFound: 11623404,
  /** An order line asks for more than is left of its task line. */
  overOrder: 11623409,
  orderNotFound: 11624404,
  /** The same line twice in one order. */
  badOrder: 11624400,
  /** A purchase line's 费用类型 that is unknown, disabled or not for 采购申请. */
  badLineFeeType: 11625400,
} as const;

const fieldError = (code: number, field: string, msg: string, status = 400) =>
  new AppError(code, msg, status, { fields: [{ field, msg }] });

export const purchasingErrors = {
  applyNotFound: () => new AppError(PurchasingCode.applyNotFound, '采购申请不存在或已被删除', 404),
  applyNotEditable: () =>
    new AppError(PurchasingCode.applyNotEditable, '采购申请已提交，不能修改采购明细', 409),
  applyNoLines: () => fieldError(PurchasingCode.applyNoLines, 'lines', '请至少填写一行采购明细'),
  notApprover: () => new AppError(PurchasingCode.notApprover, '您不是该采购申请的当前审批人', 403),
  badDecision: (msg: string) => fieldError(PurchasingCode.badDecision, 'refused_line_ids', msg),
  taskNotFound: () => new AppError(PurchasingCode.taskNotFound, '采购任务不存在', 404),
  taskStopped: (number: string) =>
    new AppError(PurchasingCode.taskStopped, `采购任务${number}已终止，不能再下单`, 409),
  taskLineNotFound: () =>
    fieldError(PurchasingCode.taskLineNotFound, 'task_line_id', '采购任务明细不存在', 404),
  overOrder: (name: string, left: number) =>
    fieldError(PurchasingCode.overOrder, 'quantity', `「${name}」剩余可下单数量为${left}，不能超出`, 409),
  orderNotFound: () => new AppError(PurchasingCode.orderNotFound, '采购订单不存在', 404),
  badOrder: (msg: string) => fieldError(PurchasingCode.badOrder, 'lines', msg),
  badLineFeeType: (index: number, msg: string) =>
    fieldError(PurchasingCode.badLineFeeType, `lines.${index}.fee_type`, `第${index + 1}行：${msg}`),
};
