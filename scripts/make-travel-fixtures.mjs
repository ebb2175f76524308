// Writes the synthetic railway-ticket and air-itinerary fixtures of test-data/invoices/travel/ (README
// there): an OFD per kind (page text, the XBRL attachment, a QR image), the XBRL as a bare XML, an HTML face
// printed to PDF by Chromium, and the QR strings. Run once from the repository root:
//   node scripts/make-travel-fixtures.mjs
// The values are made up; the layout and field names follow the published faces (see the README).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zxing from '@zxing/library';
import JSZip from 'jszip';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test-data', 'invoices', 'travel');
mkdirSync(out, { recursive: true });

const RAIL = {
  name: 'railway_26329116804002389322',
  title: '电子发票（铁路电子客票）',
  number: '26329116804002389322',
  issued: ['2026年03月13日', '2026-03-13', '20260313'],
  qr: '01,10,26329116804002389322,130.00,20260313,6F2A',
};
const AIR = {
  name: 'air_26119110000012345678',
  title: '电子发票（航空运输电子客票行程单）',
  number: '26119110000012345678',
  issued: ['2026年03月10日', '2026-03-10', '20260310'],
  qr: '01,61,,26119110000012345678,1314.40,20260310,,3C1F',
};

/** Text runs of each face: [x mm, baseline mm, size mm, text]. */
const railLines = [
  [70, 14, 5, RAIL.title],
  [150, 24, 3.2, `发票号码：${RAIL.number}`],
  [150, 30, 3.2, `开票日期：${RAIL.issued[0]}`],
  [30, 46, 5, '南京南'],
  [52, 46, 3.5, '站'],
  [90, 46, 5, 'G7629'],
  [135, 46, 5, '杭州东'],
  [157, 46, 3.5, '站'],
  [30, 52, 2.8, 'Nanjingnan'],
  [135, 52, 2.8, 'Hangzhoudong'],
  [30, 62, 3.2, '2026年03月06日 19:54开'],
  [100, 62, 3.2, '05车12F号'],
  [140, 62, 3.2, '二等座'],
  [30, 72, 3.2, '票价：'],
  [45, 72, 3.2, '￥130.00'],
  [30, 82, 3.2, '3201021990****123X'],
  [80, 82, 3.2, '张三'],
  [30, 92, 3.2, '电子客票号：6520158123031391234562026'],
  [30, 104, 3.2, '购买方名称：示例科技有限公司'],
  [120, 104, 3.2, '统一社会信用代码：91320100MA1XY2Z3AB'],
  [30, 116, 2.8, '买票请到12306 发货请到95306'],
];
const airLines = [
  [50, 14, 5, AIR.title],
  [150, 24, 3.2, `发票号码：${AIR.number}`],
  [150, 30, 3.2, `开票日期：${AIR.issued[0]}`],
  [20, 42, 3.2, '旅客姓名：李四'],
  [70, 42, 3.2, '有效身份证件号码：110101********1234'],
  [150, 42, 3.2, '签注：不得签转'],
  [20, 54, 3.2, '航段：自 北京首都 至 上海虹桥'],
  [85, 54, 3.2, '承运人：东航'],
  [112, 54, 3.2, '航班号：MU5102'],
  [142, 54, 3.2, '座位等级：经济舱'],
  [175, 54, 3.2, '日期：2026-03-12'],
  [20, 60, 3.2, '时间：08:00'],
  [20, 72, 3.2, '票价：CNY 1100.00'],
  [62, 72, 3.2, '燃油附加费：CNY 60.00'],
  [110, 72, 3.2, '增值税税率：9%'],
  [145, 72, 3.2, '增值税税额：CNY 104.40'],
  [20, 80, 3.2, '民航发展基金：CNY 50.00'],
  [70, 80, 3.2, '其他税费：CNY 0.00'],
  [120, 80, 3.2, '合计：CNY 1314.40'],
  [20, 92, 3.2, '电子客票号码：7812345678901'],
  [90, 92, 3.2, '验证码：1234'],
  [20, 104, 3.2, '购买方名称：示例科技有限公司'],
  [120, 104, 3.2, '统一社会信用代码：91320100MA1XY2Z3AB'],
];

const XBRL_HEAD = (ctx, number, day) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<xbrl xmlns="http://www.xbrl.org/2003/instance" xmlns:rai="http://xbrl.mof.gov.cn/taxonomy/2021-11-30/rai" xmlns:iso4217="http://www.xbrl.org/2003/iso4217">
  <context id="${ctx}"><entity><identifier scheme="http://xbrl.mof.gov.cn">${number}</identifier></entity><period><instant>${day}</instant></period></context>
  <unit id="CNY"><measure>iso4217:CNY</measure></unit>
`;
const el = (ctx, name, value, money = false) =>
  `  <rai:${name} contextRef="${ctx}"${money ? ' unitRef="CNY" decimals="2"' : ''}>${value}</rai:${name}>\n`;

function railXbrl() {
  const c = 'As_Of_2026_03_13';
  return (
    XBRL_HEAD(c, RAIL.number, RAIL.issued[1]) +
    el(c, 'TypeOfVoucher', RAIL.title) +
    el(c, 'ElectronicTicketNum', '6520158123031391234562026') +
    el(c, 'DateOfIssue', RAIL.issued[1]) +
    el(c, 'TypeOfBusiness', '售') +
    el(c, 'DepartureStation', '南京南') +
    el(c, 'PhonicsOfDepartureStation', 'Nanjingnan') +
    el(c, 'DestinationStation', '杭州东') +
    el(c, 'PhonicsOfDestinationStation', 'Hangzhoudong') +
    el(c, 'TrainNumber', 'G7629') +
    el(c, 'TravelDate', '2026-03-06') +
    el(c, 'DepartureTime', '19:54') +
    el(c, 'SeatLevel', '二等座') +
    el(c, 'Carriage', '05') +
    el(c, 'Seat', '12F') +
    el(c, 'Fare', '130.00', true) +
    el(c, 'ElectronicInvoiceRailwayETicketNumber', RAIL.number) +
    el(c, 'IdNumber', '3201021990****123X') +
    el(c, 'Name', '张三') +
    el(c, 'TotalAmountExcludingTax', '119.27', true) +
    el(c, 'TaxRate', '0.09') +
    el(c, 'TaxAmount', '10.73', true) +
    el(c, 'NameOfPurchaser', '示例科技有限公司') +
    el(c, 'UnifiedSocialCreditCodeOfPurchaser', '91320100MA1XY2Z3AB') +
    '</xbrl>\n'
  );
}
function airXbrl() {
  const c = 'As_Of_2026_03_10';
  return (
    XBRL_HEAD(c, AIR.number, AIR.issued[1]) +
    el(c, 'TypeOfVoucher', AIR.title) +
    el(c, 'ElectronicInvoiceAirTransportETicketNumber', AIR.number) +
    el(c, 'DateOfIssue', AIR.issued[1]) +
    el(c, 'Name', '李四') +
    el(c, 'IdNumber', '110101199003071234') +
    el(c, 'DepartureStation', '北京首都') +
    el(c, 'DestinationStation', '上海虹桥') +
    el(c, 'FlightNumber', 'MU5102') +
    el(c, 'SeatLevel', '经济舱') +
    el(c, 'TravelDate', '2026-03-12') +
    el(c, 'ElectronicTicketNum', '7812345678901') +
    el(c, 'Fare', '1100.00', true) +
    el(c, 'FuelSurcharge', '60.00', true) +
    el(c, 'TaxRate', '0.09') +
    el(c, 'TaxAmount', '104.40', true) +
    el(c, 'CivilAviationDevelopmentFund', '50.00', true) +
    el(c, 'TotalAmount', '1314.40', true) +
    el(c, 'NameOfPurchaser', '示例科技有限公司') +
    el(c, 'UnifiedSocialCreditCodeOfPurchaser', '91320100MA1XY2Z3AB') +
    '</xbrl>\n'
  );
}

async function qrPng(text) {
  const hints = new Map([[zxing.EncodeHintType.MARGIN, 2]]);
  const m = new zxing.QRCodeWriter().encode(text, zxing.BarcodeFormat.QR_CODE, 200, 200, hints);
  const px = Buffer.alloc(m.getWidth() * m.getHeight());
  for (let y = 0; y < m.getHeight(); y++)
    for (let x = 0; x < m.getWidth(); x++) px[y * m.getWidth() + x] = m.get(x, y) ? 0 : 255;
  return sharp(px, { raw: { width: m.getWidth(), height: m.getHeight(), channels: 1 } })
    .png()
    .toBuffer();
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const ns = 'xmlns:ofd="http://www.ofdspec.org/2016"';

async function ofd(doc, lines, xbrl) {
  const zip = new JSZip();
  const opts = { date: new Date('2026-03-13T00:00:00Z') }; // stable bytes
  zip.file(
    'OFD.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:OFD ${ns} DocType="OFD" Version="1.0"><ofd:DocBody><ofd:DocInfo><ofd:DocID>${doc.number}</ofd:DocID><ofd:Author>synthetic fixture</ofd:Author><ofd:CreationDate>${doc.issued[1]}</ofd:CreationDate><ofd:CustomDatas><ofd:CustomData Name="发票号码">${doc.number}</ofd:CustomData><ofd:CustomData Name="开票日期">${doc.issued[0]}</ofd:CustomData></ofd:CustomDatas></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>
`,
    opts,
  );
  zip.file(
    'Doc_0/Document.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Document ${ns}><ofd:CommonData><ofd:MaxUnitID>999</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea><ofd:PublicRes>PublicRes.xml</ofd:PublicRes><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes></ofd:CommonData><ofd:Pages><ofd:Page ID="2" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages><ofd:Attachments>Attachs/Attachments.xml</ofd:Attachments></ofd:Document>
`,
    opts,
  );
  zip.file(
    'Doc_0/PublicRes.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Res ${ns} BaseLoc="Res"><ofd:Fonts><ofd:Font ID="3" FontName="SimSun" FamilyName="SimSun"/></ofd:Fonts></ofd:Res>
`,
    opts,
  );
  zip.file(
    'Doc_0/DocumentRes.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Res ${ns} BaseLoc="Res"><ofd:MultiMedias><ofd:MultiMedia ID="4" Type="Image"><ofd:MediaFile>qrcode.png</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias></ofd:Res>
`,
    opts,
  );
  zip.file('Doc_0/Res/qrcode.png', await qrPng(doc.qr), opts);
  let id = 10;
  const objects = lines
    .map(
      ([x, baseline, size, text]) =>
        `<ofd:TextObject ID="${id++}" Boundary="${x} ${baseline - size} ${Math.max(10, text.length * size)} ${size * 1.4}" Font="3" Size="${size}"><ofd:TextCode X="0" Y="${size}">${esc(text)}</ofd:TextCode></ofd:TextObject>`,
    )
    .join('');
  zip.file(
    'Doc_0/Pages/Page_0/Content.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Page ${ns}><ofd:Area><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:Area><ofd:Content><ofd:Layer ID="5"><ofd:ImageObject ID="6" Boundary="8 6 22 22" CTM="22 0 0 22 0 0" ResourceID="4"/>${objects}</ofd:Layer></ofd:Content></ofd:Page>
`,
    opts,
  );
  zip.file(
    'Doc_0/Attachs/Attachments.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Attachments ${ns}><ofd:Attachment ID="7" Name="${doc === RAIL ? 'rai_issuer' : 'atr_issuer'}" Format="xml" Visible="false"><ofd:FileLoc>${doc === RAIL ? 'rai_issuer' : 'atr_issuer'}.xml</ofd:FileLoc></ofd:Attachment></ofd:Attachments>
`,
    opts,
  );
  zip.file(`Doc_0/Attachs/${doc === RAIL ? 'rai_issuer' : 'atr_issuer'}.xml`, xbrl, opts);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function face(doc, lines) {
  const qr = (await qrPng(doc.qr)).toString('base64');
  const runs = lines
    .map(
      ([x, baseline, size, text]) =>
        `<div style="position:absolute;left:${x}mm;top:${baseline - size}mm;font-size:${size}mm;white-space:nowrap">${esc(text)}</div>`,
    )
    .join('\n');
  return `<!doctype html>
<!-- Synthetic fixture (scripts/make-travel-fixtures.mjs): made-up values on the published face's layout. -->
<html lang="zh-CN"><head><meta charset="utf-8"><style>
@page { size: 210mm 140mm; margin: 0 } body { margin: 0; font-family: 'Noto Sans CJK SC', sans-serif }
.page { position: relative; width: 210mm; height: 140mm }
</style></head><body><div class="page">
<img src="data:image/png;base64,${qr}" style="position:absolute;left:8mm;top:6mm;width:22mm;height:22mm">
${runs}
</div></body></html>
`;
}

for (const [doc, lines, xbrl] of [
  [RAIL, railLines, railXbrl()],
  [AIR, airLines, airXbrl()],
]) {
  writeFileSync(path.join(out, `${doc.name}.xml`), xbrl);
  writeFileSync(path.join(out, `${doc.name}.ofd`), await ofd(doc, lines, xbrl));
  const html = path.join(out, `${doc.name}.html`);
  writeFileSync(html, await face(doc, lines));
  execFileSync('chromium', [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-pdf-header-footer',
    `--print-to-pdf=${path.join(out, `${doc.name}.pdf`)}`,
    html,
  ]);
}
writeFileSync(
  path.join(out, 'travel_qr.json'),
  JSON.stringify(
    {
      note: 'Synthetic QR strings built from the published layouts (see README.md beside this file).',
      samples: [
        {
          qr: RAIL.qr,
          kind: 'digital_train',
          truth: {
            number: RAIL.number,
            date: RAIL.issued[1],
            total: '130.00',
            tax: '10.73',
            amount: '119.27',
          },
        },
        { qr: `${RAIL.qr},`, kind: 'digital_train', truth: { number: RAIL.number, total: '130.00' } },
        {
          qr: AIR.qr,
          kind: 'digital_air',
          truth: { number: AIR.number, date: AIR.issued[1], total: '1314.40' },
        },
      ],
    },
    null,
    1,
  ) + '\n',
);
console.log('written to', path.relative(root, out));
