import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify from 'fast-json-stringify';
import { firstXmlForbidden } from '@feikong/contracts';
import { z, type ZodType } from 'zod';
import type { FieldError } from './errors.js';

// Zod's own messages in Chinese: "无效输入：期望 string，实际接收 undefined" etc.
z.config(z.locales.zhCN());

/** Thrown by the validator compiler; the error handler turns it into a 400 envelope. */
export class RequestValidationError extends Error {
  constructor(readonly fields: FieldError[]) {
    super(fields.map((f) => f.msg).join('；'));
  }
}

/** Finds the human label of the field at `path` (a schema's `.describe('手机号')`), if any. */
function labelAt(schema: ZodType, path: PropertyKey[]): string | undefined {
  let node: any = schema;
  let label: string | undefined = node?.description;
  for (const key of path) {
    while (node?.def?.innerType) node = node.def.innerType; // optional / default / nullable wrappers
    if (node?.def?.type === 'pipe') node = node.def.in;
    if (node?.def?.type === 'object') node = node.def.shape?.[key as string];
    else if (node?.def?.type === 'array') node = node.def.element;
    else return label;
    label = node?.description ?? undefined;
  }
  return label;
}

export function toFieldErrors(schema: ZodType, error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.') || '(body)';
    const label = labelAt(schema, issue.path) ?? field;
    // A custom refine message already says what is wrong in Chinese; prefix the field name.
    return { field, msg: `${label}：${issue.message}` };
  });
}

/** At most this many fields are named when several hold a forbidden character. */
const MAX_FORBIDDEN_FIELDS = 10;

/**
 * Strings of the validated input holding a character XML 1.0 forbids (a control character, U+FFFE …): every
 * field of the product is plain text that may end up in an .xlsx, a print or a PDF, where such a character
 * breaks the file (issue 19). Refused here, at the edge, for every route; output also drops them (xmlSafe).
 */
export function forbiddenCharFields(schema: ZodType, value: unknown): FieldError[] {
  const out: FieldError[] = [];
  const stack: [unknown, PropertyKey[]][] = [[value, []]];
  while (stack.length > 0 && out.length < MAX_FORBIDDEN_FIELDS) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const c = firstXmlForbidden(v);
      if (c) {
        const field = path.join('.') || '(body)';
        out.push({ field, msg: `${labelAt(schema, path) ?? field}：不能包含特殊字符 ${c}` });
      }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
    } else if (v && typeof v === 'object' && !(v instanceof Date)) {
      for (const k of Object.keys(v).reverse()) {
        stack.push([(v as Record<string, unknown>)[k], [...path, k]]);
        stack.push([k, [...path, k]]);
      }
    }
  }
  return out;
}

/**
 * Fastify validator compiler backed by zod: coercion and defaults of the schema apply to the request; a
 * string holding a character XML 1.0 forbids is refused naming its field.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) return { error: new RequestValidationError(toFieldErrors(schema, result.error)) };
    const forbidden = forbiddenCharFields(schema, result.data);
    if (forbidden.length > 0) return { error: new RequestValidationError(forbidden) };
    return { value: result.data };
  };
};

/**
 * Reply serializer: a route's zod reply schema becomes JSON Schema once, at start-up, and
 * fast-json-stringify compiles it. Replies are then written by generated code (faster than
 * JSON.stringify) and fields the schema does not declare never leave the server.
 *
 * Under tests (NODE_ENV=test) every reply is also compared with plain JSON.stringify: a field the
 * schema forgot, or a value it coerces (null → "", "3" → 3), fails the request with a 500 naming
 * the route and the path, so a reply schema cannot silently drift from what the service returns.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema, url, method }) => {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  } catch (err) {
    throw new Error(`路由 ${method} ${url} 的响应结构无法转换为 JSON Schema：${(err as Error).message}`, {
      cause: err,
    });
  }
  const stringify = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
  if (process.env.NODE_ENV !== 'test') return stringify;
  return (data: unknown) => {
    const out = stringify(data);
    const diff = firstDifference(JSON.parse(JSON.stringify(data) ?? 'null'), JSON.parse(out), 'data');
    if (diff) throw new Error(`路由 ${method} ${url} 的响应与声明的结构不符：${diff}`);
    return out;
  };
};

/** The first place where the serialized reply differs from the plain one (test-only check). */
export function firstDifference(plain: unknown, sent: unknown, at: string): string | null {
  if (plain === sent) return null;
  if (Array.isArray(plain) && Array.isArray(sent)) {
    if (plain.length !== sent.length) return `${at} 长度不同`;
    for (let i = 0; i < plain.length; i++) {
      const d = firstDifference(plain[i], sent[i], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (plain && sent && typeof plain === 'object' && typeof sent === 'object') {
    const a = plain as Record<string, unknown>;
    const b = sent as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      if (!(key in b)) return `${at}.${key} 未在响应结构中声明`;
      const d = firstDifference(a[key], b[key], `${at}.${key}`);
      if (d) return d;
    }
    for (const key of Object.keys(b)) if (!(key in a)) return `${at}.${key} 多出了值`;
    return null;
  }
  return `${at} 应为 ${JSON.stringify(plain)}，实际发送 ${JSON.stringify(sent)}`;
}
