/**
 * Ascending sets of ids: every per-account list and every secondary index of a collection.
 *
 * A plain sorted array shifts everything behind a change (`Array.splice`), so updating or deleting
 * an old record of a 1M-record account moved up to 1M slots. Here the ids live in chunks of at
 * most CHUNK_MAX ids, found by binary search over each chunk's last id. A change shifts only
 * inside one chunk (at most CHUNK_MAX slots) plus, when a chunk splits, merges or empties, the
 * small arrays of chunk heads (n / CHUNK_MAX slots, and only once per ~CHUNK_MAX / 2 changes).
 * Lookups, and starting a walk from a cursor, are two binary searches: O(log n).
 *
 * Ids come from global sequences, so a new record's id is nearly always the largest: `insert` is
 * then a push onto the last chunk.
 *
 * A set may also carry one number per id (its "key", e.g. a record's updated time) and remember
 * each chunk's largest key, so a walk for "ids whose key is at least T" skips every chunk that
 * holds none (`descendingAtLeast`): an `updated_since` list never reads chunks of stale records.
 * Inside a chunk the same is kept per block of BLOCK ids, so a match costs a block, not a chunk.
 */

/** Largest chunk; a full chunk splits in two halves. Measured in bench/sorted-ids.ts. */
export const CHUNK_MAX = 512;
/** A chunk this small is merged into a neighbour when the two fit in one chunk. */
const CHUNK_MIN = CHUNK_MAX / 4;
/** Ids per block whose largest key a keyed chunk remembers (a walk skips blocks below its threshold). */
const BLOCK_SHIFT = 5;
const BLOCK = 1 << BLOCK_SHIFT;

export function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What readers of an index may do: collections hand these out; only the collection changes them. */
export interface SortedIdView extends Iterable<number> {
  readonly length: number;
  has(id: number): boolean;
  first(): number | undefined;
  last(): number | undefined;
  /** Ids below `below` (all when undefined), largest first. */
  descending(below?: number): IterableIterator<number>;
  /** Ids at or above `from` (all when undefined), smallest first. */
  ascending(from?: number): IterableIterator<number>;
  /**
   * Ids below `below` whose key is at least `minKey`, largest first; chunks whose largest key is
   * under `minKey` are skipped without reading their ids. Only for sets built with keys.
   */
  descendingAtLeast(minKey: number, below?: number): IterableIterator<number>;
  /** Ids at or above `from` whose key is at least `minKey`, smallest first (the oldest-first twin). */
  ascendingAtLeast(minKey: number, from?: number): IterableIterator<number>;
  /** True when the set carries a key per id (the walks above are only for such sets). */
  readonly keyed: boolean;
  /** How many ids are below `id`: O(n / CHUNK_MAX). */
  countBelow(id: number): number;
  /** A copy as a plain ascending array. */
  toArray(): number[];
  map<R>(fn: (id: number) => R): R[];
  filter(fn: (id: number) => boolean): number[];
  some(fn: (id: number) => boolean): boolean;
}

export class SortedIds implements SortedIdView {
  private chunks: number[][] = [];
  /** Last (largest) id of each chunk, for the binary search that finds a chunk. */
  private lasts: number[] = [];
  /** Per id, the key (parallel to `chunks`), and per chunk the largest key; only when keyed. */
  private readonly keys: number[][] | null;
  private readonly maxKeys: number[] | null;
  /** Per chunk, the largest key of each BLOCK ids; only when keyed. */
  private readonly blockMaxes: number[][] | null;
  private count = 0;

  constructor(keyed = false) {
    this.keys = keyed ? [] : null;
    this.maxKeys = keyed ? [] : null;
    this.blockMaxes = keyed ? [] : null;
  }

  /**
   * A set holding `ids`, which must be ascending and distinct, with `keys[i]` as the key of
   * `ids[i]` when given (a keyed set). A bulk load builds every index this way: chunks half full
   * (later inserts in the middle do not split at once), each an exactly sized array, and no
   * search per id. The same set as inserting the ids one by one (sorted-ids.test.ts).
   */
  static fromAscending(ids: readonly number[], keys?: readonly number[]): SortedIds {
    const set = new SortedIds(keys !== undefined);
    for (let at = 0; at < ids.length; at += CHUNK_MAX / 2) {
      const chunk = ids.slice(at, at + CHUNK_MAX / 2);
      set.chunks.push(chunk);
      set.lasts.push(chunk[chunk.length - 1]!);
      if (keys !== undefined) {
        const chunkKeys = keys.slice(at, at + CHUNK_MAX / 2);
        const blocks: number[] = [];
        for (let block = 0; block < chunkKeys.length; block += BLOCK) blocks.push(maxOf(chunkKeys, block, block + BLOCK));
        set.keys!.push(chunkKeys);
        set.blockMaxes!.push(blocks);
        set.maxKeys!.push(maxOf(blocks));
      }
    }
    set.count = ids.length;
    return set;
  }

  get length(): number {
    return this.count;
  }

  get keyed(): boolean {
    return this.keys !== null;
  }

  first(): number | undefined {
    return this.chunks[0]?.[0];
  }

  last(): number | undefined {
    return this.lasts[this.lasts.length - 1];
  }

  has(id: number): boolean {
    const c = lowerBound(this.lasts, id);
    if (c === this.chunks.length) return false;
    const chunk = this.chunks[c]!;
    return chunk[lowerBound(chunk, id)] === id;
  }

  /** The key stored with `id`, or undefined when absent. */
  keyOf(id: number): number | undefined {
    const c = lowerBound(this.lasts, id);
    if (c === this.chunks.length || !this.keys) return undefined;
    const chunk = this.chunks[c]!;
    const at = lowerBound(chunk, id);
    return chunk[at] === id ? this.keys[c]![at] : undefined;
  }

  /** Adds `id` (with `key` in a keyed set); an id already present only has its key replaced. */
  insert(id: number, key = 0): void {
    const chunkCount = this.chunks.length;
    if (chunkCount === 0) {
      this.chunks.push([id]);
      this.lasts.push(id);
      this.keys?.push([key]);
      this.maxKeys?.push(key);
      this.blockMaxes?.push([key]);
      this.count = 1;
      return;
    }
    let c = lowerBound(this.lasts, id);
    if (c === chunkCount) c = chunkCount - 1; // larger than everything: append to the last chunk
    const chunk = this.chunks[c]!;
    const at = chunk[chunk.length - 1]! < id ? chunk.length : lowerBound(chunk, id);
    if (chunk[at] === id) {
      if (this.keys) this.setKeyAt(c, at, key);
      return;
    }
    if (at === chunk.length) {
      chunk.push(id);
      this.lasts[c] = id;
      if (this.keys) {
        this.keys[c]!.push(key);
        const blocks = this.blockMaxes![c]!;
        const block = at >>> BLOCK_SHIFT;
        if (block === blocks.length) blocks.push(key);
        else if (key > blocks[block]!) blocks[block] = key;
      }
    } else {
      chunk.splice(at, 0, id);
      if (this.keys) {
        this.keys[c]!.splice(at, 0, key);
        this.rebuildBlocks(c, at);
      }
    }
    if (this.maxKeys && key > this.maxKeys[c]!) this.maxKeys[c] = key;
    this.count++;
    if (chunk.length > CHUNK_MAX) this.split(c);
  }

  /** Removes `id`; false when it was absent. */
  remove(id: number): boolean {
    const c = lowerBound(this.lasts, id);
    if (c === this.chunks.length) return false;
    const chunk = this.chunks[c]!;
    const at = lowerBound(chunk, id);
    if (chunk[at] !== id) return false;
    // The oldest id goes first most often (the event journal's pruning): `shift` moves the
    // array's start instead of its contents and, unlike `splice`, returns no array to collect.
    const removedKey = at === 0 ? this.removeFirst(chunk, c) : this.removeAt(chunk, c, at);
    this.count--;
    if (chunk.length === 0) {
      this.dropChunk(c);
      return true;
    }
    this.lasts[c] = chunk[chunk.length - 1]!;
    if (this.keys) this.rebuildBlocks(c, at);
    if (this.maxKeys && removedKey >= this.maxKeys[c]!) this.maxKeys[c] = maxOf(this.blockMaxes![c]!);
    if (chunk.length < CHUNK_MIN) this.mergeSmall(c);
    return true;
  }

  private removeFirst(chunk: number[], c: number): number {
    chunk.shift();
    return this.keys ? this.keys[c]!.shift()! : 0;
  }

  private removeAt(chunk: number[], c: number, at: number): number {
    chunk.splice(at, 1);
    return this.keys ? this.keys[c]!.splice(at, 1)[0]! : 0;
  }

  clear(): void {
    this.chunks = [];
    this.lasts = [];
    if (this.keys) this.keys.length = 0;
    if (this.maxKeys) this.maxKeys.length = 0;
    if (this.blockMaxes) this.blockMaxes.length = 0;
    this.count = 0;
  }

  *[Symbol.iterator](): IterableIterator<number> {
    for (const chunk of this.chunks) yield* chunk;
  }

  *ascending(from?: number): IterableIterator<number> {
    let c = from === undefined ? 0 : lowerBound(this.lasts, from);
    let at = from === undefined || c === this.chunks.length ? 0 : lowerBound(this.chunks[c]!, from);
    for (; c < this.chunks.length; c++, at = 0) {
      const chunk = this.chunks[c]!;
      for (; at < chunk.length; at++) yield chunk[at]!;
    }
  }

  *descending(below?: number): IterableIterator<number> {
    const [startChunk, startAt] = this.startBelow(below);
    for (let c = startChunk, at = startAt; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      if (at < 0) at = chunk.length - 1;
      for (; at >= 0; at--) yield chunk[at]!;
    }
  }

  *descendingAtLeast(minKey: number, below?: number): IterableIterator<number> {
    if (!this.keys || !this.maxKeys || !this.blockMaxes) throw new Error('descendingAtLeast needs a keyed set');
    const [startChunk, startAt] = this.startBelow(below);
    for (let c = startChunk, at = startAt; c >= 0; c--, at = -1) {
      if (this.maxKeys[c]! < minKey) continue;
      const chunk = this.chunks[c]!;
      const keys = this.keys[c]!;
      const blocks = this.blockMaxes[c]!;
      if (at < 0) at = chunk.length - 1;
      while (at >= 0) {
        const blockStart = at & ~(BLOCK - 1);
        if (blocks[at >>> BLOCK_SHIFT]! >= minKey) {
          for (; at >= blockStart; at--) if (keys[at]! >= minKey) yield chunk[at]!;
        } else at = blockStart - 1;
      }
    }
  }

  *ascendingAtLeast(minKey: number, from?: number): IterableIterator<number> {
    if (!this.keys || !this.maxKeys || !this.blockMaxes) throw new Error('ascendingAtLeast needs a keyed set');
    let c = from === undefined ? 0 : lowerBound(this.lasts, from);
    let at = from === undefined || c === this.chunks.length ? 0 : lowerBound(this.chunks[c]!, from);
    for (; c < this.chunks.length; c++, at = 0) {
      if (this.maxKeys[c]! < minKey) continue;
      const chunk = this.chunks[c]!;
      const keys = this.keys[c]!;
      const blocks = this.blockMaxes[c]!;
      while (at < chunk.length) {
        const blockEnd = Math.min((at | (BLOCK - 1)) + 1, chunk.length);
        if (blocks[at >>> BLOCK_SHIFT]! >= minKey) {
          for (; at < blockEnd; at++) if (keys[at]! >= minKey) yield chunk[at]!;
        } else at = blockEnd;
      }
    }
  }

  countBelow(id: number): number {
    const c = lowerBound(this.lasts, id);
    let count = 0;
    for (let i = 0; i < c; i++) count += this.chunks[i]!.length;
    return c === this.chunks.length ? count : count + lowerBound(this.chunks[c]!, id);
  }

  toArray(): number[] {
    return this.chunks.length === 1 ? this.chunks[0]!.slice() : this.chunks.flat();
  }

  map<R>(fn: (id: number) => R): R[] {
    const out: R[] = [];
    for (const chunk of this.chunks) for (const id of chunk) out.push(fn(id));
    return out;
  }

  filter(fn: (id: number) => boolean): number[] {
    const out: number[] = [];
    for (const chunk of this.chunks) for (const id of chunk) if (fn(id)) out.push(id);
    return out;
  }

  some(fn: (id: number) => boolean): boolean {
    for (const chunk of this.chunks) for (const id of chunk) if (fn(id)) return true;
    return false;
  }

  /** Chunk and position of the largest id below `below`; position -1 means "from the chunk's end". */
  private startBelow(below: number | undefined): [number, number] {
    if (below === undefined) return [this.chunks.length - 1, -1];
    const c = lowerBound(this.lasts, below);
    if (c === this.chunks.length) return [c - 1, -1];
    const at = lowerBound(this.chunks[c]!, below) - 1;
    // `below` sits before this chunk's first id: start from the end of the chunk before.
    return at < 0 ? [c - 1, -1] : [c, at];
  }

  private setKeyAt(c: number, at: number, key: number): void {
    const keys = this.keys![c]!;
    const previous = keys[at]!;
    keys[at] = key;
    const blocks = this.blockMaxes![c]!;
    const block = at >>> BLOCK_SHIFT;
    if (key > blocks[block]!) blocks[block] = key;
    else if (key < previous && previous >= blocks[block]!) blocks[block] = maxOf(keys, block << BLOCK_SHIFT, (block + 1) << BLOCK_SHIFT);
    if (key > this.maxKeys![c]!) this.maxKeys![c] = key;
    else if (previous >= this.maxKeys![c]! && key < previous) this.maxKeys![c] = maxOf(blocks);
  }

  /** Recomputes the block maxima of chunk `c` from the block holding position `from` on. */
  private rebuildBlocks(c: number, from: number): void {
    const keys = this.keys![c]!;
    const blocks = this.blockMaxes![c]!;
    const count = Math.ceil(keys.length / BLOCK);
    blocks.length = count;
    for (let block = from >>> BLOCK_SHIFT; block < count; block++) blocks[block] = maxOf(keys, block << BLOCK_SHIFT, (block + 1) << BLOCK_SHIFT);
  }

  private split(c: number): void {
    const chunk = this.chunks[c]!;
    const half = chunk.length >>> 1;
    const upper = chunk.splice(half);
    this.chunks.splice(c + 1, 0, upper);
    this.lasts.splice(c, 1, chunk[chunk.length - 1]!, upper[upper.length - 1]!);
    if (this.keys && this.maxKeys && this.blockMaxes) {
      const upperKeys = this.keys[c]!.splice(half);
      this.keys.splice(c + 1, 0, upperKeys);
      this.blockMaxes.splice(c + 1, 0, []);
      this.rebuildBlocks(c, 0);
      this.rebuildBlocks(c + 1, 0);
      this.maxKeys.splice(c, 1, maxOf(this.blockMaxes[c]!), maxOf(this.blockMaxes[c + 1]!));
    }
  }

  private dropChunk(c: number): void {
    if (c === 0) {
      // The first chunk goes most often (the oldest records are deleted or pruned first): `shift`
      // moves where V8's array starts, where `splice` would move every other chunk's head.
      this.chunks.shift();
      this.lasts.shift();
      this.keys?.shift();
      this.maxKeys?.shift();
      this.blockMaxes?.shift();
      return;
    }
    this.chunks.splice(c, 1);
    this.lasts.splice(c, 1);
    this.keys?.splice(c, 1);
    this.maxKeys?.splice(c, 1);
    this.blockMaxes?.splice(c, 1);
  }

  /** Folds a small chunk into a neighbour when both fit, so the chunk count stays near n / CHUNK_MAX. */
  private mergeSmall(c: number): void {
    const neighbour = c + 1 < this.chunks.length && this.chunks[c + 1]!.length < (this.chunks[c - 1]?.length ?? Infinity) ? c + 1 : c - 1;
    if (neighbour < 0 || neighbour >= this.chunks.length) return;
    const left = Math.min(c, neighbour);
    const right = left + 1;
    if (this.chunks[left]!.length + this.chunks[right]!.length > CHUNK_MAX) return;
    if (left === 0) {
      this.foldFirstChunk();
      return;
    }
    this.chunks[left]!.push(...this.chunks[right]!);
    this.lasts[left] = this.lasts[right]!;
    if (this.keys && this.maxKeys) {
      const leftLength = this.keys[left]!.length;
      this.keys[left]!.push(...this.keys[right]!);
      this.rebuildBlocks(left, leftLength);
      this.maxKeys[left] = Math.max(this.maxKeys[left]!, this.maxKeys[right]!);
    }
    this.dropChunk(right);
  }

  /**
   * Merges the first chunk into the second, then drops the first: the same chunks as merging the
   * other way, but dropping chunk 0 shifts no chunk heads (dropChunk).
   */
  private foldFirstChunk(): void {
    this.chunks[1]!.unshift(...this.chunks[0]!);
    if (this.keys && this.maxKeys) {
      this.keys[1]!.unshift(...this.keys[0]!);
      this.rebuildBlocks(1, 0);
      this.maxKeys[1] = Math.max(this.maxKeys[0]!, this.maxKeys[1]!);
    }
    this.dropChunk(0);
  }
}

function maxOf(values: readonly number[], from = 0, to = values.length): number {
  let max = -Infinity;
  const end = Math.min(to, values.length);
  for (let i = from; i < end; i++) if (values[i]! > max) max = values[i]!;
  return max;
}
