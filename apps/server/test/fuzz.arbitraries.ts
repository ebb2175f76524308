import fc from 'fast-check';
import type { BuiltRoute } from '../src/app.js';

/**
 * Generators of hostile requests for the route fuzz (fuzz.test.ts). Field names come from the
 * route's OpenAPI description, so generated values land on the fields the schemas check.
 */

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const BOUNDARY = [0, -1, 1, 2 ** 31, -(2 ** 31), 2 ** 53 + 1, 1e308, -1e308, 0.5, Number.MIN_VALUE];
const NUMERIC_STRINGS = [
  '0',
  '-1',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  '1e308',
  '-0',
  '0x10',
  '',
];
const ODD_STRINGS = [
  '😀👨‍👩‍👧‍👦',
  '\u202Eمرحبا\u202C',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  ' \t\n ',
  'x'.repeat(10_000),
  '中'.repeat(10_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../x',
  '%00%2e%2e',
  '[]',
  '{}',
  'null',
  'true',
  '2026-02-30',
  '13800000001',
];

export interface RouteShape {
  query: string[];
  body: string[];
  /** Path parameter name → values its schema allows (empty: any). */
  params: Record<string, string[]>;
}

const COMMON_FIELDS = ['id', 'ids', 'page_num', 'page_size', 'keyword', 'name', 'org_id', 'status', 'type'];

/** The query, body and path fields a route's OpenAPI description names. */
export function routeShape(doc: any, r: BuiltRoute): RouteShape {
  const docPath = r.url
    .split('::')
    .map((p) => p.replace(/:(\w+)/g, '{$1}'))
    .join(':');
  const op = doc?.paths?.[docPath]?.[r.method.toLowerCase()];
  const parameters: any[] = op?.parameters ?? [];
  const params: Record<string, string[]> = {};
  for (const p of parameters.filter((x) => x.in === 'path'))
    params[p.name] = (p.schema?.enum ?? []).map(String);
  for (const m of r.url
    .split('::')
    .join('')
    .matchAll(/:(\w+)/g))
    params[m[1]] ??= [];
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  return {
    query: parameters.filter((x) => x.in === 'query').map((x) => String(x.name)),
    body: Object.keys(bodySchema?.properties ?? {}),
    params,
  };
}

const scalar = fc.oneof(
  fc.constantFrom<unknown>(...BOUNDARY, ...NUMERIC_STRINGS, ...ODD_STRINGS, true, false, null),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);

function keyOf(fields: string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(fields.length > 0 ? fields : COMMON_FIELDS)) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, 'toString', 'valueOf', 'a[b]', 'a[]', '[x]', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
}

/**
 * Objects whose keys may be "__proto__" or "constructor" as own data properties (fc.dictionary
 * assigns, which a frozen Object.prototype forbids for inherited names).
 */
function objectOf(key: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>, maxKeys: number) {
  return fc
    .array(fc.tuple(key, value), { maxLength: maxKeys })
    .map((pairs) => Object.fromEntries(pairs) as Record<string, unknown>);
}

function valueOf(fields: string[]) {
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      { weight: 5, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie('tree'), { maxLength: 3 }) },
      { weight: 1, arbitrary: objectOf(keyOf(fields), tie('tree'), 3) },
    ),
  }));
  return tree;
}

/** An object nested `depth` levels, a prototype key at the bottom. */
export function nested(depth: number, leaf: unknown = 1, key = 'a'): unknown {
  let v: unknown = { [PROTO_KEYS[depth % 3]]: leaf };
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { [key]: v };
  return v;
}

export type BodyKind = 'none' | 'json' | 'form' | 'raw' | 'protoJson' | 'deep' | 'multipart';

export interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  bodyKind: BodyKind;
  body: Record<string, unknown>;
  raw: string;
  depth: number;
}

const MALFORMED = [
  '{"a":',
  '{a:1}',
  '[1,]',
  'nul',
  '\u0000',
  '{"a":1}}',
  '"str"',
  '123',
  'null',
  '{"__proto__":{"x":1}}',
];

export function requestOf(shape: RouteShape): fc.Arbitrary<FuzzRequest> {
  const paramArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const [name, allowed] of Object.entries(shape.params)) {
    paramArbs[name] = fc.oneof(
      ...(allowed.length > 0 ? [fc.constantFrom(...allowed)] : []),
      fc.constantFrom(...NUMERIC_STRINGS.filter((s) => s !== ''), '1', '😀', '%', '..', 'a'.repeat(600)),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
  }
  return fc.record({
    params: fc.record(paramArbs),
    query: objectOf(keyOf(shape.query), valueOf(shape.query), 4),
    bodyKind: fc.constantFrom<BodyKind>(
      'none',
      'json',
      'json',
      'form',
      'raw',
      'protoJson',
      'deep',
      'multipart',
    ),
    body: objectOf(keyOf(shape.body), valueOf(shape.body), 5),
    raw: fc.oneof(fc.constantFrom(...MALFORMED), fc.string({ unit: 'binary', maxLength: 30 })),
    depth: fc.integer({ min: 0, max: 60 }),
  });
}

/** `k=v`, `k[]=v`, `k[sub]=v`: the bracket syntax of query strings and form bodies. */
export function encodeBrackets(value: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (Array.isArray(v)) {
      for (const item of v)
        parts.push(
          item && typeof item === 'object'
            ? encodeBrackets(item as Record<string, unknown>, `${key}[]`)
            : `${enc(`${key}[]`)}=${enc(item)}`,
        );
    } else if (v && typeof v === 'object') {
      parts.push(encodeBrackets(v as Record<string, unknown>, key));
    } else {
      parts.push(`${enc(key)}=${enc(v)}`);
    }
  }
  return parts.filter((p) => p !== '').join('&');
}

/** encodeURIComponent, with lone surrogates sent as their (invalid) UTF-8 bytes instead of throwing. */
function enc(v: unknown): string {
  const s = String(v);
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w]/g, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
}

const BOUNDARY_MARK = 'fuzzboundary7MA4YWxkTrZu0gW';

/**
 * A multipart/form-data body: each top-level field as a text part (prototype names included), and
 * a small file part whose name and content are the raw generator's.
 */
export function multipartOf(
  body: Record<string, unknown>,
  raw: string,
): { payload: string; contentType: string } {
  const parts = Object.entries(body).map(
    ([k, v]) =>
      `--${BOUNDARY_MARK}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${
        typeof v === 'object' ? JSON.stringify(v) : String(v)
      }\r\n`,
  );
  parts.push(
    `--${BOUNDARY_MARK}\r\nContent-Disposition: form-data; name="file"; filename="${raw.replace(/["\r\n]/g, '')}.xlsx"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${raw}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${BOUNDARY_MARK}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY_MARK}`,
  };
}
