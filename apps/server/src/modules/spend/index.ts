import { QuotaMode } from '@feikong/contracts';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { appServices } from '../../platform/types.js';
import { registerOrgAccountRoutes, orgAccountLedger } from './orgAccount/index.js';
import { registerOrderRoutes, registerOrderTaskHandlers, type OrderDoors } from './orders/index.js';
import { quotaLedger, registerQuotaRoutes } from './quota/index.js';
import { publishedScene, registerSceneRoutes, sceneDecider } from './scenes/index.js';
import { registerBenefitRoutes } from './benefit/index.js';
import { registerPaymentRoutes } from './payment/index.js';
import { registerStandardRoutes } from './standards/index.js';
export { sceneDecider, sceneExists, scenesForUser, seedPresetScenes, usagePeriods } from './scenes/index.js';
export { orgAccountLedger, orgBalanceWarning } from './orgAccount/index.js';
export { signedHeaders, placeOrder, refundOrder, type OrderDoors } from './orders/index.js';
/** The signed channel check (decision 0043), for other intakes of the same channels: the card network (0057). */
export { verifyChannelRequest, type IntakeChannel } from './orders/index.js';

/** 差旅与费用标准's door for the engine and the documents (decision 0047). */
export { checkAgainstStandard, standardFor, type SpendFacts, type StandardQuery } from './standards/index.js';

/**
 * The real doors an order goes through (decision 0043): the scenes' engine, the quota ledger (when the scene
 * releases quota) and the organisation account. The routes, the demo seed and the replay command share them.
 */
export const orderDoors: OrderDoors = {
  decider: sceneDecider,
  quota: quotaLedger,
  orgAccount: orgAccountLedger,
  releasesQuota: async (db, tenantId, sceneId) => {
    const found = await publishedScene(db, tenantId, sceneId);
    return found.ok && found.scene.quotaMode === QuotaMode.release;
  },
};

/** What the spend module (issue 21) offers the rest of the server. Each area adds its register call here. */
export function registerSpendRoutes(app: ZodApp, deps: AppDeps) {
  registerSceneRoutes(app, deps);
  registerQuotaRoutes(app, deps);
  registerOrgAccountRoutes(app, deps);
  registerOrderRoutes(app, deps, orderDoors);
  registerOrderTaskHandlers(appServices(deps).taskHandlers);
  registerStandardRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerBenefitRoutes(app, deps);
}
