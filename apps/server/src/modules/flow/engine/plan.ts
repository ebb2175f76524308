import { pickBranch } from './conditions.js';
import { nodeById, startNode } from './definition.js';
import { resolveStaff } from './resolve.js';
import type { ApproveMode, Directory, FlowDefinition, FormValues, NodeId, StaffId } from './types.js';

export interface PlannedStep {
  nodeId: NodeId;
  name: string;
  kind: 'approver' | 'cc';
  /** Approvers in order (or CC recipients); empty when nobody was found. */
  staff: StaffId[];
  mode?: ApproveMode;
  /** Set when the step would pass by itself. */
  autoPass?: 'ASSIGN_EMPTY_APPROVE' | 'ASSIGN_START_USER_APPROVE';
  /** True when nobody was found and the administrators take the step. */
  toAdministrators?: boolean;
  /** An approver node whose `chosen` source the submitter left empty. */
  chosenMissing?: boolean;
}

export interface PlannedRoute {
  steps: PlannedStep[];
  /** The end node reached, assuming every step approves. */
  endNodeId: NodeId;
}

/**
 * The route a document takes if everyone approves: conditions depend only on form values, so it is known at
 * submit. Used by submit (chosen approvers present?) and by the simulator.
 */
export function planRoute(
  def: FlowDefinition,
  doc: { submitter: StaffId; values: FormValues; chosen?: Readonly<Record<NodeId, StaffId[]>> },
  directory: Directory,
): PlannedRoute {
  const steps: PlannedStep[] = [];
  let node = startNode(def);
  for (let guard = 0; node && guard <= def.nodes.length; guard++) {
    if (node.type === 'end') return { steps, endNodeId: node.id };
    let next: NodeId | undefined;
    if (node.type === 'start') next = node.next;
    else if (node.type === 'condition') next = pickBranch(node.branches, doc.values)?.next;
    else {
      const input = {
        submitter: doc.submitter,
        values: doc.values,
        chosen: doc.chosen ?? {},
        nodeId: node.id,
      };
      const staff = resolveStaff(node.sources, input, directory);
      next = node.next;
      if (node.type === 'cc') steps.push({ nodeId: node.id, name: node.name, kind: 'cc', staff });
      else {
        const step: PlannedStep = {
          nodeId: node.id,
          name: node.name,
          kind: 'approver',
          staff,
          mode: node.mode,
        };
        if (node.sources.some((s) => s.kind === 'chosen') && !doc.chosen?.[node.id]?.length) {
          step.chosenMissing = true;
        }
        if (staff.length === 0 && node.whenEmpty === 'admin') {
          step.staff = directory.administrators().filter((a) => directory.isActive(a));
          step.toAdministrators = true;
        }
        if (step.staff.length === 0) step.autoPass = 'ASSIGN_EMPTY_APPROVE';
        else if (node.selfApprove === 'autoPass' && step.staff.every((s) => s === doc.submitter)) {
          step.autoPass = 'ASSIGN_START_USER_APPROVE';
        }
        steps.push(step);
      }
    }
    node = next ? nodeById(def, next) : undefined;
  }
  throw new Error(`flow ${def.flowId} has no way to an end`);
}
