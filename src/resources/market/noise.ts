/**
 * Deterministic numbers from text and integers: the same parts give the same value on every
 * machine and every run, which is what makes the social world reproducible. This is a hash
 * (cyrb53's mixing, integer arithmetic only: `Math.imul` and shifts), not randomness: nothing
 * here draws from a generator, so it does not belong in core/random.ts.
 *
 * `stream(...names)` hashes its names once and then mixes in integers (a day, a post index), so
 * the thousands of values a reading needs cost a few multiplications each.
 */

const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;

function seedOf(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return [h1, h2];
}

function finish(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (TWO_32 * (2097151 & h2) + (h1 >>> 0)) / TWO_53;
}

/** A value in [0, 1) for every tuple of integers, fixed by the stream's names. */
export type Stream = (...numbers: readonly number[]) => number;

export function stream(...names: readonly string[]): Stream {
  const [s1, s2] = seedOf(names.join('|'));
  return (...numbers) => {
    let h1 = s1;
    let h2 = s2;
    for (const value of numbers) {
      const low = value | 0;
      const high = Math.floor(value / TWO_32) | 0;
      h1 = Math.imul(h1 ^ low, 2654435761);
      h2 = Math.imul(h2 ^ low, 1597334677);
      h1 = Math.imul(h1 ^ high, 2246822507);
      h2 = Math.imul(h2 ^ high, 3266489909);
    }
    return finish(h1, h2);
  };
}

/** A value in [0, 1) fixed by its parts. */
export function unit(...parts: readonly (string | number)[]): number {
  const [h1, h2] = seedOf(parts.join('|'));
  return finish(h1, h2);
}

/** `min + (max - min) * u`: a value in [min, max) from a unit value. */
export const scale = (min: number, max: number, u: number): number => min + (max - min) * u;

/** A value in [min, max) fixed by its parts. */
export function between(min: number, max: number, ...parts: readonly (string | number)[]): number {
  return scale(min, max, unit(...parts));
}

/** Log-uniform in [min, max): sizes of audiences spread over orders of magnitude. */
export function logBetween(min: number, max: number, ...parts: readonly (string | number)[]): number {
  return Math.exp(between(Math.log(min), Math.log(max), ...parts));
}

/** One of `items`, chosen by its parts. */
export function pick<T>(items: readonly T[], ...parts: readonly (string | number)[]): T {
  return items[Math.floor(unit(...parts) * items.length)]!;
}
