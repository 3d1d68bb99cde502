/**
 * Durations as people write them: `90s`, `15m`, `2h`, `7d`, `1h30m`, `250ms`. The sandbox takes
 * them for clock advances and seeds for "how long ago" and "expires in".
 */

export const DURATION_PATTERN = /^(\d+(ms|s|m|h|d))+$/;

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds in a duration (its parts summed); 0 for text that holds none. */
export function parseDuration(text: string): number {
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)(ms|s|m|h|d)/g)) total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}
