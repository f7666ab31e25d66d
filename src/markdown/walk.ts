// A plain depth-first walk for our plugins. unist-util-visit names a function per node
// for debugging (Object.defineProperty on every visit), which costs over 5% of a
// build; this walk does only what our plugins need.
export interface WalkNode {
  type: string;
  children?: WalkNode[];
}

/**
 * Calls `enter` on every node, parents before children. `enter` may remove the node
 * from `parent.children` and return the index to continue at.
 */
export function walk<N extends WalkNode>(node: N, enter: (node: N, index: number | undefined, parent: N | undefined) => number | void): void {
  const visitChildren = (parent: N) => {
    const children = parent.children as N[] | undefined;
    if (!children) return;
    for (let i = 0; i < children.length; ) {
      const child = children[i]!;
      const next = enter(child, i, parent);
      if (typeof next === 'number') {
        i = next;
        continue;
      }
      visitChildren(child);
      i++;
    }
  };
  enter(node, undefined, undefined);
  visitChildren(node);
}
