/**
 * Large uploads generated as they are read (tests, `bench/uploads.ts`): an MP4 of any size whose
 * `moov` comes after a zero-filled `mdat` (as camera files have it), and the multipart/form-data
 * framing around a file, as a ReadableStream that makes each chunk only when it is pulled. Nothing
 * here is ever whole in memory, so a 1 GB upload costs the sender one chunk at a time.
 */
import { mp4WithDuration } from './mp4.js';

const FTYP_BYTES = 24;
const MOOV_BYTES = 116;
const MDAT_HEADER_BYTES = 8;
const encoder = new TextEncoder();

/**
 * The chunks of an MP4 of exactly `totalBytes` (under 4 GiB) declaring `durationMs` in its
 * `mvhd`, which sits in the `moov` box after the `mdat`. Each chunk is a fresh array.
 */
export function* largeMp4Chunks(totalBytes: number, durationMs: number, chunkBytes = 1024 * 1024): Generator<Uint8Array> {
  const small = mp4WithDuration(durationMs);
  const mdatBytes = totalBytes - FTYP_BYTES - MOOV_BYTES;
  if (mdatBytes < MDAT_HEADER_BYTES || mdatBytes >= 2 ** 32) throw new Error(`an MP4 of ${totalBytes} bytes cannot be built here`);
  const start = new Uint8Array(FTYP_BYTES + MDAT_HEADER_BYTES);
  start.set(small.subarray(0, FTYP_BYTES));
  new DataView(start.buffer).setUint32(FTYP_BYTES, mdatBytes);
  start.set(encoder.encode('mdat'), FTYP_BYTES + 4);
  yield start;
  for (let left = mdatBytes - MDAT_HEADER_BYTES; left > 0; left -= chunkBytes) yield new Uint8Array(Math.min(chunkBytes, left));
  yield small.slice(FTYP_BYTES);
}

export type FormPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly type: string; readonly chunks: Iterable<Uint8Array> };

/** The multipart/form-data body of `parts` as chunks, the file's chunks passed through as they come. */
export function* multipartChunks(boundary: string, parts: readonly FormPart[]): Generator<Uint8Array> {
  for (const part of parts) {
    if ('value' in part) {
      yield encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
      continue;
    }
    yield encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`);
    yield* part.chunks;
    yield encoder.encode('\r\n');
  }
  yield encoder.encode(`--${boundary}--\r\n`);
}

/**
 * A ReadableStream over generated chunks that makes the next one only when pulled (no queue
 * ahead of the reader). `onPull` hears the bytes produced so far, for tests that check the reader
 * keeps pace (it never gathers the body before using it).
 */
export function lazyStream(chunks: Iterable<Uint8Array>, onPull?: (producedBytes: number) => void): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.iterator]();
  let produced = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        produced += next.value.length;
        onPull?.(produced);
        controller.enqueue(next.value);
      },
      cancel() {
        iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
