/**
 * A thumbnail the sandbox serves itself (a published post's first file, `/_media/posts/<token>.<ext>`)
 * is stored as that path and shown at the origin each request reached (./model.ts `present`), so it
 * resolves under MSW, `serve` on any port and in process alike (audit 13c, C1). A pull meets it as
 * an absolute URL of the source and keeps only the path, which the pulled sandbox then serves.
 */
import { PUBLIC_PREFIX } from '../../core/paths.js';
import { POST_MEDIA_PATH } from '../posts/media.js';

const FILE_PATH = new RegExp(`${PUBLIC_PREFIX}${POST_MEDIA_PATH}/[0-9a-f]{32}\\.(?:jpg|png|webp|mp4|mov)$`);

/** The sandbox file path a thumbnail URL names, if it names one; undefined for any other URL. */
export function sandboxFilePath(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  return FILE_PATH.exec(pathname)?.[0];
}

/** A stored thumbnail path, as the seed takes it. */
export const SANDBOX_FILE_PATH = new RegExp(`^${FILE_PATH.source}`);
