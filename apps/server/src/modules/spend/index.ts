import { QuotaMode } from '@feikong/contracts';
import type { AppDeps, ZodApp } from '../../platform/types.js';
import { appServices } from '../../platform/types.js';
import { registerOrgAccountRoutes, orgAccountLedger } from './orgAccount/index.js';
import { registerOrderRoutes, registerOrderTaskHandlers } from './orders/index.js';
import { quotaLedger, registerQuotaRoutes } from './quota/index.js';
import { publishedScene, registerSceneRoutes, sceneDecider } from './scenes/index.js';
import { registerBenefitRoutes } from './benefit/index.js';
import { registerPaymentRoutes } from './payment/index.js';
import { registerStandardRoutes } from './standards/index.js';
export { sceneDecider, scenesForUser, seedPresetScenes, usagePeriods } from './scenes/index.js';
export { orgAccountLedger, orgBalanceWarning } from './orgAccount/index.js';
export { signedHeaders } from './orders/index.js';

/** 差旅与费用标准's door for the engine and the documents (decision 0047). */
export { checkAgainstStandard, standardFor, type SpendFacts, type StandardQuery } from './standards/index.js';

/** What the spend module (issue 21) offers the rest of the server. Each area adds its register call here. */
export function registerSpendRoutes(app: ZodApp, deps: AppDeps) {
  registerSceneRoutes(app, deps);
  registerQuotaRoutes(app, deps);
  registerOrgAccountRoutes(app, deps);
  registerOrderRoutes(app, deps, {
    decider: sceneDecider,
    quota: quotaLedger,
    orgAccount: orgAccountLedger,
    releasesQuota: async (db, tenantId, sceneId) => {
      const found = await publishedScene(db, tenantId, sceneId);
      return found.ok && found.scene.quotaMode === QuotaMode.release;
    },
  });
  registerOrderTaskHandlers(appServices(deps).taskHandlers);
  registerStandardRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerBenefitRoutes(app, deps);
}
