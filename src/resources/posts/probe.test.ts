/**
 * The streamed post media probe: the MP4 box walk gives what the whole-file walk gives, however
 * the bytes are cut, and a 50 MB upload fed lazily is never held past the stated bound.
 */
import { describe, expect, it } from 'vitest';
import { KEEP_BYTES_MAX } from './limits.js';
import { MOOV_KEEP_BYTES, createMp4Scanner } from './mp4-scan.js';
import { mp4DurationMs, mp4WithDuration } from './mp4.js';
import { HEAD_BYTES, createPostMediaProbe, judgedOrThrow } from './probe.js';
import { pngOfSize } from './samples.js';
import { largeMp4Chunks } from './streamed-samples.js';

const MB = 1024 * 1024;

function scan(bytes: Uint8Array, piece: number): number | undefined {
  const scanner = createMp4Scanner();
  for (let at = 0; at < bytes.length; at += piece) scanner.write(bytes.subarray(at, at + piece));
  return scanner.durationMs();
}

/** ftyp, then an `mdat` with a 64-bit size (size field 1), then `moov`. */
function withLargeSizeBox(durationMs: number): Uint8Array {
  const small = mp4WithDuration(durationMs);
  const mdat = new Uint8Array(16 + 100);
  const view = new DataView(mdat.buffer);
  view.setUint32(0, 1);
  mdat.set(new TextEncoder().encode('mdat'), 4);
  view.setBigUint64(8, BigInt(mdat.length));
  const out = new Uint8Array(small.length + mdat.length);
  out.set(small.subarray(0, 24));
  out.set(mdat, 24);
  out.set(small.subarray(24), 24 + mdat.length);
  return out;
}

describe('MP4 box walk while streaming', () => {
  const files: [string, Uint8Array][] = [
    ['moov first', mp4WithDuration(12_345)],
    ['moov after a padded mdat (QuickTime brand)', mp4WithDuration(5_000, { brand: 'qt  ', padding: 3000 })],
    ['an mdat with a 64-bit size', withLargeSizeBox(7_000)],
    ['cut inside mdat (no moov)', mp4WithDuration(5_000, { padding: 3000 }).subarray(0, 1500)],
    ['not an MP4 at all', pngOfSize(400, 2)],
  ];
  for (const [what, bytes] of files) {
    it(`agrees with the whole-file walk: ${what}`, () => {
      const whole = mp4DurationMs(bytes);
      for (const piece of [1, 3, 7, 8, 16, 100, bytes.length]) expect(scan(bytes, piece), `pieces of ${piece}`).toBe(whole);
    });
  }
  it('reads the duration of a 40 MB file whose moov comes last, fed in 1 MB chunks', () => {
    const scanner = createMp4Scanner();
    for (const chunk of largeMp4Chunks(40 * MB, 61_000)) scanner.write(chunk);
    expect(scanner.durationMs()).toBe(61_000);
    expect(scanner.heldBytes).toBeLessThanOrEqual(16 + MOOV_KEEP_BYTES);
  });
});

describe('post media probe', () => {
  it('keeps a small file whole (served at its URL) and judges it', async () => {
    const bytes = pngOfSize(1080, 2);
    const probe = createPostMediaProbe();
    for (let at = 0; at < bytes.length; at += 100) probe.write(bytes.subarray(at, at + 100));
    const probed = await probe.end();
    expect(probed.bytes).toEqual(bytes);
    expect(judgedOrThrow(probed)).toMatchObject({ mime: 'image/png', width: 1080, size_bytes: bytes.length });
  });

  it('a 50 MB video fed lazily is held at most KEEP_BYTES_MAX + head + moov head, and only head + moov head past 25 MB', async () => {
    const probe = createPostMediaProbe();
    const bound = KEEP_BYTES_MAX + HEAD_BYTES + 16 + MOOV_KEEP_BYTES;
    const after = HEAD_BYTES + 16 + MOOV_KEEP_BYTES;
    let fed = 0;
    let peak = 0;
    for (const chunk of largeMp4Chunks(50 * MB, 90_000, 256 * 1024)) {
      probe.write(chunk);
      fed += chunk.length;
      peak = Math.max(peak, probe.heldBytes);
      if (fed > KEEP_BYTES_MAX) expect(probe.heldBytes).toBeLessThanOrEqual(after);
    }
    expect(peak).toBeLessThanOrEqual(bound);
    const probed = await probe.end();
    expect(probed.bytes).toBeNull();
    expect(judgedOrThrow(probed)).toMatchObject({ mime: 'video/mp4', type: 'video', size_bytes: 50 * MB, duration_ms: 90_000 });
  });

  it('a large file that is not a video is judged from its head: an oversized PNG is 400 naming file', async () => {
    const probe = createPostMediaProbe();
    probe.write(pngOfSize(1080, 2));
    for (let i = 0; i < 30; i++) probe.write(new Uint8Array(MB));
    const probed = await probe.end();
    expect(() => judgedOrThrow(probed)).toThrow(expect.objectContaining({ code: 'invalid_param', param: 'file' }));
  });

  it('an empty file is 400 naming file', async () => {
    const probed = await createPostMediaProbe().end();
    expect(() => judgedOrThrow(probed)).toThrow(expect.objectContaining({ code: 'invalid_param', param: 'file' }));
  });
});
