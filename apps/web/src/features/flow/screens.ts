import type { ComponentType } from 'react';

/**
 * The menu component names of 审批流管理 (migrations 20261127T0141_flow_bill, 20261127T0161_custom_forms) and their screens, each a lazy
 * import so every screen is its own chunk; app/screenRegistry.ts spreads them into THE map.
 */
export const flowScreens: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> = {
  'flow/FlowList': () => import('./pages/FlowListPage'),
  'flow/FlowEdit': () => import('./pages/FlowEditPage'),
  'flow/FlowGroup': () => import('./pages/FlowGroupPage'),
  'flow/Matrix': () => import('./pages/MatrixPage'),
  'flow/Agent': () => import('./pages/AgentPage'),
  'flow/FlowIntervene': () => import('./pages/FlowIntervenePage'),
  'flow/FormList': () => import('./pages/FormListPage'),
  'flow/FormEdit': () => import('./pages/FormEditPage'),
};
