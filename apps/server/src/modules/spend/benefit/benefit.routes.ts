import {
  BenefitHome,
  envelopeOf,
  FestivalClaimBody,
  FestivalClaimReply,
  FestivalCreateBody,
  FestivalListReply,
} from '@feikong/contracts';
import { z } from 'zod';
import { tenantCaller } from '../../../platform/auth.js';
import { STAFF } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import { benefitHome, claimFestival, createFestival, listFestivals } from './benefit.service.js';

const APP_CTRL = '/app-ctrl/api/v1';
const tags = ['spend: benefit'];

/**
 * Benefit modes (issue 21, decision 0046): 福利首页 and claiming 节日福利 (any staff member), creating and
 * listing 节日福利 (额度发放 permissions). A colon inside a path segment is written `::`.
 */
export function registerBenefitRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  app.get(
    `${APP_CTRL}/home/benefit`,
    {
      config: { permission: STAFF },
      schema: {
        tags,
        summary: '福利首页：我的福利余额、节日福利、最近福利动态',
        response: { 200: envelopeOf(BenefitHome) },
      },
    },
    async (req) => ok(await benefitHome(db, tenantCaller(req), clock())),
  );
  app.post(
    `${APP_CTRL}/home/benefit/festival::claim`,
    {
      config: { permission: STAFF },
      schema: {
        tags,
        summary: '领取节日福利（额度账本发放，每人一次）',
        body: FestivalClaimBody,
        response: { 200: envelopeOf(FestivalClaimReply) },
      },
    },
    async (req) => ok(await claimFestival(db, tenantCaller(req), req.body.id, clock())),
  );
  app.post(
    `${APP_CTRL}/benefit/festival::create`,
    {
      config: { permission: 'quotaRelease:add' },
      schema: {
        tags,
        summary: '新建节日福利',
        body: FestivalCreateBody,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (req) => ok(await createFestival(db, tenantCaller(req), req.body, clock())),
  );
  app.get(
    `${APP_CTRL}/benefit/festival::list`,
    {
      config: { permission: 'quotaRelease:view' },
      schema: {
        tags,
        summary: '节日福利列表（含领取人数与金额）',
        response: { 200: envelopeOf(FestivalListReply) },
      },
    },
    async (req) => ok(await listFestivals(db, tenantCaller(req), clock())),
  );
}
