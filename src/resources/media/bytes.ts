/**
 * File bytes as the store keeps them: base64 text, so snapshots, `/_sandbox/snapshot` and
 * `serve --state` (all JSON) carry uploads like any other record. Web-standard only, and table
 * driven: a 25 MB video encodes in a fraction of a second, where building a binary string for
 * `btoa` took seconds.
 */

const ALPHABET = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const PAD = 61; // '='
const VALUES = new Int16Array(128).fill(-1);
ALPHABET.forEach((code, value) => (VALUES[code] = value));

const ascii = new TextDecoder();
const toAscii = new TextEncoder();

export function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ALPHABET[n >> 18]!;
    out[o++] = ALPHABET[(n >> 12) & 63]!;
    out[o++] = ALPHABET[(n >> 6) & 63]!;
    out[o++] = ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | ((rest > 1 ? bytes[i + 1]! : 0) << 8);
    out[o++] = ALPHABET[n >> 18]!;
    out[o++] = ALPHABET[(n >> 12) & 63]!;
    out[o++] = rest > 1 ? ALPHABET[(n >> 6) & 63]! : PAD;
    out[o++] = PAD;
  }
  return ascii.decode(out);
}

/** Decodes what `bytesToBase64` wrote (standard alphabet, padded). */
export function base64ToBytes(text: string): Uint8Array {
  const input = toAscii.encode(text);
  let length = input.length;
  while (length > 0 && input[length - 1] === PAD) length--;
  const out = new Uint8Array(Math.floor((length * 3) / 4));
  let o = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < length; i++) {
    const value = VALUES[input[i]!] ?? -1;
    if (value < 0) throw new Error('not base64');
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}
