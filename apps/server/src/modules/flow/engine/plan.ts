import { pickBranch } from './conditions.js';
import { nodeById, startNode } from './definition.js';
import { resolveStaff } from './resolve.js';
import { nodePeople, reviewersFor, type SelfRoute } from './selfApproval.js';
import type { ApproveMode, Directory, FlowDefinition, FormValues, NodeId, StaffId } from './types.js';

export interface PlannedStep {
  nodeId: NodeId;
  name: string;
  kind: 'approver' | 'cc';
  /** Approvers in order (or CC recipients); empty when nobody was found. */
  staff: StaffId[];
  mode?: ApproveMode;
  /** Set when the step would pass by itself (nobody found). */
  autoPass?: 'ASSIGN_EMPTY_APPROVE';
  /** The submitter was among the approvers: where their share went (`none`: nobody else could approve). */
  selfRoute?: SelfRoute;
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
  const who = { submitter: doc.submitter, values: doc.values, chosen: doc.chosen ?? {} };
  let node = startNode(def);
  for (let guard = 0; node && guard <= def.nodes.length; guard++) {
    if (node.type === 'end') return { steps, endNodeId: node.id };
    let next: NodeId | undefined;
    if (node.type === 'start') next = node.next;
    else if (node.type === 'condition') next = pickBranch(node.branches, doc.values)?.next;
    else {
      const staff = resolveStaff(node.sources, { ...who, nodeId: node.id }, directory);
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
        const found = nodePeople(node, who, directory);
        step.staff = found;
        if (staff.length === 0 && found.length) step.toAdministrators = true;
        if (found.length === 0) step.autoPass = 'ASSIGN_EMPTY_APPROVE';
        else {
          const r = reviewersFor(def, node, found, who, directory);
          if (r.kind === 'people') {
            step.staff = r.people;
            if (r.route) step.selfRoute = r.route;
          } else {
            step.staff = [];
            step.selfRoute = r.kind === 'skip' ? 'next' : 'none';
          }
        }
        steps.push(step);
      }
    }
    node = next ? nodeById(def, next) : undefined;
  }
  throw new Error(`flow ${def.flowId} has no way to an end`);
}
