/**
 * A video's duration from its own header: the `mvhd` (movie header) box inside `moov`, which
 * MP4 and QuickTime MOV share (ISO/IEC 14496-12 8.2.2; QuickTime File Format "Movie header
 * atom"). Only box headers are walked, so a large `mdat` before `moov` is skipped by its size,
 * never read. No library: the box walk is a few lines over a `Uint8Array`, and the libraries
 * that read it (mp4box, music-metadata) are far larger than the need (docs/decisions.md, "Posts").
 */

interface Box {
  readonly type: string;
  /** Start of the box content (after its header). */
  readonly start: number;
  /** End of the box (exclusive), within the bytes. */
  readonly end: number;
}

const ascii = new TextDecoder('latin1');

function* boxes(bytes: Uint8Array, view: DataView, from: number, to: number): Generator<Box, void> {
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = ascii.decode(bytes.subarray(at + 4, at + 8));
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header) return; // malformed: a box cannot be smaller than its header
    const end = at + size;
    if (end > to) {
      // Truncated: the box runs past the bytes we have. Its header may still be readable.
      yield { type, start: at + header, end: to };
      return;
    }
    yield { type, start: at + header, end };
    at = end;
  }
}

/**
 * The duration in milliseconds the `mvhd` box declares, exactly (duration over timescale, a
 * fraction where the timescale is finer than milliseconds: 90 kHz is common); undefined when there
 * is no readable one. Limits are judged on this value; answers round it up (audit 15d D1: rounding
 * first let a 60.0004 s story and a 2.9995 s Reel through).
 */
export function mp4DurationMs(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const moov of boxes(bytes, view, 0, bytes.length)) {
    if (moov.type !== 'moov') continue;
    for (const box of boxes(bytes, view, moov.start, moov.end)) {
      if (box.type !== 'mvhd') continue;
      const version = bytes[box.start];
      // version(1) flags(3) then creation/modification times (4 or 8 bytes each).
      const timesLength = version === 1 ? 16 : 8;
      const scaleAt = box.start + 4 + timesLength;
      const durationLength = version === 1 ? 8 : 4;
      if (version === undefined || version > 1 || scaleAt + 4 + durationLength > box.end) return undefined;
      const timescale = view.getUint32(scaleAt);
      const duration = version === 1 ? Number(view.getBigUint64(scaleAt + 4)) : view.getUint32(scaleAt + 4);
      if (timescale === 0 || !Number.isFinite(duration)) return undefined;
      // 0xFFFFFFFF (all ones) means "unknown" in a version 0 header.
      if (version === 0 && duration === 0xffffffff) return undefined;
      return (duration * 1000) / timescale;
    }
    return undefined;
  }
  return undefined;
}

/**
 * A minimal, valid MP4 (`ftyp` + `moov/mvhd`) whose header declares `durationMs` (tests, seed,
 * kit), in a millisecond timescale unless `timescale` is given (then `durationMs` is rounded to
 * that scale's units: 90 kHz can say 60.00001 s).
 */
export function mp4WithDuration(durationMs: number, options: { brand?: string; padding?: number; timescale?: number } = {}): Uint8Array {
  const brand = options.brand ?? 'isom';
  const padding = options.padding ?? 0;
  const ftyp = 24;
  const mvhd = 8 + 100;
  const moov = 8 + mvhd;
  const mdat = padding > 0 ? 8 + padding : 0;
  const out = new Uint8Array(ftyp + mdat + moov);
  const view = new DataView(out.buffer);
  const text = (at: number, value: string) => out.set(new TextEncoder().encode(value), at);
  view.setUint32(0, ftyp);
  text(4, 'ftyp');
  text(8, brand);
  view.setUint32(12, 0x200);
  text(16, brand);
  text(20, 'mp41');
  let at = ftyp;
  if (mdat > 0) {
    view.setUint32(at, mdat);
    text(at + 4, 'mdat');
    at += mdat;
  }
  view.setUint32(at, moov);
  text(at + 4, 'moov');
  view.setUint32(at + 8, mvhd);
  text(at + 12, 'mvhd');
  const body = at + 16; // version 0, flags 0, creation 0, modification 0
  const timescale = options.timescale ?? 1000; // units per second: milliseconds by default
  view.setUint32(body + 12, timescale);
  view.setUint32(body + 16, Math.round((durationMs * timescale) / 1000));
  view.setUint32(body + 20, 0x00010000); // rate 1.0
  view.setUint16(body + 24, 0x0100); // volume 1.0
  view.setUint32(body + 96, 2); // next track id
  return out;
}
