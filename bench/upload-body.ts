/** The generated 1 GB upload the uploads bench sends: an MP4 made as it is read, in its multipart form. */
import { largeMp4Chunks, lazyStream, multipartChunks } from '../src/resources/posts/streamed-samples.js';

export const UPLOAD_BYTES = 1024 * 1024 * 1024 - 64 * 1024; // under the 1 GB video limit, with room for the framing
export const UPLOAD_DURATION_MS = 60_000;
export const BOUNDARY = 'switchboard-bench-upload';

export function uploadStream(): ReadableStream<Uint8Array> {
  return lazyStream(
    multipartChunks(BOUNDARY, [{ name: 'file', filename: 'big.mp4', type: 'video/mp4', chunks: largeMp4Chunks(UPLOAD_BYTES, UPLOAD_DURATION_MS) }]),
  );
}

/** fetch options for the upload (a streamed body needs `duplex: 'half'`). */
export function uploadInit(key: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'X-Service-Api-Key': key, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: uploadStream(),
    duplex: 'half',
  } as RequestInit;
}

/** Checks the answer: 200 with the one video judged from its mvhd. */
export async function expectJudged(response: Response): Promise<void> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${text}`);
  const media = (JSON.parse(text) as { data: { media: { size_bytes: number; duration_ms: number }[] } }).data.media;
  const item = media[media.length - 1];
  if (item?.size_bytes !== UPLOAD_BYTES || item.duration_ms !== UPLOAD_DURATION_MS) throw new Error(`unexpected media: ${JSON.stringify(item)}`);
}
