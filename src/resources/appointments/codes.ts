/**
 * Confirmation codes and calendar ids, derived from the appointment id by a bijection (an odd
 * multiplier modulo 2^40): unique by construction, random-looking, and the same in every runtime
 * for the same state (the parity test compares bodies byte for byte).
 */
const MOD = 1n << 40n;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

function mix(id: number, salt: bigint): bigint {
  return ((BigInt(id) + salt) * 0x9e3779b97n) % MOD;
}

function base32(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value % 32n)]! + out;
    value /= 32n;
  }
  return out;
}

/** 8 characters of Crockford base32, unique per id. */
export const confirmationCodeOf = (id: number): string => base32(mix(id, 0n), 8);

export function calendarIdsOf(id: number, provider: 'google' | 'microsoft'): { google_event_id: string; meeting_link: string } {
  const token = base32(mix(id, 0x5bd1e995n), 8).toLowerCase() + base32(mix(id, 0x1b873593n), 8).toLowerCase();
  const letters = token.replace(/[0-9]/g, (digit) => 'abcdefghkm'[Number(digit)]!);
  return {
    google_event_id: `evt${token}`,
    meeting_link:
      provider === 'microsoft'
        ? `https://teams.microsoft.com/l/meetup-join/${token}`
        : `https://meet.google.com/${letters.slice(0, 3)}-${letters.slice(3, 7)}-${letters.slice(7, 10)}`,
  };
}
