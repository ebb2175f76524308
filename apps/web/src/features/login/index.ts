// What the login feature offers the shell and the other features (docs/ARCHITECTURE.md, module map).
export { loginRoutes, LOGIN_PUBLIC_ROUTE_NAMES } from './routes';
export { logoutNow, useCreateOrganization, useLogout, useTokenLinkLogin } from './hooks/useSessionActions';
export { organizationsQuery } from './hooks/organizations';
export { SessionPrompts } from './components/SessionPrompts';
export { SwitchOrgDialog } from './components/SwitchOrgDialog';
export { SmsCodeButton } from './components/SmsCodeButton';
export { isCurrentOrg } from './components/OrgRadioList';
export {
  codeRules,
  confirmRules,
  maskPhone,
  newPasswordRules,
  PASSWORD_RULE_TEXT,
  phoneRules,
} from './rules';
