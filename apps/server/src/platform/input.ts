import qs from 'node:querystring';
import { PlatformCode } from '@feikong/contracts';
import { AppError } from './errors.js';

/**
 * Request input (query strings, form bodies, JSON) turned into data a handler can trust:
 * objects without a prototype, no key that reaches Object.prototype, bounded depth.
 */

/** Deeper than any form or filter the product has; deeper input is refused before validation. */
export const MAX_INPUT_DEPTH = 32;

/** Key path segments that reach an object's prototype; refused anywhere in a key path. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Set (as a symbol, invisible to zod and Object.entries) on a parse result that must be refused. */
const REFUSED = Symbol('refusedInput');

export const inputErrors = {
  forbiddenKey: (key: string) =>
    new AppError(PlatformCode.validation, `请求参数名不合法：不能包含 ${key}`, 400, {
      fields: [{ field: key, msg: `请求参数名不合法：不能包含 ${key}` }],
    }),
  tooDeep: () => new AppError(PlatformCode.validation, '请求数据嵌套层级过深', 400),
  emptyJson: () => new AppError(PlatformCode.validation, '请求体不能为空', 400),
  badJson: () => new AppError(PlatformCode.validation, '请求体不是合法的 JSON', 400),
};

/**
 * JSON bodies: V8's JSON.parse is not recursive (deep input cannot overflow the stack) and makes an
 * own `__proto__` key a plain property; trimStrings (preValidation, before any handler) then refuses
 * prototype keys and over-deep nesting with a message naming the problem.
 */
export function parseJsonBody(body: string): unknown {
  if (body === '') throw inputErrors.emptyJson();
  try {
    return JSON.parse(body);
  } catch {
    throw inputErrors.badJson();
  }
}

type Node = Record<string, unknown>;

const blank = (): Node => Object.create(null) as Node;

function refuse(out: Node, error: AppError): Node {
  Object.defineProperty(out, REFUSED, { value: error, enumerable: false });
  return out;
}

/** The error a parse result carries, if the input it came from must be refused. */
export function refusalOf(parsed: unknown): AppError | undefined {
  return parsed && typeof parsed === 'object' ? (parsed as { [REFUSED]?: AppError })[REFUSED] : undefined;
}

/**
 * Parses a query string or form body. `a[]=1&a[]=2` → { a: ['1','2'] }; `o[k]=v` → { o: { k: 'v' } };
 * a repeated plain key gives an array. Every object made here has no prototype. A key path naming
 * __proto__/constructor/prototype, or nested deeper than MAX_INPUT_DEPTH, marks the result refused
 * (the parsers run inside the router and the body reader, where throwing is not the way to answer).
 */
export function parseParams(str: string): Node {
  if (str === '') return blank(); // the router asks for every request, most have no query
  const flat = qs.parse(str); // null-prototype, at most 1000 keys
  const out = blank();
  for (const rawKey of Object.keys(flat)) {
    const value = flat[rawKey];
    const m = /^([^[]+)((?:\[[^\]]*\])+)$/.exec(rawKey);
    const path = m ? [m[1], ...[...m[2].matchAll(/\[([^\]]*)\]/g)].map((k) => k[1])] : [rawKey];
    const bad = path.find((k) => FORBIDDEN_KEYS.has(k.trim()));
    if (bad !== undefined) return refuse(blank(), inputErrors.forbiddenKey(bad.trim()));
    if (path.length > MAX_INPUT_DEPTH) return refuse(blank(), inputErrors.tooDeep());
    let node = out;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      if (i === path.length - 1) {
        node[key] = value;
      } else if (path[i + 1] === '') {
        // `a[]` (or `o[k][]`): values append to an array; anything after `[]` is ignored.
        const prev = node[key];
        node[key] = (Array.isArray(prev) ? prev : prev === undefined ? [] : [prev]).concat(value);
        break;
      } else {
        // A key given both as a value and as an object (`a=1&a[b]=2`): the object wins.
        const next = node[key];
        if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = blank();
        node = node[key] as Node;
      }
    }
  }
  return out;
}

/**
 * Trims, in place, the strings of what parseParams made (its objects are its own and prototype-less;
 * it checked keys and depth already) and drops the client's GET timestamp `_t` (spec §7.1). Cheaper
 * than trimStrings' checked copy, and nothing at all for a request without a query string.
 */
export function trimParams(params: Record<string, unknown>): void {
  delete params._t;
  trimInPlace(params);
}

function trimInPlace(node: Record<string, unknown> | unknown[]): void {
  const values = node as Record<string, unknown>;
  for (const k in values) {
    const v = values[k];
    if (typeof v === 'string') values[k] = v.trim();
    else if (v !== null && typeof v === 'object') trimInPlace(v as Record<string, unknown>);
  }
}

/**
 * Deep-trims strings (spec §5: request strings are trimmed). Walks iteratively, so deep input cannot
 * overflow the stack, and refuses input nested deeper than MAX_INPUT_DEPTH or naming a prototype key.
 * Objects keep their kind: plain stay plain, prototype-less stay prototype-less.
 */
export function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (!isContainer(value)) return value;
  const root = copyShell(value);
  const stack: [source: object, target: Node | unknown[], depth: number][] = [[value, root, 1]];
  while (stack.length > 0) {
    const [source, target, depth] = stack.pop()!;
    if (depth > MAX_INPUT_DEPTH) throw inputErrors.tooDeep();
    for (const [k, v] of Object.entries(source)) {
      if (!Array.isArray(source) && FORBIDDEN_KEYS.has(k)) throw inputErrors.forbiddenKey(k);
      let copy: unknown = typeof v === 'string' ? v.trim() : v;
      if (isContainer(v)) {
        copy = copyShell(v);
        stack.push([v, copy as Node, depth + 1]);
      }
      // Defined, not assigned: a key like "toString" must become an own property, whatever
      // Object.prototype looks like (assignment throws when the inherited one is read-only).
      Object.defineProperty(target, k, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

function isContainer(v: unknown): v is object {
  if (Array.isArray(v)) return true;
  if (!v || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function copyShell(v: object): Node | unknown[] {
  if (Array.isArray(v)) return new Array(v.length);
  return Object.getPrototypeOf(v) === null ? blank() : {};
}
