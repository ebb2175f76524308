/** The benefit area's door (spend/benefit, decision 0046): 福利首页 and 节日福利 routes. */
export { registerBenefitRoutes } from './benefit.routes.js';
export { festivalKey } from './benefit.service.js';
