import { byId, mergeOf } from './graph';
import type { InsertPoint } from './ops';
import type { Branch, ConditionNode, FlowDefinition, FlowNode, NodeId } from './types';

/**
 * The designer's top-to-bottom picture, computed from the definition alone (no free placement): a chain
 * of cards; a condition fans out into side-by-side branch columns that meet again in a junction.
 */
export type Item =
  | { kind: 'node'; node: FlowNode }
  | { kind: 'condition'; node: ConditionNode; merge?: NodeId; branches: { branch: Branch; items: Item[] }[] };

export class LayoutError extends Error {}

/** The chain from `from` up to (not including) `stop`, conditions nested. */
export function buildTree(def: FlowDefinition): Item[] {
  const nodes = byId(def);
  const seen = new Set<NodeId>();
  const chain = (from: NodeId | undefined, stop: NodeId | undefined): Item[] => {
    const items: Item[] = [];
    let cur = from;
    while (cur !== undefined && cur !== stop) {
      const node = nodes.get(cur);
      if (!node) throw new LayoutError(`节点「${cur}」不存在`);
      if (seen.has(cur)) throw new LayoutError('流程结构无法在设计器中显示（分支交叉或存在环路）');
      seen.add(cur);
      if (node.type === 'condition') {
        const merge = mergeOf(def, node.id);
        items.push({
          kind: 'condition',
          node,
          merge,
          branches: node.branches.map((branch) => ({ branch, items: chain(branch.next, merge) })),
        });
        cur = merge;
      } else {
        items.push({ kind: 'node', node });
        cur = node.type === 'end' ? undefined : node.next;
      }
    }
    return items;
  };
  const start = def.nodes.find((n) => n.type === 'start');
  if (!start) throw new LayoutError('流程缺少开始节点');
  return chain(start.id, undefined);
}

export const SIZE = {
  nodeW: 220,
  nodeH: 76,
  endH: 36,
  headerW: 150,
  headerH: 34,
  branchW: 220,
  branchH: 78,
  gap: 64,
  colGap: 40,
} as const;

export type BoxKind = 'node' | 'header' | 'branch' | 'junction';
export interface Box {
  /** xyflow id: the node id; `cond::branch` for a branch card; `cond::merge` for a junction. */
  id: string;
  kind: BoxKind;
  nodeId: NodeId;
  branchId?: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Link {
  id: string;
  source: string;
  target: string;
  /** straight: same column; fanOut: header → branch card; fanIn: branch end → junction. */
  shape: 'straight' | 'fanOut' | 'fanIn';
  /** Where a node added on this edge goes. */
  insert?: InsertPoint;
}
export interface Layout {
  boxes: Box[];
  links: Link[];
  width: number;
  height: number;
}

const junctionId = (condId: NodeId) => `${condId}::merge`;
export const branchBoxId = (condId: NodeId, branchId: string) => `${condId}::${branchId}`;

function itemsWidth(items: Item[]): number {
  return Math.max(SIZE.branchW, ...items.map(itemWidth));
}
function itemWidth(item: Item): number {
  if (item.kind === 'node') return SIZE.nodeW;
  const cols = item.branches.map((b) => itemsWidth(b.items));
  return cols.reduce((a, b) => a + b, 0) + SIZE.colGap * (cols.length - 1);
}

/** Lays the tree out: boxes with top-left positions and the links between them. */
export function layoutDefinition(def: FlowDefinition): Layout {
  const tree = buildTree(def);
  const boxes: Box[] = [];
  const links: Link[] = [];
  const link = (source: string, target: string, shape: Link['shape'], insert?: InsertPoint) =>
    links.push({ id: `${source}->${target}`, source, target, shape, insert });

  /** Lays a chain centred on `cx` from `y`; `entry` links into its first box. Returns the exit and bottom. */
  const chain = (
    items: Item[],
    cx: number,
    y: number,
    entry?: { from: string; insert?: InsertPoint },
  ): { exit?: { from: string; insert?: InsertPoint }; bottom: number } => {
    let prev = entry;
    let top = y;
    let bottom = y;
    for (const item of items) {
      if (item.kind === 'node') {
        const h =
          item.node.type === 'end' || item.node.type === 'start'
            ? SIZE.endH + (item.node.type === 'start' ? 20 : 0)
            : SIZE.nodeH;
        boxes.push({
          id: item.node.id,
          kind: 'node',
          nodeId: item.node.id,
          x: cx - SIZE.nodeW / 2,
          y: top,
          w: SIZE.nodeW,
          h,
        });
        if (prev) link(prev.from, item.node.id, 'straight', prev.insert);
        prev =
          item.node.type === 'end'
            ? undefined
            : { from: item.node.id, insert: { kind: 'node', id: item.node.id } };
        bottom = top + h;
      } else {
        const c = item.node;
        boxes.push({
          id: c.id,
          kind: 'header',
          nodeId: c.id,
          x: cx - SIZE.headerW / 2,
          y: top,
          w: SIZE.headerW,
          h: SIZE.headerH,
        });
        if (prev) link(prev.from, c.id, 'straight', prev.insert);
        const widths = item.branches.map((b) => itemsWidth(b.items));
        const total = widths.reduce((a, b) => a + b, 0) + SIZE.colGap * (widths.length - 1);
        let left = cx - total / 2;
        const cardY = top + SIZE.headerH + SIZE.gap / 2;
        const ends: { from: string; insert?: InsertPoint }[] = [];
        let lowest = cardY + SIZE.branchH;
        item.branches.forEach(({ branch, items: inner }, i) => {
          const bcx = left + widths[i]! / 2;
          const id = branchBoxId(c.id, branch.id);
          boxes.push({
            id,
            kind: 'branch',
            nodeId: c.id,
            branchId: branch.id,
            x: bcx - SIZE.branchW / 2,
            y: cardY,
            w: SIZE.branchW,
            h: SIZE.branchH,
          });
          link(c.id, id, 'fanOut');
          const start = {
            from: id,
            insert: { kind: 'branch', conditionId: c.id, branchId: branch.id } as InsertPoint,
          };
          const r = inner.length
            ? chain(inner, bcx, cardY + SIZE.branchH + SIZE.gap, start)
            : { exit: start, bottom: cardY + SIZE.branchH };
          if (r.exit) ends.push(r.exit);
          lowest = Math.max(lowest, r.bottom);
          left += widths[i]! + SIZE.colGap;
        });
        const jy = lowest + SIZE.gap;
        if (item.merge) {
          const jid = junctionId(c.id);
          boxes.push({ id: jid, kind: 'junction', nodeId: c.id, x: cx, y: jy, w: 1, h: 1 });
          for (const e of ends) link(e.from, jid, 'fanIn', e.insert);
          prev = { from: jid, insert: { kind: 'merge', conditionId: c.id } };
        } else prev = undefined;
        bottom = jy;
      }
      top = bottom + SIZE.gap;
    }
    return { exit: prev, bottom };
  };

  const width = itemsWidth(tree);
  const r = chain(tree, width / 2, 0);
  return { boxes, links, width, height: r.bottom };
}
