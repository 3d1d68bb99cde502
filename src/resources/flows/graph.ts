/**
 * Graph walks of the validator, iterative (a 10,000-node chain must not exhaust the call stack)
 * and linear in nodes plus edges: reachability from the trigger, and the strongly connected
 * components of the non-waiting nodes (a cycle that never waits for the person would loop
 * forever in an instant).
 */

/** `next[i]` lists the node indexes node `i` leads to. */
export type Adjacency = readonly (readonly number[])[];

/** Which nodes a walk from `start` reaches. */
export function reachableFrom(next: Adjacency, start: number): Uint8Array {
  const seen = new Uint8Array(next.length);
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const at = stack.pop()!;
    for (const to of next[at]!) {
      if (seen[to] === 0) {
        seen[to] = 1;
        stack.push(to);
      }
    }
  }
  return seen;
}

/**
 * Cycles among the nodes `inside` keeps (Tarjan's algorithm without recursion): every strongly
 * connected component of more than one node, and every node with an edge to itself. Each cycle is
 * returned as its node indexes, in discovery order.
 */
export function cyclesWithin(next: Adjacency, inside: (node: number) => boolean): number[][] {
  const count = next.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const cycles: number[][] = [];
  let counter = 0;
  // The explicit call stack: a node and how far through its edges the walk is.
  const frames: number[] = [];
  const cursor = new Int32Array(count);

  for (let root = 0; root < count; root++) {
    if (index[root] !== -1 || !inside(root)) continue;
    frames.push(root);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length > 0) {
      const at = frames[frames.length - 1]!;
      const edges = next[at]!;
      if (cursor[at]! < edges.length) {
        const to = edges[cursor[at]!]!;
        cursor[at]!++;
        if (!inside(to)) continue;
        if (index[to] === -1) {
          index[to] = low[to] = counter++;
          stack.push(to);
          onStack[to] = 1;
          frames.push(to);
        } else if (onStack[to] === 1 && index[to]! < low[at]!) {
          low[at] = index[to]!;
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]!;
        if (low[at]! < low[parent]!) low[parent] = low[at]!;
      }
      if (low[at] !== index[at]) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = 0;
        component.push(member);
      } while (member !== at);
      if (component.length > 1 || edges.includes(at)) cycles.push(component.reverse());
    }
  }
  return cycles;
}
