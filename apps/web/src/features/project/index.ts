// 项目 (issue 22): the list and detail screens are loaded lazily by app/screenRegistry.ts; documents' 项目
// field (the bill feature's form runtime) uses the picker of 进行中 projects.
export { ProjectSelect } from './components/ProjectSelect';
export { PROJECT_PERM } from './queries';
