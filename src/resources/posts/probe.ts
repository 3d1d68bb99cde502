/**
 * A post media upload inspected as it streams (the upload route's `FileSink`): the bytes are
 * counted, the head kept for the signature and an image header, MP4/MOV boxes walked by their
 * sizes (./mp4-scan.ts), and the file itself kept only while it is within KEEP_BYTES_MAX (the
 * sandbox serves kept files at their URL, as before). Past that it is dropped at once, so a 1 GB
 * video holds at most KEEP_BYTES_MAX + HEAD_BYTES + MOOV_KEEP_BYTES while it streams and
 * HEAD_BYTES + MOOV_KEEP_BYTES after (docs/decisions.md, "Streamed uploads").
 *
 * The verdict is judged at the end, before the handler runs, and carried as a value: the handler
 * raises it in the route's usual order (a missing post is still 404 before a bad file is 400).
 */
import { concatBytes } from '../../core/bytes.js';
import { ApiError } from '../../core/errors.js';
import type { FileSink } from '../../core/types.js';
import { imageDimensions } from '../media/inspect.js';
import { judgeEvidence, wholeFileEvidence, type JudgedPostMedia, type MediaEvidence } from './inspect.js';
import { createMp4Scanner } from './mp4-scan.js';
import { KEEP_BYTES_MAX } from './limits.js';

/** The first bytes kept of every file: the signature (file-type) and an image header (image-size). */
export const HEAD_BYTES = 64 * 1024;

export interface ProbedPostMedia {
  /** The file's bytes when within KEEP_BYTES_MAX (served at its public URL); null past it. */
  readonly bytes: Uint8Array | null;
  readonly verdict: { readonly judged: JudgedPostMedia } | { readonly error: ApiError };
}

/** The judged file, or its 4xx naming `file`. */
export function judgedOrThrow(probed: ProbedPostMedia): JudgedPostMedia {
  if ('error' in probed.verdict) throw probed.verdict.error;
  return probed.verdict.judged;
}

export interface PostMediaProbe extends FileSink<ProbedPostMedia> {
  /** Bytes of the file held right now (the kept file, the head, the scan's `moov` head). */
  readonly heldBytes: number;
}

export function createPostMediaProbe(): PostMediaProbe {
  const head = new Uint8Array(HEAD_BYTES);
  let headFilled = 0;
  let kept: Uint8Array[] | null = [];
  let keptBytes = 0;
  let size = 0;
  const scanner = createMp4Scanner();

  return {
    get heldBytes() {
      return keptBytes + head.length + scanner.heldBytes;
    },
    write(chunk) {
      size += chunk.length;
      if (headFilled < HEAD_BYTES) {
        const take = Math.min(HEAD_BYTES - headFilled, chunk.length);
        head.set(chunk.subarray(0, take), headFilled);
        headFilled += take;
      }
      scanner.write(chunk);
      if (kept === null) return;
      if (size > KEEP_BYTES_MAX) {
        // Too large to keep: let go of everything gathered so far.
        kept = null;
        keptBytes = 0;
        return;
      }
      kept.push(chunk);
      keptBytes += chunk.length;
    },
    async end() {
      const bytes = kept === null ? null : concatBytes(kept, keptBytes);
      kept = null;
      keptBytes = 0;
      const streamed: MediaEvidence = {
        size,
        head: head.subarray(0, headFilled),
        dimensions: () => imageDimensions(head.subarray(0, headFilled)),
        durationMs: () => scanner.durationMs(),
      };
      try {
        return { bytes, verdict: { judged: await judgeEvidence(bytes ? wholeFileEvidence(bytes) : streamed) } };
      } catch (error) {
        if (error instanceof ApiError) return { bytes, verdict: { error } };
        throw error;
      }
    },
  };
}

