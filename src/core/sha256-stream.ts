/**
 * SHA-256 over bytes that arrive in pieces (a streamed upload's idempotency fingerprint): the
 * digest of a 1 GB file without holding it. Node's native incremental hash when the host has
 * one (found through `process.getBuiltinModule`, so this file imports nothing runtime-specific,
 * as ./hash.ts does); elsewhere (MSW in a browser) the portable compression function of
 * ./hash.ts, fed whole 64-byte blocks as they fill. Both are checked against node:crypto in
 * `sha256-stream.test.ts`.
 */
import { SHA256_INITIAL, sha256Blocks, toHex } from './hash.js';

export interface StreamDigest {
  update(chunk: Uint8Array): void;
  /** The digest as lower-case hex; the digest takes no more bytes after this. */
  hex(): string;
}

interface NativeHasher {
  update(data: Uint8Array): unknown;
  digest(encoding: 'hex'): string;
}
type CreateHash = (algorithm: string) => NativeHasher;

const nativeCreateHash: CreateHash | undefined = (() => {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  const crypto = host.process?.getBuiltinModule?.('node:crypto') as { createHash?: CreateHash } | undefined;
  return typeof crypto?.createHash === 'function' ? crypto.createHash : undefined;
})();

export function createStreamDigest(options: { portable?: boolean } = {}): StreamDigest {
  if (nativeCreateHash && options.portable !== true) {
    const hasher = nativeCreateHash('sha256');
    return { update: (chunk) => void hasher.update(chunk), hex: () => hasher.digest('hex') };
  }
  return portableDigest();
}

/** The portable digest: a 64-byte block buffer, flushed through the compression function. */
function portableDigest(): StreamDigest {
  const h = new Uint32Array(SHA256_INITIAL);
  const w = new Uint32Array(64);
  const block = new Uint8Array(64);
  const blockView = new DataView(block.buffer);
  let filled = 0;
  let length = 0;
  return {
    update(chunk) {
      length += chunk.length;
      let at = 0;
      if (filled > 0) {
        const take = Math.min(64 - filled, chunk.length);
        block.set(chunk.subarray(0, take), filled);
        filled += take;
        at = take;
        if (filled < 64) return;
        sha256Blocks(h, w, blockView, 0, 64);
        filled = 0;
      }
      const whole = (chunk.length - at) - ((chunk.length - at) % 64);
      if (whole > 0) {
        sha256Blocks(h, w, new DataView(chunk.buffer, chunk.byteOffset + at, whole), 0, whole);
        at += whole;
      }
      if (at < chunk.length) {
        block.set(chunk.subarray(at), 0);
        filled = chunk.length - at;
      }
    },
    hex() {
      // Padding (FIPS 180-4 5.1.1): 0x80, zeros, then the length in bits as 64 bits.
      const tail = new Uint8Array(filled + 9 > 64 ? 128 : 64);
      tail.set(block.subarray(0, filled));
      tail[filled] = 0x80;
      const view = new DataView(tail.buffer);
      const bits = length * 8;
      view.setUint32(tail.length - 8, Math.floor(bits / 2 ** 32));
      view.setUint32(tail.length - 4, bits >>> 0);
      sha256Blocks(h, w, view, 0, tail.length);
      const out = new Uint8Array(32);
      const outView = new DataView(out.buffer);
      for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
      return toHex(out);
    },
  };
}
