/**
 * The HTTP `Date` of an instant (RFC 9110 5.6.7, IMF-fixdate), the last second's kept: most
 * answers of a busy second state the same one, as node:http's own cached Date does.
 */
let lastSecond = Number.NaN;
let lastFormatted = '';

export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastFormatted = new Date(second * 1000).toUTCString();
  }
  return lastFormatted;
}
