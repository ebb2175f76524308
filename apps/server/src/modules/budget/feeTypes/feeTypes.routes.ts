import {
  FeeTypeAddBody,
  FeeTypeIdBody,
  FeeTypeIdQuery,
  FeeTypeIdReply,
  FeeTypeNode,
  FeeTypeOptionList,
  FeeTypeOptionsQuery,
  FeeTypeStatusBody,
  FeeTypeStatusReply,
  FeeTypeTree,
  FeeTypeUpdateBody,
  envelopeOf,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { STAFF } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import type { AppDeps, ZodApp } from '../../../platform/types.js';
import * as svc from './feeTypes.service.js';
import type { FeeTypeUse } from './feeTypes.service.js';

// Designed here like /finobill's (the spec names no paths for fee types): docs/decisions/0051-fee-type-tree.md.
export const FEE_TYPES_PATH = '/finobill/api/web/feeType';
const tags = ['feeType'];
const IdReply = { 200: envelopeOf(FeeTypeIdReply) };

export const FeeTypePerm = {
  view: 'feeTypeList:view',
  edit: 'feeTypeList:edit',
} as const;

/** 费用类型 (设置中心): the tree, a node, 新增/编辑/停用/启用/删除, and the pickers' choices. `feeTypeUse`: flow's. */
export function registerFeeTypeRoutes(app: ZodApp, deps: AppDeps, hooks: { feeTypeUse: FeeTypeUse }) {
  const db = deps.db;
  const clock = deps.clock ?? Date.now;
  const P = (p: string) => `${FEE_TYPES_PATH}/${p}`;

  app.get(
    P('tree'),
    {
      config: { permission: [FeeTypePerm.view, FeeTypePerm.edit] },
      schema: { response: { 200: envelopeOf(FeeTypeTree) }, tags, summary: '费用类型树' },
    },
    async (req) => ok(await svc.feeTypeTree(db, tenantCaller(req))),
  );
  app.get(
    P('info'),
    {
      config: { permission: [FeeTypePerm.view, FeeTypePerm.edit] },
      schema: {
        querystring: FeeTypeIdQuery,
        response: { 200: envelopeOf(FeeTypeNode) },
        tags,
        summary: '费用类型详情',
      },
    },
    async (req) => ok(await svc.feeTypeInfo(db, tenantCaller(req), req.query.id)),
  );
  app.post(
    P('add'),
    {
      config: { permission: FeeTypePerm.edit },
      schema: { body: FeeTypeAddBody, response: IdReply, tags, summary: '新增费用类型' },
    },
    async (req) => ok(await svc.addFeeType(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    P('update'),
    {
      config: { permission: FeeTypePerm.edit },
      schema: { body: FeeTypeUpdateBody, response: IdReply, tags, summary: '修改费用类型（编码不变）' },
    },
    async (req) => ok(await svc.updateFeeType(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    P('status'),
    {
      config: { permission: FeeTypePerm.edit },
      schema: {
        body: FeeTypeStatusBody,
        response: { 200: envelopeOf(FeeTypeStatusReply) },
        tags,
        summary: '启用/停用费用类型（停用含下级）',
      },
    },
    async (req) => ok(await svc.setFeeTypeStatus(db, tenantCaller(req), req.body, clock())),
  );
  app.post(
    P('delete'),
    {
      config: { permission: FeeTypePerm.edit },
      schema: {
        body: FeeTypeIdBody,
        response: IdReply,
        tags,
        summary: '删除费用类型（无下级、无单据使用时）',
      },
    },
    async (req) => ok(await svc.deleteFeeType(db, tenantCaller(req), req.body.id, hooks.feeTypeUse)),
  );
  // Every staff member fills documents: the enabled fee types for a fee line's 费用类型.
  app.get(
    P('options'),
    {
      config: { permission: STAFF },
      schema: {
        querystring: FeeTypeOptionsQuery,
        response: { 200: envelopeOf(FeeTypeOptionList) },
        tags,
        summary: '可选费用类型（启用的）',
      },
    },
    async (req) => ok(await svc.feeTypeOptions(db, tenantCaller(req), req.query)),
  );
}
