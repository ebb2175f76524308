import { begin, commit, emit, OPEN } from './progress.js';
import type { AgentWindow, EngineContext, EngineResult, FlowInstance } from './types.js';

/**
 * The window has ended (or was cancelled): the open tasks it gave the agent go back to the principal.
 * Tasks the agent already finished stay as they are, recorded as 代 principal 审批.
 */
export function handBackAgentTasks(
  state: FlowInstance,
  window: AgentWindow,
  ctx: EngineContext,
): EngineResult {
  if (!state.tasks.some((t) => t.agentWindowId === window.id && OPEN.has(t.status))) {
    return { ok: true, state, events: [] };
  }
  const d = begin(state, ctx);
  for (const t of d.s.tasks) {
    if (t.agentWindowId !== window.id || !OPEN.has(t.status)) continue;
    if (t.assignee === window.agent) t.assignee = window.principal;
    if (t.owner === window.agent) t.owner = window.principal; // the agent had delegated it
    delete t.onBehalfOf;
    delete t.agentWindowId;
    emit(d, {
      type: 'agentHandBack',
      nodeId: t.nodeId,
      taskId: t.id,
      to: [window.principal],
      reason: '代理期已结束，任务交回',
    });
  }
  return commit(d, false);
}
