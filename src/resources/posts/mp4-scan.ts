/**
 * The MP4/MOV box walk of ./mp4.ts, done as the bytes stream past: top-level boxes are followed
 * by their declared sizes, everything but `moov` is skipped without being kept (a 1 GB `mdat`
 * costs nothing), and the first MOOV_KEEP_BYTES of `moov` are kept so the `mvhd` it opens with
 * can be read at the end, wherever in the file `moov` sits (camera files put it after `mdat`).
 */
import { mp4DurationMs } from './mp4.js';

/**
 * How much of `moov` is kept. `mvhd` is the first child of `moov` in every file we know of
 * (ISO/IEC 14496-12 recommends it), 108 or 120 bytes long; the rest of `moov` (sample tables,
 * megabytes for a long video) is not needed. A `moov` whose `mvhd` sits past this reads as
 * having no movie header (400 naming `file`).
 */
export const MOOV_KEEP_BYTES = 64 * 1024;

const latin1 = new TextDecoder('latin1');

export interface Mp4Scanner {
  write(chunk: Uint8Array): void;
  /** The duration `mvhd` declares, read from the kept `moov` head; undefined without one. */
  durationMs(): number | undefined;
  /** Bytes held right now (the pending box header and the kept `moov` head). */
  readonly heldBytes: number;
}

export function createMp4Scanner(): Mp4Scanner {
  const header = new Uint8Array(16);
  let headerFilled = 0;
  /** Bytes of the current box still to pass (Infinity: it runs to the end of the file). */
  let remaining = 0;
  let inBox = false;
  let capturing = false;
  let moov: Uint8Array | undefined;
  let moovFilled = 0;
  let broken = false;

  /** Reads a box header once enough of it arrived; false while more is needed. */
  function startBox(): boolean {
    if (headerFilled < 8) return false;
    const view = new DataView(header.buffer);
    const size32 = view.getUint32(0);
    const type = latin1.decode(header.subarray(4, 8));
    let headerLength = 8;
    let size: number;
    if (size32 === 1) {
      if (headerFilled < 16) return false;
      const large = view.getBigUint64(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return (broken = true), false;
      size = Number(large);
      headerLength = 16;
    } else size = size32 === 0 ? Number.POSITIVE_INFINITY : size32;
    if (size < headerLength) return (broken = true), false;
    inBox = true;
    remaining = size - headerLength;
    capturing = type === 'moov' && moov === undefined;
    if (capturing) {
      moov = new Uint8Array(MOOV_KEEP_BYTES);
      moov.set(header.subarray(0, headerLength));
      moovFilled = headerLength;
    }
    // The header buffer is filled to exactly the header's length (8, or 16 for a large size).
    headerFilled = 0;
    return true;
  }

  function consume(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && !broken) {
      if (!inBox) {
        const need = (headerFilled < 8 ? 8 : 16) - headerFilled;
        const take = Math.min(need, chunk.length - at);
        header.set(chunk.subarray(at, at + take), headerFilled);
        headerFilled += take;
        at += take;
        startBox();
        continue;
      }
      const take = Math.min(remaining, chunk.length - at);
      if (capturing && moov !== undefined && moovFilled < moov.length) {
        const keep = Math.min(take, moov.length - moovFilled);
        moov.set(chunk.subarray(at, at + keep), moovFilled);
        moovFilled += keep;
      }
      at += take;
      remaining -= take;
      if (remaining === 0) {
        inBox = false;
        capturing = false;
      }
    }
  }

  return {
    write: consume,
    durationMs: () => (moov === undefined ? undefined : mp4DurationMs(moov.subarray(0, moovFilled))),
    get heldBytes() {
      return header.length + (moov?.length ?? 0);
    },
  };
}
