// 福利 (benefit modes, issue 21): the 福利首页 blocks the home shows for welfare / shop_welfare tenants, and
// the rule that picks it. The store screen is loaded lazily by app/screenRegistry.ts.
export { BenefitWorkbench } from './components/BenefitWorkbench';
export { isBenefitUi } from './rules';
