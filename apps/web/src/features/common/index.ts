// What the common feature (personal centre, download centre) offers the shell and the other features.
export { staffDisplayName, staffOrgName, staffQuery } from './hooks/staff';
export { bankListQuery, personInfoQuery } from './hooks/person';
export { useTaskPolling, type FetchTask, type PollOptions } from './hooks/useTaskPolling';
export { useExportTracking } from './hooks/useExportTracking';
