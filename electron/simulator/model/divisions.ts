import type { Site } from '../site/schema';

/** The division tree: one root, and for every division the set of itself plus all descendants. */
export class DivisionTree {
  private readonly children = new Map<string, string[]>();
  private readonly byId: Map<string, Site['divisions'][number]>;
  private readonly subtreeCache = new Map<string, Set<string>>();

  constructor(divisions: Site['divisions']) {
    this.byId = new Map(divisions.map((d) => [d.id, d]));
    for (const d of divisions) {
      if (!d.parent) continue;
      const list = this.children.get(d.parent) ?? [];
      list.push(d.id);
      this.children.set(d.parent, list);
    }
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): Site['divisions'][number] | undefined {
    return this.byId.get(id);
  }

  all(): Site['divisions'] {
    return [...this.byId.values()];
  }

  /** The division and every descendant. Unknown ids give an empty set. */
  subtree(id: string): Set<string> {
    const cached = this.subtreeCache.get(id);
    if (cached) return cached;
    const result = new Set<string>();
    if (this.byId.has(id)) {
      const stack = [id];
      while (stack.length) {
        const at = stack.pop()!;
        result.add(at);
        stack.push(...(this.children.get(at) ?? []));
      }
    }
    this.subtreeCache.set(id, result);
    return result;
  }
}
