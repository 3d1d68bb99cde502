/**
 * Judging an upload by its bytes, never by the name or the content type the sender declared
 * (4.13): `file-type` reads the signature (JPEG, PNG, MP4 and QuickTime MOV are accepted, by
 * their magic bytes and ISO-BMFF brand), and `image-size` reads an image's width and height from
 * its header. Both are plain JavaScript over a `Uint8Array`, so this runs in the neutral core
 * (MSW, browsers, workers) as well as under node (docs/decisions.md, "Media library").
 */
import { fileTypeFromBuffer } from 'file-type/core';
import { imageSize } from 'image-size';
import { invalidParam } from '../../core/errors.js';
import { IMAGE_MAX_BYTES, MB, VIDEO_MAX_BYTES } from './limits.js';

export const MEDIA_TYPES = {
  'image/jpeg': { kind: 'image', extension: 'jpg', maxBytes: IMAGE_MAX_BYTES, label: 'JPEG' },
  'image/png': { kind: 'image', extension: 'png', maxBytes: IMAGE_MAX_BYTES, label: 'PNG' },
  'video/mp4': { kind: 'video', extension: 'mp4', maxBytes: VIDEO_MAX_BYTES, label: 'MP4' },
  'video/quicktime': { kind: 'video', extension: 'mov', maxBytes: VIDEO_MAX_BYTES, label: 'MOV' },
} as const;

export type MediaMime = keyof typeof MEDIA_TYPES;
export type MediaKind = (typeof MEDIA_TYPES)[MediaMime]['kind'];

export const isMediaMime = (value: string): value is MediaMime => Object.hasOwn(MEDIA_TYPES, value);

export interface Judged {
  readonly mime: MediaMime;
  readonly kind: MediaKind;
  readonly extension: string;
  readonly width: number | null;
  readonly height: number | null;
}

/** An image's width and height from its header; undefined when the header cannot be read. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    // A view of its own: image-size reads through `bytes.buffer`, which a subarray shares.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    const size = imageSize(own);
    return size.width > 0 && size.height > 0 ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

async function signatureOf(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    return undefined;
  }
}

/**
 * The media type the bytes say, with an image's dimensions. 400 naming `file` for an empty
 * file, a type other than the four, an image whose header cannot be read, or a file past its
 * type's size limit (8 MB images, 25 MB videos: a parameter that fails validation, 7.1; audit
 * 14b B2). 413 is kept for a body too large to read at all (the route's limit, naming `body`).
 */
export async function judgeBytes(bytes: Uint8Array): Promise<Judged> {
  if (bytes.length === 0) throw invalidParam('file', 'The file is empty.');
  const mime = await signatureOf(bytes);
  if (mime === undefined || !isMediaMime(mime)) {
    const found = mime === undefined ? 'an unrecognised type' : mime;
    throw invalidParam('file', `The file must be a JPEG, PNG, MP4 or MOV, judged from its bytes; this one is ${found}.`);
  }
  const type = MEDIA_TYPES[mime];
  if (bytes.length > type.maxBytes) {
    throw invalidParam('file', `${type.label} files are limited to ${type.maxBytes / MB} MB; this one has ${bytes.length} bytes.`);
  }
  if (type.kind === 'video') return { mime, kind: type.kind, extension: type.extension, width: null, height: null };
  const size = imageDimensions(bytes);
  if (!size) throw invalidParam('file', `The file starts like a ${type.label} but its header cannot be read.`);
  return { mime, kind: type.kind, extension: type.extension, ...size };
}
