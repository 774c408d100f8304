/**
 * The strongly connected components of a directed graph, by Tarjan's algorithm: the groups of
 * nodes that each reach one another. The OpenAPI preparation finds schemas that hold one another
 * with it (src/lib/openapi/schema-cycles.ts), the layer test import cycles.
 */

/**
 * Every component, one array of nodes each, the nodes of `nodes` visited in that order. A node in
 * no cycle is a component of its own; whether it holds itself is for the caller to ask.
 */
export function stronglyConnectedComponents(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(target)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}
