import { FIELD } from './types.js';
import type { AgentWindow, ApproverSource, Directory, FormValues, NodeId, StaffId } from './types.js';

export interface ResolveInput {
  submitter: StaffId;
  values: FormValues;
  chosen: Readonly<Record<NodeId, StaffId[]>>;
  nodeId: NodeId;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

function fromSource(s: ApproverSource, input: ResolveInput, dir: Directory): StaffId[] {
  switch (s.kind) {
    case 'staff':
      return s.staffIds;
    case 'supervisor': {
      const sup = dir.supervisorOf(input.submitter, s.levels);
      return sup ? [sup] : [];
    }
    case 'departmentHead': {
      const dept = s.departmentId ?? str(input.values[FIELD.department]) ?? dir.departmentOf(input.submitter);
      const head = dept ? dir.headOfDepartment(dept) : undefined;
      return head ? [head] : [];
    }
    case 'group':
      return dir.membersOfGroup(s.groupId);
    case 'matrix': {
      const amount = input.values[FIELD.amount];
      return dir.matrixLookup({
        matrixId: s.matrixId,
        companyId: str(input.values[FIELD.company]),
        departmentId: str(input.values[FIELD.department]) ?? dir.departmentOf(input.submitter),
        amount: typeof amount === 'number' ? amount : 0,
      });
    }
    case 'chosen':
      return input.chosen[input.nodeId] ?? [];
  }
}

/** The approvers (or CC recipients) of a node: every source in order, active staff only, each once. */
export function resolveStaff(
  sources: readonly ApproverSource[],
  input: ResolveInput,
  dir: Directory,
): StaffId[] {
  const out: StaffId[] = [];
  for (const s of sources) {
    for (const id of fromSource(s, input, dir)) if (!out.includes(id) && dir.isActive(id)) out.push(id);
  }
  return out;
}

/**
 * The agent window that takes a task for `principal` created at `now` in `flowId`, if any. A window whose
 * agent submitted the document does not apply: nobody approves their own spend, not even 代 someone.
 */
export function agentFor(
  principal: StaffId,
  flowId: string,
  now: string,
  agents: readonly AgentWindow[] | undefined,
  dir: Directory,
  submitter?: StaffId,
): AgentWindow | undefined {
  const t = Date.parse(now);
  return agents?.find(
    (w) =>
      w.principal === principal &&
      w.agent !== principal &&
      w.agent !== submitter &&
      Date.parse(w.from) <= t &&
      t < Date.parse(w.to) &&
      (!w.scope?.flowIds || w.scope.flowIds.includes(flowId)) &&
      dir.isActive(w.agent),
  );
}
