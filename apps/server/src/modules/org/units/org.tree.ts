/** Walks over in-memory trees of rows linked by pid (organisations, departments, user groups). */

interface Linked {
  id: number;
  pid: number;
}

/** The ids of `rootId` and every row below it (a row that is its own parent is no child). */
export function subtreeIds(rows: readonly Linked[], rootId: number): Set<number> {
  const kids = new Map<number, number[]>();
  for (const r of rows) {
    if (r.id === r.pid) continue;
    const list = kids.get(r.pid);
    if (list) list.push(r.id);
    else kids.set(r.pid, [r.id]);
  }
  const out = new Set([rootId]);
  const stack = [rootId];
  while (stack.length)
    for (const k of kids.get(stack.pop()!) ?? []) {
      if (!out.has(k)) {
        out.add(k);
        stack.push(k);
      }
    }
  return out;
}

/**
 * Nests nodes by pid (pid 0 = a root), appending to each parent's children in the order given (rows
 * sorted by (order, id) keep that order). A node whose parent is missing (or itself) is a root.
 */
export function nestByPid<N extends Linked & { children: N[] }>(nodes: readonly N[]): N[] {
  const byId = new Map<number, N>();
  for (const n of nodes) byId.set(n.id, n);
  const roots: N[] = [];
  for (const n of nodes) {
    const parent = n.pid === 0 ? undefined : byId.get(n.pid);
    if (parent && parent !== n) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}
