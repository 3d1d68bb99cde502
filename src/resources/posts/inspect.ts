/**
 * Judging a post media upload by its bytes (4.15 media rules): the type from its signature
 * (`file-type`, as the media library), an image's width from its header (`image-size`, through
 * the media library's helper), a video's duration from its `mvhd` box (./mp4.ts). Rules that
 * depend on the post (Reels and story durations, carousel counts) are in ./fit.ts.
 */
import { fileTypeFromBuffer } from 'file-type/core';
import { invalidParam } from '../../core/errors.js';
import { imageDimensions } from '../media/inspect.js';
import { IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH, MB, VIDEO_MAX_BYTES } from './limits.js';
import { mp4DurationMs } from './mp4.js';

export const POST_MEDIA_TYPES = {
  'image/jpeg': { type: 'image', extension: 'jpg', maxBytes: IMAGE_MAX_BYTES, label: 'JPEG' },
  'image/png': { type: 'image', extension: 'png', maxBytes: IMAGE_MAX_BYTES, label: 'PNG' },
  'image/webp': { type: 'image', extension: 'webp', maxBytes: IMAGE_MAX_BYTES, label: 'WebP' },
  'video/mp4': { type: 'video', extension: 'mp4', maxBytes: VIDEO_MAX_BYTES, label: 'MP4' },
  'video/quicktime': { type: 'video', extension: 'mov', maxBytes: VIDEO_MAX_BYTES, label: 'MOV' },
} as const;

export type PostMediaMime = keyof typeof POST_MEDIA_TYPES;
export type PostMediaType = (typeof POST_MEDIA_TYPES)[PostMediaMime]['type'];

const isPostMediaMime = (value: string): value is PostMediaMime => Object.hasOwn(POST_MEDIA_TYPES, value);

export interface JudgedPostMedia {
  readonly mime: PostMediaMime;
  readonly type: PostMediaType;
  readonly extension: string;
  readonly size_bytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly duration_ms: number | null;
}

async function signatureOf(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    return undefined;
  }
}

/**
 * What is known of an upload once its bytes went past: its size, its first bytes (enough for the
 * signature and an image header), and how to read an image's size or a video's duration. A file
 * the sandbox keeps gives all of its bytes; a larger one (./probe.ts) its head and the `moov`
 * box the stream scan kept.
 */
export interface MediaEvidence {
  readonly size: number;
  readonly head: Uint8Array;
  dimensions(): { width: number; height: number } | undefined;
  durationMs(): number | undefined;
}

/** The evidence of a file whose bytes are all at hand. */
export function wholeFileEvidence(bytes: Uint8Array): MediaEvidence {
  return { size: bytes.length, head: bytes, dimensions: () => imageDimensions(bytes), durationMs: () => mp4DurationMs(bytes) };
}

/**
 * What the bytes are, with the rules that hold for every post: 400 naming `file` for an empty
 * or unrecognised file, a header that cannot be read, an image outside 320 to 1440 px wide, or a
 * file past its type's size limit (8 MB images, 1 GB videos; audit 14b B2).
 */
export function judgePostMedia(bytes: Uint8Array): Promise<JudgedPostMedia> {
  return judgeEvidence(wholeFileEvidence(bytes));
}

export async function judgeEvidence(evidence: MediaEvidence): Promise<JudgedPostMedia> {
  if (evidence.size === 0) throw invalidParam('file', 'The file is empty.');
  const mime = await signatureOf(evidence.head);
  if (mime === undefined || !isPostMediaMime(mime)) {
    const found = mime === undefined ? 'an unrecognised type' : mime;
    throw invalidParam('file', `Post media must be JPEG, PNG, WebP, MP4 or MOV, judged from the bytes; this file is ${found}.`);
  }
  const kind = POST_MEDIA_TYPES[mime];
  if (evidence.size > kind.maxBytes) {
    throw invalidParam('file', `${kind.label} files are limited to ${kind.maxBytes / MB} MB; this one has ${evidence.size} bytes.`);
  }
  const base = { mime, type: kind.type, extension: kind.extension, size_bytes: evidence.size };
  if (kind.type === 'video') {
    const duration = evidence.durationMs();
    if (duration === undefined) throw invalidParam('file', `The file starts like a ${kind.label} but has no readable movie header (mvhd); it may be truncated.`);
    return { ...base, width: null, height: null, duration_ms: duration };
  }
  const size = evidence.dimensions();
  if (!size) throw invalidParam('file', `The file starts like a ${kind.label} but its header cannot be read; it may be truncated.`);
  if (size.width < IMAGE_MIN_WIDTH || size.width > IMAGE_MAX_WIDTH) {
    throw invalidParam('file', `Images must be ${IMAGE_MIN_WIDTH} to ${IMAGE_MAX_WIDTH} px wide; this one is ${size.width} px.`);
  }
  return { ...base, ...size, duration_ms: null };
}

/** A built-in image whose type is known (the seed): its dimensions read from the header. */
export function judgePostMediaSync(bytes: Uint8Array, mime: 'image/jpeg' | 'image/png' | 'video/mp4' | 'video/quicktime'): JudgedPostMedia {
  const kind = POST_MEDIA_TYPES[mime];
  const size = kind.type === 'image' ? imageDimensions(bytes) : undefined;
  const duration = kind.type === 'video' ? (mp4DurationMs(bytes) ?? null) : null;
  return { mime, type: kind.type, extension: kind.extension, size_bytes: bytes.length, width: size?.width ?? null, height: size?.height ?? null, duration_ms: duration };
}
