/** Builders for the engine tests: a small organisation, flows made of approver steps, a fixed clock. */
import { createMemoryDirectory } from './memoryDirectory.js';
import { submit } from './instance.js';
import type {
  AgentWindow,
  ApproveMode,
  ApproverNode,
  ApproverSource,
  EngineContext,
  EngineResult,
  FlowDefinition,
  FlowInstance,
  FlowNode,
  FormValues,
} from './types.js';

/** boss ← mgr ← alice, bob; heads: d1 → mgr; group g1: g1a, g1b, g1c; admins: admin. */
export const directory = createMemoryDirectory({
  staff: [
    { id: 'boss' },
    { id: 'mgr', supervisorId: 'boss', departmentId: 'd1' },
    { id: 'alice', supervisorId: 'mgr', departmentId: 'd1' },
    { id: 'bob', supervisorId: 'mgr', departmentId: 'd1' },
    { id: 'carol' },
    { id: 'dave' },
    { id: 'erin' },
    { id: 'frank' },
    { id: 'agent' },
    { id: 'gone', active: false },
    { id: 'g1a' },
    { id: 'g1b' },
    { id: 'g1c' },
    { id: 'admin' },
    { id: 'cfo' },
  ],
  departmentHeads: { d1: 'mgr', d2: 'dave' },
  groups: { g1: ['g1a', 'g1b', 'g1c'], empty: [] },
  matrix: [
    { matrixId: 'm', minAmount: 0, maxAmount: 100000, approvers: ['carol'] },
    { matrixId: 'm', minAmount: 100000, approvers: ['cfo'] },
    { matrixId: 'm', departmentId: 'd2', approvers: ['dave'] },
  ],
  administrators: ['admin'],
});

export function approver(
  id: string,
  sources: ApproverSource[],
  next: string,
  over: Partial<Omit<ApproverNode, 'id' | 'type' | 'sources' | 'next'>> & { mode?: ApproveMode } = {},
): ApproverNode {
  return {
    id,
    type: 'approver',
    name: `审批${id}`,
    next,
    sources,
    mode: { kind: 'orSign' },
    whenEmpty: 'autoPass',
    onReject: { kind: 'end' },
    selfApprove: 'superior',
    ...over,
  };
}

export const staff = (...staffIds: string[]): ApproverSource[] => [{ kind: 'staff', staffIds }];

/** start → the given nodes (each with its own next) → end. */
export function flow(first: string, nodes: FlowNode[]): FlowDefinition {
  return {
    flowId: 'f1',
    version: 1,
    name: '报销流程',
    nodes: [
      { id: 'start', type: 'start', name: '发起', next: first },
      ...nodes,
      { id: 'end', type: 'end', name: '结束' },
    ],
  };
}

export function ctxOf(
  definition: FlowDefinition,
  now = '2026-11-25T08:00:00.000Z',
  agents?: AgentWindow[],
): EngineContext {
  return { definition, directory, now, agents };
}

/** The state of an accepted result; fails the test with the refusal otherwise. */
export function ok(r: EngineResult) {
  if (!r.ok) throw new Error(`refused: ${r.refusal.code} ${r.refusal.message}`);
  return r;
}

export function start(
  def: FlowDefinition,
  values: FormValues = { amount: 5000 },
  submitter = 'alice',
  ctx = ctxOf(def),
) {
  return ok(submit({ instanceId: 'i1', submitter, values }, ctx));
}

/** The open (running) task of `who`. */
export function taskOf(s: FlowInstance, who: string) {
  const t = s.tasks.find((x) => x.assignee === who && x.status === 'running');
  if (!t) throw new Error(`${who} has no running task: ${JSON.stringify(s.tasks)}`);
  return t;
}

export const running = (s: FlowInstance) =>
  s.tasks.filter((t) => t.status === 'running').map((t) => t.assignee);
