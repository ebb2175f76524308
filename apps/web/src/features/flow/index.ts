// What the flow feature (审批流管理) offers the shell: its lazy screens, spread into app/screenRegistry.ts.
export { flowScreens } from './screens';
// The printable /subForm/flowInterveneDetail page (流程干预's detail of one document), shown by the
// /web-form/ sub-app as its own lazy chunk.
export { FLOW_PRINT_PAGES, flowInterveneDetailUrl, type FlowPrintPage } from './printPages';
export const flowPrintScreens = {
  flowInterveneDetail: () => import('./pages/FlowInterveneDetailPage'),
} as const;
