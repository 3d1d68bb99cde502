/**
 * Ids ordered by a number first and the id second, e.g. (recorded_at ms, id) for a list whose
 * spec order is "most recent first by a time that moves on every change" (GET /opt-outs).
 * Chunked like ./sorted-ids.ts: a change shifts at most one chunk, finding a position is two
 * binary searches, and a newest-first walk from a cursor reads only what it yields.
 */
import { CHUNK_MAX } from './sorted-ids.js';

const CHUNK_MIN = CHUNK_MAX / 4;

interface Chunk {
  orders: number[];
  ids: number[];
}

/** True when (o1, i1) sorts before (o2, i2). */
function before(o1: number, i1: number, o2: number, i2: number): boolean {
  return o1 < o2 || (o1 === o2 && i1 < i2);
}

/** First position in `chunk` whose pair is not before (order, id). */
function lowerBoundIn(chunk: Chunk, order: number, id: number): number {
  let lo = 0;
  let hi = chunk.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(chunk.orders[mid]!, chunk.ids[mid]!, order, id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What readers may do with an ordered index. */
export interface SortedPairView {
  readonly length: number;
  /**
   * Ids whose pair sorts before (order, id) — all when `order` is undefined — largest pair first,
   * stopping before the first pair whose order is under `minOrder`.
   */
  descending(from?: { order: number; id: number }, minOrder?: number): IterableIterator<{ order: number; id: number }>;
  /** Pairs whose order is under `maxOrder`, smallest first (e.g. records past a retention cutoff). */
  ascendingBelow(maxOrder: number): IterableIterator<{ order: number; id: number }>;
}

export class SortedPairs implements SortedPairView {
  private chunks: Chunk[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  insert(order: number, id: number): void {
    if (this.chunks.length === 0) {
      this.chunks.push({ orders: [order], ids: [id] });
      this.count = 1;
      return;
    }
    let c = this.chunkFor(order, id);
    if (c === this.chunks.length) c--;
    const chunk = this.chunks[c]!;
    const at = lowerBoundIn(chunk, order, id);
    if (chunk.ids[at] === id && chunk.orders[at] === order) return;
    chunk.orders.splice(at, 0, order);
    chunk.ids.splice(at, 0, id);
    this.count++;
    if (chunk.ids.length > CHUNK_MAX) {
      const half = chunk.ids.length >>> 1;
      this.chunks.splice(c + 1, 0, { orders: chunk.orders.splice(half), ids: chunk.ids.splice(half) });
    }
  }

  remove(order: number, id: number): boolean {
    const c = this.chunkFor(order, id);
    if (c === this.chunks.length) return false;
    const chunk = this.chunks[c]!;
    const at = lowerBoundIn(chunk, order, id);
    if (chunk.ids[at] !== id || chunk.orders[at] !== order) return false;
    chunk.orders.splice(at, 1);
    chunk.ids.splice(at, 1);
    this.count--;
    if (chunk.ids.length === 0) this.chunks.splice(c, 1);
    else if (chunk.ids.length < CHUNK_MIN) this.mergeSmall(c);
    return true;
  }

  *descending(from?: { order: number; id: number }, minOrder = -Infinity): IterableIterator<{ order: number; id: number }> {
    let c = this.chunks.length - 1;
    let at = -1;
    if (from !== undefined) {
      c = this.chunkFor(from.order, from.id);
      if (c === this.chunks.length) c--;
      else {
        at = lowerBoundIn(this.chunks[c]!, from.order, from.id) - 1;
        if (at < 0) c--;
      }
    }
    for (; c >= 0; c--, at = -1) {
      const chunk = this.chunks[c]!;
      if (at < 0) at = chunk.ids.length - 1;
      for (; at >= 0; at--) {
        const order = chunk.orders[at]!;
        if (order < minOrder) return;
        yield { order, id: chunk.ids[at]! };
      }
    }
  }

  *ascendingBelow(maxOrder: number): IterableIterator<{ order: number; id: number }> {
    for (const chunk of this.chunks) {
      for (let at = 0; at < chunk.ids.length; at++) {
        const order = chunk.orders[at]!;
        if (order >= maxOrder) return;
        yield { order, id: chunk.ids[at]! };
      }
    }
  }

  /** The first chunk whose last pair is not before (order, id); chunks.length when none. */
  private chunkFor(order: number, id: number): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid]!;
      const last = chunk.ids.length - 1;
      if (before(chunk.orders[last]!, chunk.ids[last]!, order, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private mergeSmall(c: number): void {
    const right = c + 1 < this.chunks.length ? c + 1 : c;
    const left = right - 1;
    if (left < 0) return;
    const a = this.chunks[left]!;
    const b = this.chunks[right]!;
    if (a.ids.length + b.ids.length > CHUNK_MAX) return;
    a.orders.push(...b.orders);
    a.ids.push(...b.ids);
    this.chunks.splice(right, 1);
  }
}
