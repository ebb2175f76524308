import { validateDefinition } from './definition.js';
import { planRoute, type PlannedStep } from './plan.js';
import type { DefinitionIssue, Directory, FlowDefinition, FormValues, NodeId, StaffId } from './types.js';

export interface SimulatedDocument {
  documentId: string;
  submitter: StaffId;
  values: FormValues;
  chosen?: Record<NodeId, StaffId[]>;
}

export interface SimulationRow {
  documentId: string;
  steps: PlannedStep[];
  /** The end node reached when every step approves. */
  endNodeId: NodeId;
  endNodeName: string;
}

export type SimulationResult = { ok: true; rows: SimulationRow[] } | { ok: false; issues: DefinitionIssue[] };

/**
 * 流程模拟: who would approve each step of each past document under a draft flow (or matrix) and where it
 * would end. Pure; it walks the definition directly instead of running instances, so 1,000 documents are quick.
 */
export function simulate(
  def: FlowDefinition,
  documents: readonly SimulatedDocument[],
  directory: Directory,
): SimulationResult {
  const issues = validateDefinition(def);
  if (issues.length) return { ok: false, issues };
  const names = new Map(def.nodes.map((n) => [n.id, n.name]));
  return {
    ok: true,
    rows: documents.map((doc) => {
      const route = planRoute(def, doc, directory);
      return {
        documentId: doc.documentId,
        steps: route.steps,
        endNodeId: route.endNodeId,
        endNodeName: names.get(route.endNodeId) ?? '',
      };
    }),
  };
}
