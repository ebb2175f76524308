// What the flow feature (审批流管理) offers the shell: its lazy screens, spread into app/screenRegistry.ts.
export { flowScreens } from './screens';
