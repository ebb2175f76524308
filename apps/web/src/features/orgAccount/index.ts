// What the organisation account feature offers the shell (screens) and home (the balance warning).
export { BalanceWarning } from './components/BalanceWarning';
export { ORG_ACCOUNT_PERM, ORG_ACCOUNT_ROUTES } from './routes';
