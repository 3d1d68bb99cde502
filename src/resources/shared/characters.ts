/**
 * Characters as the spec's limits count them (section 8; docs/decisions.md "Characters are code
 * points"): a code point counts once, so an emoji (two UTF-16 units) is one character, as zod's
 * own `.max()` counts it. `String.length` counts UTF-16 units and halves a limit for emoji; a
 * `slice` by units can keep half a pair (a lone surrogate, invalid Unicode). Every hand-written
 * length check and every cut the server makes itself goes through here.
 *
 * A lone surrogate in the input counts as one character, as the string iterator and zod count it.
 * Hand-rolled: `[...text]` allocates an array of the whole text; these two walk it once, and a
 * text no longer in units than the limit is answered without a walk (a code point is one or two
 * units, so it cannot hold more code points than units).
 */

/** Whether a surrogate pair (one astral code point) starts at UTF-16 index `at`. */
function pairAt(text: string, at: number): boolean {
  return (text.charCodeAt(at) & 0xfc00) === 0xd800 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
}

/** The number of characters (code points) in `text`. */
export function charCount(text: string): number {
  let count = text.length;
  for (let at = 0; at < text.length - 1; at++) {
    if (pairAt(text, at)) {
      count--;
      at++;
    }
  }
  return count;
}

/** Whether `text` holds at most `max` characters (code points). */
export function fitsChars(text: string, max: number): boolean {
  return text.length <= max || charCount(text) <= max;
}

/**
 * The first `max` characters (code points) of `text`: the whole text when it fits, and never half
 * a surrogate pair. A prefix of `text` in UTF-16 units.
 */
export function cutChars(text: string, max: number): string {
  if (text.length <= max) return text;
  let at = 0;
  for (let taken = 0; taken < max; taken++) at += pairAt(text, at) ? 2 : 1;
  return text.slice(0, at);
}
