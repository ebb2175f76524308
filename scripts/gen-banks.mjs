// Generates apps/server/src/modules/invoice/taxRisk/banks.json (see the README.md beside it) from the bank
// list of the npm package bankcardinfo 2.0.6 (ISC licence, github navyxie/bankcardinfo): bank names, bank
// codes and card BIN patterns. Only the data is taken (the package's own lookup calls a web service for
// unknown cards). The file is written in the repository's prettier style so that `prettier --check` passes.
// Usage: npm pack bankcardinfo@2.0.6 && tar xzf bankcardinfo-2.0.6.tgz && node scripts/gen-banks.mjs package/index.js
import fs from 'node:fs';
import vm from 'node:vm';
import * as prettier from 'prettier';

const OUT = 'apps/server/src/modules/invoice/taxRisk/banks.json';
const src = fs.readFileSync(process.argv[2], 'utf8');
const start = src.indexOf('var bankcardList = [');
const end = src.indexOf('\n  }]\n', start);
if (start < 0 || end < 0) throw new Error('bankcardList not found');
const list = vm.runInNewContext(src.slice(start + 'var bankcardList = '.length, end + 5));
const banks = list.map((b) => ({
  name: b.bankName,
  code: b.bankCode,
  patterns: b.patterns.map((p) => ({ re: p.reg.source, cardType: p.cardType })),
}));
const options = { ...(await prettier.resolveConfig(OUT)), filepath: OUT };
fs.writeFileSync(OUT, await prettier.format(JSON.stringify(banks, null, 2), options));
console.log(`${banks.length} banks`);
