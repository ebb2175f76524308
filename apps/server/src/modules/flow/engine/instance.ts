/** The submitter's side of an instance: submit, resubmit, withdraw, urge. */
import { startNode, validateDefinition } from './definition.js';
import { planRoute } from './plan.js';
import { refuse } from './refusals.js';
import { begin, cancelOpen, commit, emit, enterNode, finish } from './progress.js';
import type { EngineContext, EngineResult, FlowInstance, FormValues, NodeId, StaffId } from './types.js';

export interface SubmitAction {
  instanceId: string;
  submitter: StaffId;
  values: FormValues;
  /** Approvers the submitter picked, per node with a `chosen` source. */
  chosen?: Record<NodeId, StaffId[]>;
}

function checkChosen(
  a: Pick<SubmitAction, 'submitter' | 'values' | 'chosen'>,
  ctx: EngineContext,
): EngineResult | undefined {
  const issues = validateDefinition(ctx.definition);
  if (issues.length) return refuse('BAD_DEFINITION', issues[0].message);
  const steps = planRoute(ctx.definition, a, ctx.directory).steps;
  const missing = steps.find((s) => s.chosenMissing);
  if (missing) return refuse('CHOSEN_MISSING', `请选择「${missing.name}」的审批人`);
  // Nobody but the submitter could approve a step: refused before anything runs (selfApproval.ts).
  const alone = steps.find((s) => s.selfRoute === 'none');
  if (alone)
    return refuse(
      'NO_REVIEWER',
      `「${alone.name}」没有发起人以外的人员可以审批，请管理员为您设置直属上级或调整审批流程`,
    );
  return undefined;
}

/** A new instance on ctx.definition's version, already moved to its first approver step (or its end). */
export function submit(a: SubmitAction, ctx: EngineContext): EngineResult {
  const bad = checkChosen(a, ctx);
  if (bad) return bad;
  const blank: FlowInstance = {
    id: a.instanceId,
    flowId: ctx.definition.flowId,
    version: ctx.definition.version,
    submitter: a.submitter,
    values: a.values,
    chosen: a.chosen ?? {},
    status: 'running',
    path: [],
    tasks: [],
    revision: 0,
    round: 0,
    humanActed: false,
    submittedAt: ctx.now,
  };
  const d = begin(blank, ctx);
  emit(d, { type: 'submitted', actor: a.submitter });
  enterNode(d, startNode(ctx.definition)!.id);
  return commit(d, false);
}

/** Submit again after 退回发起人 or 撤回: same instance and flow version, a fresh walk from the start. */
export function resubmit(
  state: FlowInstance,
  a: { actor: StaffId; values: FormValues; chosen?: Record<NodeId, StaffId[]> },
  ctx: EngineContext,
): EngineResult {
  if (a.actor !== state.submitter) return refuse('NOT_SUBMITTER');
  if (state.status !== 'returned' && state.status !== 'withdrawn')
    return refuse('INSTANCE_NOT_RUNNING', '单据正在审批中或已结束');
  const chosen = a.chosen ?? state.chosen;
  const bad = checkChosen({ submitter: state.submitter, values: a.values, chosen }, ctx);
  if (bad) return bad;
  const d = begin(state, ctx);
  Object.assign(d.s, {
    values: a.values,
    chosen,
    status: 'running',
    path: [],
    humanActed: false,
    submittedAt: ctx.now,
  });
  emit(d, { type: 'submitted', actor: a.actor });
  enterNode(d, startNode(ctx.definition)!.id);
  return commit(d, false);
}

/**
 * 撤回 by the submitter (Y withdraw; CANCEL_BY_WITHDRAW). Allowed while the instance runs and no person has
 * acted since the last submit (approve, reject, transfer, delegate, add/remove sign, an administrator);
 * automatic passes and urging do not count.
 */
export function withdraw(
  state: FlowInstance,
  a: { actor: StaffId; reason?: string },
  ctx: EngineContext,
): EngineResult {
  if (a.actor !== state.submitter) return refuse('NOT_SUBMITTER');
  if (state.status !== 'running') return refuse('INSTANCE_NOT_RUNNING');
  if (state.humanActed) return refuse('ALREADY_ACTED');
  const d = begin(state, ctx);
  if (d.s.currentNodeId) cancelOpen(d, d.s.currentNodeId, '提交人撤回，系统自动取消');
  emit(d, { type: 'withdrawn', actor: a.actor, opinion: a.reason });
  finish(d, 'withdrawn');
  return commit(d, false);
}

/** 催办: only an event to the approvers whose tasks are running; the state is unchanged. */
export function urge(
  state: FlowInstance,
  a: { actor: StaffId; message?: string },
  ctx: EngineContext,
): EngineResult {
  if (a.actor !== state.submitter) return refuse('NOT_SUBMITTER');
  if (state.status !== 'running') return refuse('INSTANCE_NOT_RUNNING');
  const to = state.tasks.filter((t) => t.status === 'running').map((t) => t.assignee);
  return {
    ok: true,
    state,
    events: [
      {
        type: 'urged',
        at: ctx.now,
        instanceId: state.id,
        nodeId: state.currentNodeId,
        actor: a.actor,
        to: [...new Set(to)],
        opinion: a.message,
      },
    ],
  };
}
