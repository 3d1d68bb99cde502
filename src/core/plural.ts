/**
 * A count with its noun in the right number, for messages: `countOf(1, 'seat')` is "1 seat",
 * `countOf(3, 'seat')` "3 seats" (audit 9b: "at most 1 competitors", "1 seats"). English only;
 * pass `plural` where adding "s" is wrong.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
