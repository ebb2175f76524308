import { SaxesParser } from 'saxes';

/**
 * A small element tree for the little XML parts of an OFD package (a few KB each). Parsed with saxes
 * without namespace processing, because real packages carry broken prefixes (`<:eInvoice xmlns:="">`
 * in one tax-bureau OFD); elements are matched by local name.
 */
export interface XmlNode {
  name: string;
  /** Name without its prefix. */
  local: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const MAX_NODES = 200_000;

export function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

/** Parses a document; undefined when it is not well-formed XML or is too big. */
export function parseXml(input: string | Uint8Array): XmlNode | undefined {
  const text = (typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input)).replace(
    /^\uFEFF/,
    '',
  );
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlNode = { name: '#document', local: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let count = 0;
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    if (++count > MAX_NODES) {
      failed = true;
      return;
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = String(v);
    const node: XmlNode = { name: tag.name, local: localName(tag.name), attrs, children: [], text: '' };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    if (stack.length > 1) stack.pop();
  });
  const onText = (t: string) => {
    stack[stack.length - 1]!.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(text).close();
  } catch {
    return undefined;
  }
  if (failed) return undefined;
  return root.children[0];
}

/** Every descendant (depth first, document order) with this local name. */
export function findAll(node: XmlNode | undefined, local: string, out: XmlNode[] = []): XmlNode[] {
  if (!node) return out;
  for (const c of node.children) {
    if (c.local === local) out.push(c);
    findAll(c, local, out);
  }
  return out;
}

export function findFirst(node: XmlNode | undefined, local: string): XmlNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) {
    if (c.local === local) return c;
    const deep = findFirst(c, local);
    if (deep) return deep;
  }
  return undefined;
}

/** Trimmed text of the first descendant with this local name ('' when absent). */
export function textOf(node: XmlNode | undefined, local: string): string {
  return findFirst(node, local)?.text.trim() ?? '';
}
