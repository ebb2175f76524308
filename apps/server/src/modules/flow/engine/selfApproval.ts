/**
 * Nobody approves their own spend (issue 20, part 6; docs/decisions/0039-nobody-approves-own-spend.md).
 * When an approver node's people include the submitter, the submitter's share goes elsewhere:
 *   `superior` (default): to the submitter's direct superior;
 *   `next`, or `superior` with no superior: to the node's other approvers, else the node is skipped when a
 *   later approver node on the route has someone other than the submitter, else to the tenant's
 *   administrators other than the submitter; when there is nobody at all the document cannot go on
 *   (`none`: submit is refused, a running document goes back to its submitter).
 */
import { pickBranch } from './conditions.js';
import { nodeById } from './definition.js';
import { resolveStaff, type ResolveInput } from './resolve.js';
import type { ApproverNode, Directory, FlowDefinition, NodeId, StaffId } from './types.js';

export type SelfRoute = 'superior' | 'others' | 'next' | 'admin' | 'none';

export type Reviewers =
  | { kind: 'people'; people: StaffId[]; route?: Exclude<SelfRoute, 'next' | 'none'> }
  | { kind: 'skip' }
  | { kind: 'none' };

/** The reason each route is recorded with (approval record, simulator). */
export const SELF_ROUTE_TEXT: Record<SelfRoute, string> = {
  superior: '审批人为发起人，转交发起人的上级审批',
  others: '审批人为发起人，由本节点其他审批人审批',
  next: '审批人为发起人，转下一节点审批',
  admin: '审批人为发起人且无上级和后续审批人，转交管理员审批',
  none: '没有发起人以外的人员可以审批，单据退回发起人',
};

interface Doc {
  submitter: StaffId;
  values: ResolveInput['values'];
  chosen: ResolveInput['chosen'];
}

/** A node's approvers before the self rule: its sources, or the administrators when it says so. */
export function nodePeople(node: ApproverNode, doc: Doc, dir: Directory): StaffId[] {
  const people = resolveStaff(node.sources, { ...doc, nodeId: node.id }, dir);
  if (people.length === 0 && node.whenEmpty === 'admin') {
    return dir.administrators().filter((a) => dir.isActive(a));
  }
  return people;
}

function superiorOf(submitter: StaffId, dir: Directory): StaffId | undefined {
  const sup = dir.supervisorOf(submitter, 1);
  return sup && sup !== submitter && dir.isActive(sup) ? sup : undefined;
}

/** Whether an approver node after `from` on the document's route has someone other than the submitter. */
function laterReviewer(def: FlowDefinition, from: NodeId, doc: Doc, dir: Directory): boolean {
  let id: NodeId | undefined = from;
  for (let guard = 0; id && guard <= def.nodes.length; guard++) {
    const node = nodeById(def, id);
    if (!node || node.type === 'end') return false;
    if (node.type === 'condition') id = pickBranch(node.branches, doc.values)?.next;
    else if (node.type === 'approver') {
      const people = nodePeople(node, doc, dir);
      if (people.some((p) => p !== doc.submitter)) return true;
      if (people.length && node.selfApprove === 'superior' && superiorOf(doc.submitter, dir)) return true;
      id = node.next;
    } else id = node.next;
  }
  return false;
}

/** Who reviews `node` for this document once the submitter's own share is taken out. */
export function reviewersFor(
  def: FlowDefinition,
  node: ApproverNode,
  people: StaffId[],
  doc: Doc,
  dir: Directory,
): Reviewers {
  if (!people.includes(doc.submitter)) return { kind: 'people', people };
  if (node.selfApprove === 'superior') {
    const sup = superiorOf(doc.submitter, dir);
    if (sup) {
      const swapped = people.map((p) => (p === doc.submitter ? sup : p));
      return { kind: 'people', people: [...new Set(swapped)], route: 'superior' };
    }
  }
  const others = people.filter((p) => p !== doc.submitter);
  if (others.length) return { kind: 'people', people: others, route: 'others' };
  if (laterReviewer(def, node.next, doc, dir)) return { kind: 'skip' };
  const admins = dir.administrators().filter((a) => a !== doc.submitter && dir.isActive(a));
  if (admins.length) return { kind: 'people', people: admins, route: 'admin' };
  return { kind: 'none' };
}
