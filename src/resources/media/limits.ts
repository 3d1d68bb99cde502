/**
 * Media library limits (8: "JPEG, PNG, MP4, MOV; images 8 MB, videos 25 MB; 20 items") and how
 * large an upload request may be. A megabyte here is 1024 x 1024 bytes (docs/decisions.md,
 * "Media library").
 */
export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 8 * MB;
export const VIDEO_MAX_BYTES = 25 * MB;
export const MEDIA_ITEMS_MAX = 20;

/**
 * The upload route's own body limit: the largest file (a 25 MB video) plus room for the other
 * fields and the multipart framing. The core stops reading past it (413), so a larger body never
 * sits in memory; a file within it but over its type's limit is 400 `invalid_param` naming `file`.
 */
export const UPLOAD_MAX_BODY_BYTES = VIDEO_MAX_BYTES + MB;

/** Our choices (8 is silent). */
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
