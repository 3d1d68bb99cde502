/**
 * Ascending sets of ids held in about two bytes per id or less, for indexes with many entries per
 * record (contacts' name pieces: some forty per contact, so forty million at a million contacts,
 * where ./sorted-ids.ts would spend some 10 bytes each).
 *
 * The layout is that of Roaring bitmaps (Chambi, Lemire et al., 2016), cut down to what an index
 * needs: ids are split by their high bits into blocks of 65,536; a block holds the low 16 bits of
 * its ids either as a sorted Uint16Array (up to ARRAY_MAX ids, 2 bytes each) or as a bitmap of
 * 65,536 bits (8 KiB, however many ids). A block turns into a bitmap when its array would pass
 * ARRAY_MAX, and back into an array when it falls under half of that, so a set that hovers at the
 * boundary does not convert on every change.
 *
 * A change touches one block: a binary search and a copy inside at most ARRAY_MAX slots, or one bit.
 * An array block's ids need not start at slot 0 (`start`): a change shifts whichever side of it is
 * shorter, so removing or adding an id near either end of a block moves a few slots. Deleting the
 * oldest contacts of a large account hits the front of every one of their pieces' blocks; shifting
 * the rest of each block (up to 8 KiB; with list-scale's names some thirteen array blocks per
 * contact, ~67 KB per delete at a million contacts) was most of what such a delete cost over the
 * same delete at a thousand.
 * Walks run block by block; inside a bitmap they jump from set bit to set bit a 32-bit word at a
 * time. Ids are ordinary safe integers (the high part is not limited to 16 bits).
 */
import { lowerBound, type SortedIdView } from './sorted-ids.js';

const LOW_BITS = 16;
const BLOCK_SPAN = 1 << LOW_BITS;
const WORDS = BLOCK_SPAN / 32;
/** Largest array block: at 4,096 ids an array and a bitmap both take 8 KiB. */
export const ARRAY_MAX = 4096;
/** A bitmap block that falls under this many ids becomes an array again. */
const ARRAY_AGAIN = ARRAY_MAX / 2;

interface ArrayBlock {
  bitmap: false;
  /** Ascending low bits in slots `start` to `start + size - 1`; the slots around them are free. */
  values: Uint16Array;
  start: number;
  size: number;
}

interface BitmapBlock {
  bitmap: true;
  words: Uint32Array;
  size: number;
}

type Block = ArrayBlock | BitmapBlock;

const highOf = (id: number): number => Math.floor(id / BLOCK_SPAN);
const lowOf = (id: number): number => id % BLOCK_SPAN;

/** The first slot in [from, to) of ascending `values` holding `low` or more (`to` when none). */
function lowerBound16(values: Uint16Array, from: number, to: number, low: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < low) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function popcount(word: number): number {
  let w = word - ((word >>> 1) & 0x55555555);
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function blockHas(block: Block, low: number): boolean {
  if (block.bitmap) return (block.words[low >>> 5]! & (1 << (low & 31))) !== 0;
  const end = block.start + block.size;
  const at = lowerBound16(block.values, block.start, end, low);
  return at < end && block.values[at] === low;
}

/** How many ids of the block are below `low`. */
function blockCountBelow(block: Block, low: number): number {
  if (!block.bitmap) return lowerBound16(block.values, block.start, block.start + block.size, low) - block.start;
  let count = 0;
  const word = low >>> 5;
  for (let w = 0; w < word; w++) count += popcount(block.words[w]!);
  const bit = low & 31;
  if (bit > 0) count += popcount(block.words[word]! & ((1 << bit) - 1) >>> 0);
  return count;
}

/** Low bits of the block at or above `from`, ascending. */
function* blockAscending(block: Block, from: number): Generator<number, void, undefined> {
  if (!block.bitmap) {
    const end = block.start + block.size;
    for (let at = lowerBound16(block.values, block.start, end, from); at < end; at++) yield block.values[at]!;
    return;
  }
  const { words } = block;
  let w = from >>> 5;
  let word = (words[w]! >>> (from & 31)) << (from & 31);
  for (;;) {
    while (word !== 0) {
      const lowest = word & -word;
      yield (w << 5) + 31 - Math.clz32(lowest);
      word ^= lowest;
    }
    if (++w === WORDS) return;
    word = words[w]!;
  }
}

/**
 * Puts `low` at slot `at` of an array block that is not full (`at` from lowerBound16, so the
 * order holds). An id in the front half shifts the ids before it down when there is a free slot
 * there; otherwise the ids after it move up. When the only free slots are before the ids and the
 * new one goes in the back half (new contacts after the oldest were deleted), the ids first slide
 * down to slot 0, once for as many appends as slots were freed, instead of a full shift each time.
 */
function insertIntoArray(block: ArrayBlock, at: number, low: number): void {
  const { values, start } = block;
  const end = start + block.size;
  if (start > 0 && at - start < end - at) {
    values.copyWithin(start - 1, start, at);
    values[at - 1] = low;
    block.start = start - 1;
  } else if (end < values.length) {
    // Most inserts append (a load walks ids upwards; new contacts get the largest ids): no call then.
    if (at < end) values.copyWithin(at + 1, at, end);
    values[at] = low;
  } else if (start > 0) {
    values.copyWithin(0, start, end);
    values.copyWithin(at - start + 1, at - start, end - start);
    values[at - start] = low;
    block.start = 0;
  } else {
    // Full: double (up to ARRAY_MAX, which holds any array block).
    const grown = new Uint16Array(Math.min(ARRAY_MAX, values.length * 2));
    grown.set(values.subarray(0, at));
    grown[at] = low;
    grown.set(values.subarray(at, end), at + 1);
    block.values = grown;
  }
  block.size++;
}

/** Takes `low` out of an array block, shifting the shorter side; false when it was absent. */
function removeFromArray(block: ArrayBlock, low: number): boolean {
  const { values, start } = block;
  const end = start + block.size;
  const at = lowerBound16(values, start, end, low);
  if (at === end || values[at] !== low) return false;
  if (at - start < end - at - 1) {
    if (at > start) values.copyWithin(start + 1, start, at);
    block.start = start + 1;
  } else if (at + 1 < end) values.copyWithin(at, at + 1, end);
  block.size--;
  // Give memory back as a block drains (a quarter full: halve), as it was taken as it grew.
  if (block.size > 0 && block.size <= values.length / 4 && values.length > 4) {
    const shrunk = new Uint16Array(Math.max(4, values.length / 2));
    shrunk.set(values.subarray(block.start, block.start + block.size));
    block.values = shrunk;
    block.start = 0;
  }
  return true;
}

function toBitmap(block: ArrayBlock): BitmapBlock {
  const words = new Uint32Array(WORDS);
  for (let at = block.start; at < block.start + block.size; at++) {
    const low = block.values[at]!;
    words[low >>> 5] = words[low >>> 5]! | (1 << (low & 31));
  }
  return { bitmap: true, words, size: block.size };
}

function toArrayBlock(block: BitmapBlock): ArrayBlock {
  const values = new Uint16Array(Math.max(block.size, 4));
  let size = 0;
  for (const low of blockAscending(block, 0)) values[size++] = low;
  return { bitmap: false, values, start: 0, size };
}

export class CompactIds implements SortedIdView {
  /** High parts, ascending, parallel to `blocks`; a block is dropped when it empties. */
  private readonly highs: number[] = [];
  private readonly blocks: Block[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  has(id: number): boolean {
    const b = this.blockIndex(highOf(id));
    return b >= 0 && blockHas(this.blocks[b]!, lowOf(id));
  }

  first(): number | undefined {
    const next = this.ascending().next();
    return next.done ? undefined : next.value;
  }

  last(): number | undefined {
    const next = this.descending().next();
    return next.done ? undefined : next.value;
  }

  /** Adds `id`; returns false when it was already present. */
  insert(id: number): boolean {
    const high = highOf(id);
    const low = lowOf(id);
    // Ids mostly arrive ascending (a load, new records): look at the last block first.
    const lastBlock = this.highs.length - 1;
    const b = lastBlock >= 0 && this.highs[lastBlock] === high ? lastBlock : lowerBound(this.highs, high);
    if (this.highs[b] !== high) {
      this.highs.splice(b, 0, high);
      this.blocks.splice(b, 0, { bitmap: false, values: new Uint16Array(4), start: 0, size: 0 });
    }
    const block = this.blocks[b]!;
    if (block.bitmap) {
      const mask = 1 << (low & 31);
      const word = block.words[low >>> 5]!;
      if ((word & mask) !== 0) return false;
      block.words[low >>> 5] = word | mask;
      block.size++;
      this.count++;
      return true;
    }
    const end = block.start + block.size;
    const at = block.size === 0 || block.values[end - 1]! < low ? end : lowerBound16(block.values, block.start, end, low);
    if (at < end && block.values[at] === low) return false;
    if (block.size === ARRAY_MAX) {
      const bitmap = toBitmap(block);
      this.blocks[b] = bitmap;
      bitmap.words[low >>> 5] = bitmap.words[low >>> 5]! | (1 << (low & 31));
      bitmap.size++;
      this.count++;
      return true;
    }
    insertIntoArray(block, at, low);
    this.count++;
    return true;
  }

  /** Removes `id`; returns false when it was absent. */
  remove(id: number): boolean {
    const b = this.blockIndex(highOf(id));
    if (b < 0) return false;
    const block = this.blocks[b]!;
    const low = lowOf(id);
    if (block.bitmap) {
      const mask = 1 << (low & 31);
      const word = block.words[low >>> 5]!;
      if ((word & mask) === 0) return false;
      block.words[low >>> 5] = word & ~mask;
      block.size--;
      if (block.size < ARRAY_AGAIN) this.blocks[b] = toArrayBlock(block);
    } else if (!removeFromArray(block, low)) return false;
    this.count--;
    if (this.blocks[b]!.size === 0) {
      this.highs.splice(b, 1);
      this.blocks.splice(b, 1);
    }
    return true;
  }

  *[Symbol.iterator](): IterableIterator<number> {
    yield* this.ascending();
  }

  *ascending(from?: number): IterableIterator<number> {
    const start = from === undefined ? 0 : from;
    const startHigh = highOf(start);
    for (let b = lowerBound(this.highs, startHigh); b < this.blocks.length; b++) {
      const base = this.highs[b]! * BLOCK_SPAN;
      const fromLow = this.highs[b] === startHigh ? lowOf(start) : 0;
      for (const low of blockAscending(this.blocks[b]!, fromLow)) yield base + low;
    }
  }

  /** The walk every list page takes, so the block walks are inlined rather than delegated. */
  *descending(below?: number): IterableIterator<number> {
    let b = below === undefined ? this.blocks.length - 1 : lowerBound(this.highs, highOf(below) + 1) - 1;
    for (; b >= 0; b--) {
      const base = this.highs[b]! * BLOCK_SPAN;
      const belowLow = below !== undefined && this.highs[b] === highOf(below) ? lowOf(below) : BLOCK_SPAN;
      if (belowLow <= 0) continue;
      const block = this.blocks[b]!;
      if (!block.bitmap) {
        const { values, start } = block;
        for (let at = lowerBound16(values, start, start + block.size, belowLow) - 1; at >= start; at--) yield base + values[at]!;
        continue;
      }
      const { words } = block;
      const last = belowLow - 1;
      const keep = last & 31;
      for (let w = last >>> 5, word = keep === 31 ? words[w]! : words[w]! & (((1 << (keep + 1)) >>> 0) - 1); ; word = words[w]!) {
        while (word !== 0) {
          const bit = 31 - Math.clz32(word);
          yield base + (w << 5) + bit;
          word &= ~(1 << bit);
        }
        if (--w < 0) break;
      }
    }
  }

  /** Never keyed: the id is all a piece of a name needs (list-walk.ts only asks keyed sets for the walks below). */
  readonly keyed = false;

  descendingAtLeast(): IterableIterator<number> {
    throw new Error('descendingAtLeast needs a keyed set');
  }

  ascendingAtLeast(): IterableIterator<number> {
    throw new Error('ascendingAtLeast needs a keyed set');
  }

  countBelow(id: number): number {
    const high = highOf(id);
    let count = 0;
    for (let b = 0; b < this.blocks.length && this.highs[b]! <= high; b++) {
      count += this.highs[b] === high ? blockCountBelow(this.blocks[b]!, lowOf(id)) : this.blocks[b]!.size;
    }
    return count;
  }

  toArray(): number[] {
    return [...this.ascending()];
  }

  map<R>(fn: (id: number) => R): R[] {
    const out: R[] = [];
    for (const id of this.ascending()) out.push(fn(id));
    return out;
  }

  filter(fn: (id: number) => boolean): number[] {
    const out: number[] = [];
    for (const id of this.ascending()) if (fn(id)) out.push(id);
    return out;
  }

  some(fn: (id: number) => boolean): boolean {
    for (const id of this.ascending()) if (fn(id)) return true;
    return false;
  }

  /** Bytes held by the blocks' typed arrays (the bench reports it). */
  get bytes(): number {
    let bytes = 0;
    for (const block of this.blocks) bytes += block.bitmap ? block.words.byteLength : block.values.byteLength;
    return bytes;
  }

  private blockIndex(high: number): number {
    const b = lowerBound(this.highs, high);
    return this.highs[b] === high ? b : -1;
  }
}
