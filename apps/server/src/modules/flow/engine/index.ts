/**
 * The pure approval-flow engine (issue 13): definitions and their validation, conditions, the runtime
 * actions `(state, action, ctx) → { state, events } | refusal`, agents, the approval record, the simulator.
 * No database and no clock of its own: the flow module's DB layer loads an instance, calls one of these,
 * saves the state with `WHERE revision = <old>` and appends the events.
 */
export * from './types.js';
export { evaluateCondition, pickBranch } from './conditions.js';
export { nodeById, successors, validateDefinition } from './definition.js';
export { createMemoryDirectory, type DirectoryData, type MatrixRow } from './memoryDirectory.js';
export { agentFor, resolveStaff } from './resolve.js';
export { planRoute, type PlannedRoute, type PlannedStep } from './plan.js';
export { resubmit, submit, urge, withdraw, type SubmitAction } from './instance.js';
export {
  addSign,
  approve,
  delegate,
  reject,
  rejectTargets,
  removeSign,
  resolve,
  transfer,
} from './actions.js';
export { adminCopy, adminForcePass, adminSendBack, adminTransfer } from './admin.js';
export { handBackAgentTasks } from './agents.js';
export { approvalRecord, EVENT_LABELS, type RecordRow } from './record.js';
export { REFUSAL_MESSAGES } from './refusals.js';
export { simulate, type SimulatedDocument, type SimulationResult, type SimulationRow } from './simulate.js';
