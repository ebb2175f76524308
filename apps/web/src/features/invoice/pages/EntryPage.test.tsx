import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_DEBOUNCE_MS } from '@feikong/contracts';
import type { RecognisedDraft } from '@/api/invoice';
import { configureApi } from '@/api/http/request';
import { reloadSession, setSession } from '@/stores/session';
import { jsonReply } from '@/test/fetch';
import { renderAt, stubServer, toasts, type Handler } from '@/test/screenHarness';
import { refusal, row } from '../test/fixtures';
import EntryPage from './EntryPage';

vi.setConfig({ testTimeout: 60_000 });
const clickWait = () => new Promise((r) => setTimeout(r, CLICK_DEBOUNCE_MS + 50));

const W = '/invoice/api/web/invoice';
const SIGN = '/pub-svc-center/api/v1/file:sign';
const UPLOAD = '/pub-svc-center/api/v1/files/upload';
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const sign = () => ({
  dir: 'invoice/t1/',
  policy: 'p',
  access_id: 'feikong-local',
  signature: 's',
  host: UPLOAD,
  expire: Math.floor(Date.now() / 1000) + 86_400,
  max_size: 20 * 1024 * 1024,
  fields: { policy: 'p', OSSAccessKeyId: 'feikong-local', signature: 's', success_action_status: '200' },
});

const vatDraft = (fileKey: string): RecognisedDraft => ({
  kind: 'vat_electronic',
  source: 'qrcode',
  fileKey,
  fields: {
    code: '033002000211',
    number: '83089647',
    billingDate: '2020-07-23',
    amount: 51068,
    tax: 1532,
    total: 52600,
    checkCode: '16197833567414507415',
    buyerName: '江苏京利华新材料有限公司',
    sellerName: '兰溪市悦济舫餐厅',
  },
  confidence: { number: 0.99, sellerName: 0.42 },
  lowConfidence: ['sellerName'],
  warnings: ['图片较模糊，请核对销售方名称'],
});
const digitalDraft = (fileKey: string): RecognisedDraft => ({
  kind: 'digital_special',
  source: 'ocr',
  fileKey,
  fields: {
    number: '24112000000048542163',
    billingDate: '2024-05-28',
    amount: 419717,
    tax: 25183,
    total: 444900,
  },
  confidence: {},
  lowConfidence: [],
  warnings: [],
});

function server(extra: Record<string, Handler> = {}) {
  return stubServer({
    [`GET ${SIGN}`]: () => sign(),
    [`POST ${UPLOAD}`]: () => ({ key: 'k', size: 1, content_type: 'image/jpeg' }),
    [`POST ${W}/ocrCheck`]: (c) => {
      const b = c.body as { file_key: string; file_name: string };
      return {
        items: b.file_name.endsWith('.pdf')
          ? [vatDraft(b.file_key), digitalDraft(b.file_key)]
          : [vatDraft(b.file_key)],
      };
    },
    ...extra,
  });
}

function choose(...names: string[]) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  const files = names.map((n) => new File(['%PDF-1.4 test'], n, { type: 'application/octet-stream' }));
  fireEvent.change(input, { target: { files } });
}

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  configureApi({ baseUrl: '', appEnv: 'test', devMode: false, fakeUser: '' });
  setSession({ token: 't', userStatus: 2, userMenus: { perms: ['invoice:view', 'invoice:add'] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message').forEach((n) => n.remove());
});

describe('发票录入', () => {
  it('uploads each file, recognises it and shows one editable card per invoice, doubtful fields marked', async () => {
    const api = server();
    renderAt(<EntryPage />, '/invoice/entry');
    choose('fapiao.pdf');
    expect(await screen.findByTestId('draft-1', undefined, { timeout: 15_000 })).toBeTruthy();
    // the file went to the signed upload, then its key to ocrCheck
    expect(api.to(`GET ${SIGN}`)[0].query.get('dir')).toBe('invoice');
    const ocr = api.to(`POST ${W}/ocrCheck`)[0].body as { file_key: string; file_name: string };
    expect(ocr.file_name).toBe('fapiao.pdf');
    expect(ocr.file_key).toMatch(/^invoice\/t1\/\d{4}\/\d{2}\/\d{2}\/\d+_[0-9a-f]{32}\.pdf$/);
    expect(field('第1张金额（元）').value).toBe('510.68');
    expect(field('第1张价税合计（元）').value).toBe('526.00');
    expect(field('第1张销售方名称').dataset.lowConfidence).toBe('true');
    expect(field('第1张发票号码').dataset.lowConfidence).toBeUndefined();
    expect(screen.getByText('图片较模糊，请核对销售方名称')).toBeTruthy();
    expect(field('第2张发票号码').value).toBe('24112000000048542163');
    expect(screen.getByTestId('file-fapiao.pdf').textContent).toContain('识别到2张发票');
  });

  it('refuses other file types without uploading them', async () => {
    const api = server();
    renderAt(<EntryPage />, '/invoice/entry');
    choose('notes.txt');
    await waitFor(() => expect(toasts().join()).toContain('仅支持jpg、png、pdf、ofd、xml格式的文件'));
    expect(api.to(`GET ${SIGN}`)).toHaveLength(0);
  });

  it('saves the corrected values in 分 with file and source', async () => {
    const api = server({ [`POST ${W}/saveInvoices`]: () => ({ items: [row(1)] }) });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('a.jpg');
    await screen.findByTestId('draft-0', undefined, { timeout: 15_000 });
    fireEvent.change(field('第1张销售方名称'), { target: { value: '兰溪市悦济舫餐厅（更正）' } });
    fireEvent.change(field('第1张税额（元）'), { target: { value: '15.33' } });
    fireEvent.change(field('第1张价税合计（元）'), { target: { value: '526.01' } });
    fireEvent.click(button('保存'));
    fireEvent.click(button('保存')); // a double click saves once
    await waitFor(() => expect(api.to(`POST ${W}/saveInvoices`)).toHaveLength(1));
    const body = api.to(`POST ${W}/saveInvoices`)[0].body as { invoices: Record<string, unknown>[] };
    expect(body.invoices).toHaveLength(1);
    expect(body.invoices[0]).toMatchObject({
      kind: 'vat_electronic',
      code: '033002000211',
      number: '83089647',
      billingDate: '2020-07-23',
      amount: 51068,
      tax: 1533,
      total: 52601,
      sellerName: '兰溪市悦济舫餐厅（更正）',
      source: 'qrcode',
    });
    expect(String(body.invoices[0].fileKey)).toMatch(/^invoice\/t1\//);
    await waitFor(() => expect(toasts()).toContain('已保存1张发票'));
    expect(screen.queryByTestId('draft-0')).toBeNull();
  });

  it('fields read exactly are read-only (由文件识别，不可修改); an OCR correction shows 已修改 and the recognised value', async () => {
    const api = server({
      [`POST ${W}/ocrCheck`]: (c) => {
        const b = c.body as { file_key: string };
        return {
          items: [
            {
              ...vatDraft(b.file_key),
              source: 'ocr',
              fileIndex: 0,
              sources: { code: 'qr', number: 'qr', billingDate: 'qr', amount: 'qr', buyerName: 'ocr' },
            },
          ],
        };
      },
      [`POST ${W}/saveInvoices`]: () => ({ items: [row(1)] }),
    });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('photo.jpg');
    await screen.findByTestId('draft-0', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('draft-locked-0').textContent).toContain('由文件识别，不可修改');
    expect(field('第1张发票号码').readOnly).toBe(true);
    expect(field('第1张发票号码').dataset.locked).toBe('true');
    expect(field('第1张购买方名称').readOnly).toBe(false);
    fireEvent.change(field('第1张购买方名称'), { target: { value: '演示科技有限公司' } });
    const item = field('第1张购买方名称').closest('.ant-form-item')!;
    expect(item.textContent).toContain('已修改');
    expect(item.textContent).toContain('原识别值：江苏京利华新材料有限公司');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${W}/saveInvoices`)).toHaveLength(1));
    const body = api.to(`POST ${W}/saveInvoices`)[0].body as { invoices: Record<string, unknown>[] };
    expect(body.invoices[0]).toMatchObject({
      fileIndex: 0,
      buyerName: '演示科技有限公司',
      number: '83089647',
    });
  });

  it('an electronic file read exactly: every field and the kind are read-only', async () => {
    server({
      [`POST ${W}/ocrCheck`]: (c) => {
        const b = c.body as { file_key: string };
        return { items: [{ ...vatDraft(b.file_key), source: 'upload', sources: { buyerName: 'ofd_xml' } }] };
      },
    });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('999.ofd');
    await screen.findByTestId('draft-0', undefined, { timeout: 15_000 });
    expect(field('第1张购买方名称').readOnly).toBe(true);
    expect(field('第1张购买方税号').readOnly).toBe(true); // the file has none: nothing to fill in
  });

  it('a refusal shows next to the invoice it is about: duplicate (who and when), field errors', async () => {
    let reply = refusal(409, 11200409, '第2张发票：该发票已由审批人甲于2026-11-20 10:00录入，不能重复录入');
    const api = server({ [`POST ${W}/saveInvoices`]: () => reply });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('two.pdf');
    await screen.findByTestId('draft-1', undefined, { timeout: 15_000 });
    fireEvent.click(button('保存'));
    expect((await screen.findByTestId('draft-refusal-1')).textContent).toContain(
      '该发票已由审批人甲于2026-11-20 10:00录入',
    );
    expect(screen.queryByTestId('draft-refusal-0')).toBeNull();

    reply = refusal(
      400,
      11203400,
      '第1张发票：命中发票合规规则【销售方名称黑名单：兰溪市悦济舫餐厅】，不能录入',
      [
        {
          field: 'invoices.0.sellerName',
          msg: '第1张发票：命中发票合规规则【销售方名称黑名单：兰溪市悦济舫餐厅】，不能录入',
        },
      ],
    );
    await clickWait(); // 保存 takes one click per CLICK_DEBOUNCE_MS ms (spec §5)
    fireEvent.click(button('保存'));
    expect((await screen.findByTestId('draft-refusal-0')).textContent).toContain('销售方名称黑名单');
    const item = field('第1张销售方名称').closest('.ant-form-item')!;
    expect(item.className).toContain('has-error');
    expect(api.to(`POST ${W}/saveInvoices`)).toHaveLength(2);
    // editing the field clears its error
    fireEvent.change(field('第1张销售方名称'), { target: { value: '别的餐厅' } });
    await waitFor(() => expect(screen.queryByTestId('draft-refusal-0')).toBeNull());
  });

  it('no checks left: the reason and a way to buy more', async () => {
    server({
      [`POST ${W}/saveInvoices`]: () =>
        jsonReply(
          {
            status: 11202409,
            msg: '电子发票查验包余量不足，请购买后再查验',
            data: { link: '/setcenter/rightRecharge/productVersion?type=product' },
          },
          409,
        ),
    });
    const { router } = renderAt(<EntryPage />, '/invoice/entry');
    choose('a.jpg');
    await screen.findByTestId('draft-0', undefined, { timeout: 15_000 });
    fireEvent.click(button('保存'));
    expect((await screen.findByTestId('entry-error')).textContent).toContain('电子发票查验包余量不足');
    expect(toasts()).toEqual([]); // shown once, on the page
    fireEvent.click(button('去购买'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/setcenter/rightRecharge/productVersion'),
    );
    expect(router.state.location.search).toBe('?type=product');
  });

  it('missing number or a bad date is marked before anything is sent', async () => {
    const api = server({ [`POST ${W}/saveInvoices`]: () => ({ items: [] }) });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('a.png');
    await screen.findByTestId('draft-0', undefined, { timeout: 15_000 });
    fireEvent.change(field('第1张发票号码'), { target: { value: ' ' } });
    fireEvent.change(field('第1张开票日期'), { target: { value: '2020/07/23' } });
    fireEvent.click(button('保存'));
    expect(await screen.findByText('请输入发票号码')).toBeTruthy();
    expect(screen.getByText('开票日期格式应为YYYY-MM-DD')).toBeTruthy();
    expect(api.to(`POST ${W}/saveInvoices`)).toHaveLength(0);
  });

  it('a failed upload is reported on its file', async () => {
    server({
      [`POST ${UPLOAD}`]: () => new Response('no', { status: 500 }),
    });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('a.ofd');
    await waitFor(() => expect(screen.getByTestId('file-a.ofd').textContent).toContain('上传失败！'), {
      timeout: 15_000,
    });
  });

  it('a railway ticket opens its train dialog with the journey; its travel fields are saved with it', async () => {
    const railDraft = (fileKey: string): RecognisedDraft => ({
      kind: 'digital_train',
      source: 'upload',
      fileKey,
      fields: {
        number: '26329116804002389322',
        billingDate: '2026-03-13',
        amount: 11927,
        tax: 1073,
        total: 13000,
        travel: {
          passenger: '张三',
          from: '南京南',
          to: '杭州东',
          trainOrFlight: 'G7629',
          seatClass: '二等座',
          travelDate: '2026-03-06',
          ticketNo: '6520158123031391234562026',
          idNo: '320102********123X',
        },
      },
      confidence: {},
      lowConfidence: [],
      warnings: [],
    });
    const api = server({
      [`POST ${W}/ocrCheck`]: (c) => ({ items: [railDraft((c.body as { file_key: string }).file_key)] }),
      [`POST ${W}/saveInvoices`]: () => ({ items: [row(1)] }),
    });
    renderAt(<EntryPage />, '/invoice/entry');
    choose('ticket.ofd');
    const dialog = await screen.findByTestId('ticket-train', undefined, { timeout: 15_000 });
    expect(screen.getByText('火车票详情')).toBeTruthy();
    expect(dialog.querySelector('[data-testid=ticket-from]')!.textContent).toBe('南京南');
    expect(dialog.querySelector('[data-testid=ticket-run]')!.textContent).toBe('G7629');
    expect(dialog.textContent).toContain('320102********123X');
    expect(dialog.textContent).toContain('¥10.73');
    fireEvent.click(
      screen.getAllByRole('button', { name: /关\s*闭/ }).find((b) => /关\s*闭/.test(b.textContent ?? ''))!,
    );
    // the card edits the journey; the seat class corrected is what is saved
    fireEvent.change(field('第1张座位类型'), { target: { value: '一等座' } });
    expect(field('第1张身份证件号码').disabled).toBe(true);
    await clickWait();
    fireEvent.click(button('保存'));
    await waitFor(() => expect(api.to(`POST ${W}/saveInvoices`)).toHaveLength(1));
    const body = api.to(`POST ${W}/saveInvoices`)[0].body as { invoices: Record<string, unknown>[] };
    expect(body.invoices[0]).toMatchObject({
      kind: 'digital_train',
      total: 13000,
      tax: 1073,
      amount: 11927,
      travel: { from: '南京南', seatClass: '一等座', idNo: '320102********123X' },
    });
  });
});
