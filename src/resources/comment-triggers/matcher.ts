/**
 * The one comment matcher (2.22): simulate and a real arriving comment both call it, so a
 * simulation predicts what a comment does (apart from the per-person rules simulate skips).
 * Pure, and linear in the text: the text is normalized once and tokenized once, and each keyword
 * (at most 50 of at most 100 characters) is looked for in it. The rules, recorded in
 * docs/decisions.md ("Comment automation"):
 *
 * - normalize: Unicode NFKC, lower case, runs of whitespace become one space, trimmed;
 * - `contains`: the normalized keyword occurs in the normalized text (a substring);
 * - `exact`: the normalized text, without punctuation or symbols at either end, equals the keyword;
 * - `fuzzy`: some run of as many words of the text as the keyword has is within an edit distance
 *   (code points; a swap of two neighbours counts one edit) of 0 for keywords up to 3 characters, 1 up to 7, 2 from 8;
 * - exclude keywords always match as `contains`; any one of them stops the trigger.
 */
import type { MatchType } from './schemas.js';

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const EDGE_PUNCTUATION = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;

/** A comment prepared once for every keyword of every trigger. */
export interface PreparedText {
  readonly normalized: string;
  readonly bare: string;
  readonly words: readonly string[];
}

export function prepare(text: string): PreparedText {
  const normalized = normalize(text);
  return { normalized, bare: normalized.replace(EDGE_PUNCTUATION, ''), words: normalized.match(WORD) ?? [] };
}

/** The edit distance allowed for a fuzzy keyword of this many code points. */
export function fuzzyAllowance(length: number): number {
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/**
 * Edit distance over code points (insert, delete, substitute, and swap two neighbours: optimal
 * string alignment), or `limit + 1` as soon as it must exceed `limit`.
 */
export function boundedDistance(a: readonly string[], b: readonly string[], limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

function fuzzyMatches(text: PreparedText, keyword: string): boolean {
  const keywordWords = keyword.match(WORD) ?? [];
  if (keywordWords.length === 0) return text.normalized.includes(keyword);
  const target = [...keywordWords.join(' ')];
  const limit = fuzzyAllowance(target.length);
  const span = keywordWords.length;
  for (let start = 0; start + span <= text.words.length; start++) {
    const window = [...text.words.slice(start, start + span).join(' ')];
    if (boundedDistance(window, target, limit) <= limit) return true;
  }
  return false;
}

/** Whether one keyword matches the comment under the match type. */
export function keywordMatches(text: PreparedText, keyword: string, matchType: MatchType): boolean {
  const wanted = normalize(keyword);
  if (wanted.length === 0) return false;
  switch (matchType) {
    case 'contains':
      return text.normalized.includes(wanted);
    case 'exact':
      return text.bare === wanted.replace(EDGE_PUNCTUATION, '');
    case 'fuzzy':
      return fuzzyMatches(text, wanted);
  }
}

/** The first keyword (in list order) that matches, or null. */
export function firstMatch(text: PreparedText, keywords: readonly string[], matchType: MatchType): string | null {
  for (const keyword of keywords) if (keywordMatches(text, keyword, matchType)) return keyword;
  return null;
}

/** The first exclude keyword the comment contains, or null. */
export function firstExcluded(text: PreparedText, excludes: readonly string[]): string | null {
  return firstMatch(text, excludes, 'contains');
}
