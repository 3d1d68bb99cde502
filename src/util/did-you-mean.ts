/**
 * Suggestions for a misspelt name: the kit's check ids and sections, the library's option keys.
 * In src/util, plain helpers that know nothing of the simulator, so the conformance kit can share
 * them and stay independent of the implementation (test/hygiene.test.ts).
 */

/** Edit distance, for did-you-mean. */
export function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The valid names closest to `wanted`: names it starts, then by edit distance (at most 3). */
export function closest(wanted: string, valid: readonly string[], count = 3): string[] {
  const lower = wanted.toLowerCase();
  const bare = (text: string): string => text.replace(/[^a-z0-9]/g, '');
  const scored = valid.map((name) => {
    const candidate = name.toLowerCase();
    // Same letters and digits (`42` for `4.2`) first, then names it starts, then edit distance.
    const same = bare(candidate) === bare(lower) ? -2 : 0;
    const prefix = candidate.startsWith(lower) || lower.startsWith(candidate) ? -1 : 0;
    return { name, score: Math.min(same, prefix) * 100 + distance(lower, candidate) };
  });
  const limit = Math.max(2, Math.ceil(wanted.length / 3));
  return scored
    .filter((s) => s.score < 0 || s.score <= limit)
    .sort((x, y) => x.score - y.score || x.name.localeCompare(y.name))
    .slice(0, count)
    .map((s) => s.name);
}
