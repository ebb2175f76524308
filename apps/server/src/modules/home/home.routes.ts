import { envelopeOf, Workbench } from '@feikong/contracts';
import { signedInCaller } from '../../platform/auth.js';
import { SIGNED_IN } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { smsSenderOf } from '../../platform/sms.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import type { AuthDeps } from '../auth/index.js';
import { workbench } from './home.service.js';

const APP_CTRL = '/app-ctrl/api/v1';

/** The home workbench's own endpoint (everything else the home page shows has its family's route). */
export function registerHomeRoutes(app: ZodApp, deps: AppDeps) {
  const services = appServices(deps);
  const auth: AuthDeps = {
    db: deps.db,
    config: deps.config,
    clock: deps.clock ?? Date.now,
    sms: smsSenderOf(deps, app.log),
  };
  app.get(
    `${APP_CTRL}/home/workbench`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['home'],
        summary: '工作台：待办、未读通知、近7天任务、版本状态与提醒、引导标记',
        response: { 200: envelopeOf(Workbench) },
      },
    },
    async (req) => ok(await workbench(services, auth, signedInCaller(req))),
  );
}
