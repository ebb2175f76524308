/**
 * The fee-type tree in memory (pure: no I/O). A tenant's tree is small (hundreds of nodes), so the service
 * reads it whole and walks it here: order, levels, ancestors, subtrees.
 */
export interface TreeNode {
  id: number;
  code: string;
  parent_id: number;
  sort: number;
}

export class FeeTree<N extends TreeNode> {
  readonly byId = new Map<number, N>();
  readonly byCode = new Map<string, N>();
  private readonly kids = new Map<number, N[]>();

  constructor(nodes: N[]) {
    for (const n of nodes) {
      this.byId.set(n.id, n);
      this.byCode.set(n.code, n);
    }
    for (const n of nodes) {
      // a node whose parent is gone counts as a root (never happens through the service: 删除 refuses parents)
      const p = this.byId.has(n.parent_id) ? n.parent_id : 0;
      (this.kids.get(p) ?? this.kids.set(p, []).get(p)!).push(n);
    }
    for (const list of this.kids.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  }

  children(id: number): N[] {
    return this.kids.get(id) ?? [];
  }

  /** Every node, parents before their children, siblings by sort then id. */
  ordered(): { node: N; level: number }[] {
    const out: { node: N; level: number }[] = [];
    const walk = (pid: number, level: number) => {
      for (const n of this.children(pid)) {
        out.push({ node: n, level });
        walk(n.id, level + 1);
      }
    };
    walk(0, 1);
    return out;
  }

  /** The node itself first, then its parents up to the root. */
  ancestors(id: number): N[] {
    const out: N[] = [];
    const seen = new Set<number>();
    for (let n = this.byId.get(id); n && !seen.has(n.id); n = this.byId.get(n.parent_id)) {
      seen.add(n.id);
      out.push(n);
    }
    return out;
  }

  /** 1 for a root. */
  level(id: number): number {
    return this.ancestors(id).length;
  }

  /** The node and everything below it. */
  subtree(id: number): N[] {
    const root = this.byId.get(id);
    if (!root) return [];
    const out: N[] = [root];
    for (let i = 0; i < out.length; i++) out.push(...this.children(out[i]!.id));
    return out;
  }

  /** Levels of the subtree: 1 for a leaf. */
  height(id: number): number {
    const kids = this.children(id);
    return 1 + (kids.length ? Math.max(...kids.map((k) => this.height(k.id))) : 0);
  }
}
