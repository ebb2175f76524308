import {
  envelopeOf,
  ExportCustomBody,
  ExportCustomReply,
  OcrCorrectBody,
  QrcodeCheckBody,
  RecognisedDraft,
  RecognisedDrafts,
  RecogniseBody,
} from '@feikong/contracts';
import { tenantCaller } from '../../../platform/auth.js';
import { ok } from '../../../platform/envelope.js';
import { appServices, type AppDeps, type ZodApp } from '../../../platform/types.js';
import { InvoicePerm as P } from '../core/invoice.service.js';
import { closeOcr } from '../ocr/ocr.service.js';
import { exportCustom } from '../export/export.service.js';
import { closeRecognition, recheckDrafts, recogniseQrText, recogniseUpload } from './recognise.service.js';

const W = '/invoice/api/web/invoice';
const tags = ['invoice'];

/**
 * Recognition for the entry page (spec §7.8): drafts only, nothing saved, no check count used; and the
 * custom export (print PDF) of chosen invoices.
 */
export function registerRecognitionRoutes(app: ZodApp, deps: AppDeps) {
  const d = appServices(deps);
  // The OCR worker thread starts with the first picture; it ends with the server.
  app.addHook('onClose', async () => {
    await Promise.all([closeOcr(), closeRecognition()]);
  });
  app.post(
    `${W}/ocrCheck`,
    {
      config: { permission: P.add },
      schema: {
        body: RecogniseBody,
        response: { 200: envelopeOf(RecognisedDrafts) },
        tags,
        summary: '识别已上传的发票文件（PDF 文字层、OFD、XML、二维码；图片走 OCR），返回待确认的草稿',
      },
    },
    async (req) => ok({ items: await recogniseUpload(d, tenantCaller(req), req.body) }),
  );
  app.post(
    `${W}/ocrCutting`,
    {
      config: { permission: P.add },
      schema: {
        body: RecogniseBody,
        response: { 200: envelopeOf(RecognisedDrafts) },
        tags,
        summary: '一张照片中的多张发票：逐张切分并识别，每张带所在区域',
      },
    },
    async (req) => ok({ items: await recogniseUpload(d, tenantCaller(req), req.body) }),
  );
  app.post(
    `${W}/ocrCorrect`,
    {
      config: { permission: P.add },
      schema: {
        body: OcrCorrectBody,
        response: { 200: envelopeOf(RecognisedDrafts) },
        tags,
        summary: '提交修改后的识别结果，重新校验金额、日期与必填项',
      },
    },
    async (req) => ok({ items: recheckDrafts(req.body.items, new Date(deps.clock?.() ?? Date.now())) }),
  );
  app.post(
    `${W}/qrcodeCheck`,
    {
      config: { permission: P.add },
      schema: {
        body: QrcodeCheckBody,
        response: { 200: envelopeOf(RecognisedDraft) },
        tags,
        summary: '解析扫码枪或手机读到的发票二维码内容',
      },
    },
    async (req) => ok(recogniseQrText(req.body.qrcode, new Date(deps.clock?.() ?? Date.now()))),
  );
  app.post(
    `${W}/export/custom`,
    {
      config: { permission: [P.exportList, P.orgView] },
      schema: {
        body: ExportCustomBody,
        response: { 200: envelopeOf(ExportCustomReply) },
        tags,
        summary: '导出发票 PDF：按开票日期排序，每页 1/2/4 张（ONE/TWO/FOUR），附备注；答复签名链接',
      },
    },
    async (req) => ok(await exportCustom(d, tenantCaller(req), req.body)),
  );
}
