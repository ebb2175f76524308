// 员工额度 (issue 21, spend/quota): its screens are loaded lazily by app/screenRegistry.ts.
export { QUOTA_PERM, QUOTA_ROUTES } from './rules';
