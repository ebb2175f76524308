import {
  BILL_TYPE_MENU,
  envelopeOf,
  PrintDataQuery,
  PrintDataReply,
  PrintDesign,
  PrintDesignQuery,
  PrintDetails,
  PrintIdsBody,
  PrintIdsQuery,
  PrintPdfBody,
  PrintPdfReply,
  PrintRecorded,
} from '@feikong/contracts';
import { tenantCaller } from '../../platform/auth.js';
import type { PermissionString } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import { addPrintRecord, printData, printDesign, printDetails, printPdf } from './print/index.js';

// The spec's "flow service calls" (7.7) without shown paths: docs/decisions/0024-bill-print.md.
const PRINT = '/finobill/api/web/flow/print';
const tags = ['flow'];

/**
 * Whoever can open a document's detail may ask to print (the billDetail menu's permissions); which
 * documents they may print is the service's check (submitter, approvers, cc'd, 流程干预).
 */
export const PRINT_PERMS: readonly [PermissionString, ...PermissionString[]] = [
  'todoList:view',
  ...Object.values(BILL_TYPE_MENU).map((m) => `${m}:view` as PermissionString),
  'submittedList:view',
  'flowIntervene:view',
];

export function registerBillPrintRoutes(app: ZodApp, deps: AppDeps) {
  const d = () => appServices(deps);
  const config = { permission: PRINT_PERMS };

  app.get(
    `${PRINT}/design`,
    {
      config,
      schema: {
        querystring: PrintDesignQuery,
        response: { 200: envelopeOf(PrintDesign) },
        tags,
        summary: '单据所用的流程版本（打印）',
      },
    },
    async (req) => ok(await printDesign(d(), tenantCaller(req), req.query.id)),
  );
  app.get(
    `${PRINT}/data`,
    {
      config,
      schema: {
        querystring: PrintDataQuery,
        response: { 200: envelopeOf(PrintDataReply) },
        tags,
        summary: '单据打印数据（flowIds 逗号分隔；字段、费用明细与发票、行程、审批记录、附件）',
      },
    },
    async (req) => ok(await printData(d(), tenantCaller(req), req.query)),
  );
  app.get(
    `${PRINT}/details`,
    {
      config,
      schema: {
        querystring: PrintIdsQuery,
        response: { 200: envelopeOf(PrintDetails) },
        tags,
        summary: '单据摘要与打印次数',
      },
    },
    async (req) => ok(await printDetails(d(), tenantCaller(req), req.query.flowIds)),
  );
  app.post(
    `${PRINT}/record`,
    {
      config,
      schema: {
        body: PrintIdsBody,
        response: { 200: envelopeOf(PrintRecorded) },
        tags,
        summary: '保存打印记录（打印人、打印时间）',
      },
    },
    async (req) => ok(await addPrintRecord(d(), tenantCaller(req), req.body.flowIds)),
  );
  app.post(
    `${PRINT}/pdf`,
    {
      config,
      schema: {
        body: PrintPdfBody,
        response: { 200: envelopeOf(PrintPdfReply) },
        tags,
        summary: '批量打印：单据页面合并为一个 PDF（jpg/jpeg/png/pdf 附件随后合并，其他附件单独列出）',
      },
    },
    async (req) => ok(await printPdf(d(), tenantCaller(req), req.body)),
  );
}
