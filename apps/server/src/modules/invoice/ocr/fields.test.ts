import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { findDate, fixDigits, norm, parseChineseAmount, parseMoney, taxIdOk } from './normalise.js';
import type { OcrLine } from './ocr.engine.js';

/**
 * Field extraction and normalisation without the OCR engine (fast). The real images are read in
 * ocr.test.ts; the lines below are typed by hand in the layout the engine returns, for the kinds we
 * have no real image of (train, air, taxi, quota) and for checks the real images cannot trigger.
 */

let y = 0;
/** One row of text boxes, left to right, 20 px apart; the next call is the next row. */
function row(...texts: (string | [string, number])[]): OcrLine[] {
  y += 30;
  let x = 10;
  return texts.map((t) => {
    const [text, confidence] = typeof t === 'string' ? [t, 0.99] : t;
    const width = text.length * 14;
    const line: OcrLine = {
      text,
      confidence,
      box: { x, y, width, height: 16 },
      quad: [
        [x, y],
        [x + width, y],
        [x + width, y + 16],
        [x, y + 16],
      ],
    };
    x += width + 20;
    return line;
  });
}

describe('normalise', () => {
  it('full-width forms, ¥ and № become ASCII; digit look-alikes become digits', () => {
    expect(norm('发票代码：０１２　３')).toBe('发票代码:012 3');
    expect(norm('￥46.62')).toBe('¥46.62');
    expect(fixDigits('O12OO18 OO3l1')).toBe('012001800311');
  });

  it('amounts to 分 without float error', () => {
    expect(parseMoney('¥1,019.83')).toBe(101983);
    expect(parseMoney('￥46.62')).toBe(4662);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('5999')).toBe(599900);
    expect(parseMoney('12.3.4')).toBeNull();
    expect(parseMoney('价税合计')).toBeNull();
  });

  it('dates in the forms invoices print, checked against the calendar', () => {
    expect(findDate('开票日期：2010年11月18日')).toEqual({ value: '2010-11-18', valid: true });
    expect(findDate('20190508')).toEqual({ value: '2019-05-08', valid: true });
    expect(findDate('2019-5-8')).toEqual({ value: '2019-05-08', valid: true });
    expect(findDate('2 2012年10月15日')).toEqual({ value: '2012-10-15', valid: true });
    expect(findDate('2023年02月30日')).toEqual({ value: '2023-02-30', valid: false });
    expect(findDate('no date')).toBeNull();
  });

  it('大写金额 → 分', () => {
    expect(parseChineseAmount('柒仟零壹拾捌圆捌角叁分')).toBe(701883);
    expect(parseChineseAmount('贰仟陆佰壹拾圆整')).toBe(261000);
    expect(parseChineseAmount('伍拾贰圆柒角')).toBe(5270);
    expect(parseChineseAmount('⊗肆仟肆佰肆拾玖圆整')).toBe(444900);
    expect(parseChineseAmount('壹拾万零伍佰圆整')).toBe(10050000);
    expect(parseChineseAmount('拾圆')).toBe(1000);
    expect(parseChineseAmount('测试购方企业')).toBeNull();
  });

  it('tax ids: the 统一社会信用代码 check character (real ids from the realdata manifest)', () => {
    for (const id of ['91120222079642398Y', '91460300MAA92DJN95', '91110108690017781B']) {
      expect(taxIdOk(id)).toBe(true);
    }
    expect(taxIdOk('91120222079642398X')).toBe(false);
    expect(taxIdOk('410305123456789')).toBe(true); // 15-digit old-style id
    expect(taxIdOk('312705303')).toBe(false);
  });
});

describe('extractFields on hand-typed lines', () => {
  it('a 数电票 (no code): buyer and seller side by side, 20-digit number, amounts; kind digital_special', () => {
    y = 0;
    const lines = [
      ...row('电子发票（增值税专用发票）', '发票号码：24112000000048542163'),
      ...row('开票日期：2024年05月28日'),
      ...row('名称：海南麒麟云服科技有限公司', '名称：北京互联三六五科技有限公司'),
      ...row(
        '统一社会信用代码/纳税人识别号：91460300MAA92DJN95',
        '统一社会信用代码/纳税人识别号：91110108690017781B',
      ),
      ...row('项目名称', '金额', '税率/征收率', '税额'),
      ...row('合', '计', '¥4197.17', '¥251.83'),
      ...row('价税合计（大写）', '⊗肆仟肆佰肆拾玖圆整', '（小写）¥4449.00'),
    ];
    const r = extractFields(lines);
    expect(r.kind).toBe('digital_special');
    expect(r.fields.code).toBeUndefined();
    expect(r.fields.number?.value).toBe('24112000000048542163');
    expect(r.fields.date?.value).toBe('2024-05-28');
    expect(r.fields.buyerName?.value).toBe('海南麒麟云服科技有限公司');
    expect(r.fields.sellerName?.value).toBe('北京互联三六五科技有限公司');
    expect(r.fields.buyerTaxId?.value).toBe('91460300MAA92DJN95');
    expect(r.fields.sellerTaxId?.value).toBe('91110108690017781B');
    expect([r.fields.amount?.value, r.fields.tax?.value, r.fields.total?.value]).toEqual([
      419717, 25183, 444900,
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.fields.total?.source).toBe('ocr');
  });

  it('amount + tax ≠ total lowers all three and says so; the 大写 total settles a misread 小写', () => {
    y = 0;
    const base = [
      ...row('增值税专用发票'),
      ...row('发票代码：1100094140', '发票号码：87654321'),
      ...row('货物或应税劳务名称'),
      ...row('合', '计', ['¥5999.00', 0.95], ['¥1019.83', 0.95]),
    ];
    const mismatch = extractFields([...base, ...row('价税合计（大写）', '（小写）¥7018.88')]);
    expect(mismatch.warnings).toEqual(['金额 5999.00 + 税额 1019.83 ≠ 价税合计 7018.88']);
    expect(mismatch.fields.amount?.confidence).toBeCloseTo(0.475);
    expect(mismatch.fields.total?.confidence).toBeLessThan(0.5);

    const settled = extractFields([
      ...base,
      ...row('价税合计（大写）', '柒仟零壹拾捌圆捌角叁分', '（小写）¥7018.88'),
    ]);
    expect(settled.fields.total?.value).toBe(701883);
    expect(settled.warnings).toEqual(['价税合计大写 7018.83 与小写 7018.88 不一致']);
    expect(settled.fields.amount?.confidence).toBe(0.95);
  });

  it('a code of the wrong length, a tax id failing its check character and an impossible date keep their text at half confidence', () => {
    y = 0;
    const r = extractFields([
      ...row('增值税普通发票'),
      ...row('发票代码：11000941', '发票号码：8765432l'),
      ...row('开票日期：2023年02月30日'),
      ...row('名', '称：某某公司'),
      ...row('纳税人识别号：', '91120222079642398X'),
      ...row('货物或应税劳务名称'),
    ]);
    expect(r.fields.code).toEqual({ value: '11000941', confidence: 0.495, source: 'ocr' });
    expect(r.fields.number).toEqual({ value: '87654321', confidence: 0.99, source: 'ocr' }); // l → 1
    expect(r.fields.date).toEqual({ value: '2023-02-30', confidence: 0.495, source: 'ocr' });
    expect(r.fields.buyerName?.value).toBe('某某公司');
    expect(r.fields.buyerTaxId).toEqual({ value: '91120222079642398X', confidence: 0.495, source: 'ocr' });
  });

  it('a 铁路 ticket: number, train, stations, date, fare, seat, passenger (no real sample: layout of the paper ticket)', () => {
    y = 0;
    const r = extractFields([
      ...row('E075841'),
      ...row('北京南站', 'G123次', '上海虹桥站'),
      ...row('2019年05月08日14:00开', '05车12A号'),
      ...row('¥553.0元', '二等座'),
      ...row('3205021990****1234张三'),
    ]);
    expect(r.kind).toBe('train');
    expect(r.fields.number?.value).toBe('E075841');
    expect(r.fields.trainOrFlight?.value).toBe('G123');
    expect(r.fields.from?.value).toBe('北京南');
    expect(r.fields.to?.value).toBe('上海虹桥');
    expect(r.fields.date?.value).toBe('2019-05-08');
    expect(r.fields.total?.value).toBe(55300);
    expect(r.fields.seatClass?.value).toBe('二等座');
    expect(r.fields.passenger?.value).toBe('张三');
  });

  it('an air itinerary: passenger, ticket number, flight, from/to, total (no real sample)', () => {
    y = 0;
    const r = extractFields([
      ...row('航空运输电子客票行程单'),
      ...row('旅客姓名', '张三'),
      ...row('电子客票号码', '7812345678901'),
      ...row('自 北京首都', 'CA1501', '经济舱'),
      ...row('至 上海虹桥'),
      ...row('合计', 'CNY 1250.00'),
      ...row('填开日期：2024-03-01'),
    ]);
    expect(r.kind).toBe('air');
    expect(r.fields.passenger?.value).toBe('张三');
    expect(r.fields.number?.value).toBe('7812345678901');
    expect(r.fields.trainOrFlight?.value).toBe('CA1501');
    expect(r.fields.from?.value).toBe('北京首都');
    expect(r.fields.to?.value).toBe('上海虹桥');
    expect(r.fields.seatClass?.value).toBe('经济舱');
    expect(r.fields.total?.value).toBe(125000);
    expect(r.fields.date?.value).toBe('2024-03-01');
  });

  it('taxi and quota tickets: code, number, fare (no real samples)', () => {
    y = 0;
    const taxi = extractFields([
      ...row('出租汽车专用发票'),
      ...row('发票代码', '111001881002'),
      ...row('发票号码', '12345678'),
      ...row('日期', '2019-05-08'),
      ...row('上车', '08:10', '下车', '08:35'),
      ...row('金额', '¥35.00'),
    ]);
    expect(taxi.kind).toBe('taxi');
    expect([taxi.fields.code?.value, taxi.fields.number?.value]).toEqual(['111001881002', '12345678']);
    expect(taxi.fields.date?.value).toBe('2019-05-08');
    expect(taxi.fields.total?.value).toBe(3500);

    y = 0;
    const quota = extractFields([
      ...row('通用定额发票'),
      ...row('发票代码：132011990001'),
      ...row('发票号码：00123456'),
      ...row('壹拾圆'),
    ]);
    expect(quota.kind).toBe('quota');
    expect(quota.fields.total).toEqual({ value: 1000, confidence: 0.891, source: 'ocr' });
  });
});
