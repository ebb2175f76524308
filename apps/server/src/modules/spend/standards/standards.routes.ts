import {
  ControlSettingBody,
  CostStandardQuery,
  CostStandardSaveBody,
  StandardAnswer,
  StandardDimensions,
  StandardPreviewQuery,
  StandardSetting,
  StandardSettingBody,
  StandardTable,
  TripStandardQuery,
  TripStandardSaveBody,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import type { PermissionString } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import * as svc from './standards.service.js';

// Designed here (the spec names the screens only): docs/decisions/0047-travel-and-cost-standards.md.
export const STANDARDS = '/consume-quota-center/api/v1/standards';
const tags = ['standards'];

export const StandardPerm = {
  tripView: 'tripStandard:view',
  tripEdit: 'tripStandard:edit',
  costView: 'costStandard:view',
  costEdit: 'costStandard:edit',
  controlView: 'controlSetting:view',
  controlEdit: 'controlSetting:edit',
  settingView: 'standardSetting:view',
  settingEdit: 'standardSetting:edit',
} as const;
/** The four screens each read the settings and the dimensions. */
const ANY_VIEW: [PermissionString, ...PermissionString[]] = [
  StandardPerm.tripView,
  StandardPerm.costView,
  StandardPerm.controlView,
  StandardPerm.settingView,
];

/** 标准设置, 管控设置, 差旅标准, 费用标准 and 适用标准 (the preview of what applies to one staff member). */
export function registerStandardRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;

  app.get(
    `${STANDARDS}/setting`,
    {
      config: { permission: ANY_VIEW },
      schema: { response: { 200: envelopeOf(StandardSetting) }, tags, summary: '标准设置与管控设置' },
    },
    async (req) => ok(await svc.getSetting(db, tenantCaller(req))),
  );
  app.post(
    `${STANDARDS}/setting/update`,
    {
      config: { permission: StandardPerm.settingEdit },
      schema: {
        body: StandardSettingBody,
        response: { 200: envelopeOf(StandardSetting) },
        tags,
        summary: '修改标准设置',
      },
    },
    async (req) => ok(await svc.saveSetting(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    `${STANDARDS}/control/update`,
    {
      config: { permission: StandardPerm.controlEdit },
      schema: {
        body: ControlSettingBody,
        response: { 200: envelopeOf(StandardSetting) },
        tags,
        summary: '修改管控设置',
      },
    },
    async (req) => ok(await svc.saveControls(db, tenantCaller(req), req.body.controls, clock())),
  );
  app.get(
    `${STANDARDS}/dimensions`,
    {
      config: { permission: ANY_VIEW },
      schema: {
        response: { 200: envelopeOf(StandardDimensions) },
        tags,
        summary: '标准的维度：职级、职位、城市组、费用类型',
      },
    },
    async (req) => ok(await svc.dimensions(db, tenantCaller(req))),
  );
  app.get(
    `${STANDARDS}/trip`,
    {
      config: { permission: StandardPerm.tripView },
      schema: {
        querystring: TripStandardQuery,
        response: { 200: envelopeOf(StandardTable) },
        tags,
        summary: '差旅标准（一种标准的整张表）',
      },
    },
    async (req) => ok(await svc.getTable(db, tenantCaller(req), { ...req.query, feeType: '' })),
  );
  app.post(
    `${STANDARDS}/trip/save`,
    {
      config: { permission: StandardPerm.tripEdit },
      schema: {
        body: TripStandardSaveBody,
        response: { 200: envelopeOf(StandardTable) },
        tags,
        summary: '保存差旅标准（整张表）',
      },
    },
    async (req) => ok(await svc.saveTable(db, tenantCaller(req), { ...req.body, feeType: '' }, clock())),
  );
  app.get(
    `${STANDARDS}/cost`,
    {
      config: { permission: StandardPerm.costView },
      schema: {
        querystring: CostStandardQuery,
        response: { 200: envelopeOf(StandardTable) },
        tags,
        summary: '费用标准（一种费用类型的整张表）',
      },
    },
    async (req) => ok(await svc.getTable(db, tenantCaller(req), { ...req.query, kind: 'fee' })),
  );
  app.post(
    `${STANDARDS}/cost/save`,
    {
      config: { permission: StandardPerm.costEdit },
      schema: {
        body: CostStandardSaveBody,
        response: { 200: envelopeOf(StandardTable) },
        tags,
        summary: '保存费用标准（整张表）',
      },
    },
    async (req) => ok(await svc.saveTable(db, tenantCaller(req), { ...req.body, kind: 'fee' }, clock())),
  );
  app.get(
    `${STANDARDS}/preview`,
    {
      config: { permission: [StandardPerm.tripView, StandardPerm.costView] },
      schema: {
        querystring: StandardPreviewQuery,
        response: { 200: envelopeOf(StandardAnswer) },
        tags,
        summary: '员工的适用标准',
      },
    },
    async (req) => ok(await svc.preview(db, tenantCaller(req), req.query, clock())),
  );
}
