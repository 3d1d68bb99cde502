/**
 * How deep and how large a JSON value is, measured without recursion (a value nested thousands of
 * levels deep must not overflow the stack of the code that checks it). Data the sandbox accepts
 * from outside and keeps (events to emit, snapshots to restore) is bounded with it, so nothing it
 * stores can later fail to serialise.
 */

export interface JsonBounds {
  readonly maxDepth: number;
  /** Approximate serialised size: string lengths, keys and punctuation. */
  readonly maxBytes: number;
}

/** Null when within bounds, else what is over. */
export function jsonOverBounds(value: unknown, bounds: JsonBounds): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  let bytes = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (depth > bounds.maxDepth) return `nested deeper than ${bounds.maxDepth} levels`;
    if (typeof current === 'string') bytes += current.length + 2;
    else if (current === null || typeof current !== 'object') bytes += 8;
    else if (Array.isArray(current)) {
      bytes += 2;
      for (const item of current) stack.push([item, depth + 1]);
    } else {
      bytes += 2;
      for (const [key, item] of Object.entries(current)) {
        bytes += key.length + 4;
        stack.push([item, depth + 1]);
      }
    }
    if (bytes > bounds.maxBytes) return `larger than ${bounds.maxBytes} bytes`;
  }
  return null;
}

/** What an emitted event's `data` may be (sandbox-emitted events; the groups' own are far smaller). */
export const EVENT_DATA_BOUNDS: JsonBounds = { maxDepth: 32, maxBytes: 64 * 1024 };
