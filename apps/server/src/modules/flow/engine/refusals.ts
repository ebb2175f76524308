import type { EngineResult, Refusal, RefusalCode } from './types.js';

/** The Chinese message of each refusal: what the approver is told when an action cannot be done. */
export const REFUSAL_MESSAGES: Record<RefusalCode, string> = {
  TASK_NOT_FOUND: '任务不存在',
  TASK_DONE: '任务已处理',
  TASK_NOT_STARTED: '任务尚未轮到您审批',
  NOT_ASSIGNEE: '您不是该任务的审批人',
  INSTANCE_NOT_RUNNING: '流程已结束',
  DELEGATION_PENDING: '任务已委派，请等待被委派人处理',
  NOT_DELEGATED: '任务不是委派给您的，无法交回',
  SELF_TRANSFER: '不能转办给自己',
  TARGET_INACTIVE: '接收人不存在或已停用',
  BAD_BACK_TARGET: '只能退回到已经过的审批节点',
  NOT_SUBMITTER: '只有提交人可以操作',
  ALREADY_ACTED: '已有审批人处理，不能撤回',
  REASON_REQUIRED: '请填写原因',
  NOT_ADMIN: '只有管理员可以干预流程',
  NO_SIGNERS: '请选择加签人',
  NOT_SIGN_TASK: '只能减去您加签且尚未处理的任务',
  CHOSEN_MISSING: '请选择审批人',
  SELF_APPROVE: '不能审批本人提交的单据，请转办给其他人审批',
  TO_SUBMITTER: '不能交给单据的提交人审批',
  NO_REVIEWER: '没有发起人以外的人员可以审批，请管理员为您设置直属上级或调整审批流程',
  BAD_DEFINITION: '流程定义有误',
};

export function refuse(code: RefusalCode, message = REFUSAL_MESSAGES[code]): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: { code, message } };
}

export type { EngineResult };
