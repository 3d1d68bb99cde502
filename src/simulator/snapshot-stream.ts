/**
 * Snapshots in and out as streams of JSON text, so their size is bounded by the disk and the
 * network, not by V8's longest string (about 512 MiB, near a million contacts).
 *
 * Out: the store hands over its records as they are (records are replaced, never mutated, so the
 * arrays taken in one synchronous step are a consistent view however long the writing takes) and
 * ../core/json-text-stream.ts writes them element by element. The text is exactly
 * `JSON.stringify(snapshot)`, so every snapshot written before restores as it did.
 *
 * In: ../core/json-chunk-parser.ts builds the value from chunks; its outline is checked here (the
 * same format and version as POST /_sandbox/restore, the `{data: ...}` envelope accepted), and
 * the simulator's restore then checks every record before replacing anything (store/rules.ts).
 */
import { z } from 'zod';
import { JsonChunkError, JsonChunkTooLarge, parseJsonChunks } from '../core/json-chunk-parser.js';
import { jsonByteChunks, jsonTextChunks } from '../core/json-text-stream.js';
import { StreamedBody } from '../core/streamed-body.js';
import { snapshotOf } from '../control/schemas.js';
import { toJsonPath } from '../seed/parse.js';
import { SnapshotError } from '../store/rules.js';
import type { SimulatorSnapshot } from './types.js';

/** The largest snapshot a streamed restore reads by default: 1 GiB (a state file has no limit). */
export const STREAMED_RESTORE_MAX_BYTES = 1024 * 1024 * 1024;

/** Anything that yields the bytes (or text) of a snapshot: a file stream, a request body, an array. */
export type SnapshotChunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/**
 * The outline only: each record's own checks belong to the store's restore (strict, per
 * collection), so the records are not parsed twice here.
 */
const SnapshotOutline = snapshotOf(z.unknown());

/** The snapshot's JSON text in chunks (about 64 Ki characters each); `envelope`: inside `{data: ...}`. */
export function snapshotTextChunks(snapshot: SimulatorSnapshot, options: { envelope?: boolean; indent?: number } = {}): Generator<string, void, undefined> {
  return jsonTextChunks(options.envelope ? { data: snapshot } : snapshot, options.indent !== undefined ? { indent: options.indent } : {});
}

/** GET /_sandbox/snapshot's body: `{"data": snapshot}`, streamed; `value` is the snapshot itself. */
export class SnapshotBody extends StreamedBody {
  constructor(readonly value: SimulatorSnapshot) {
    super('application/json; charset=utf-8', () => jsonByteChunks({ data: value }));
  }
}

export function snapshotResponseBody(snapshot: SimulatorSnapshot): SnapshotBody {
  return new SnapshotBody(snapshot);
}

/**
 * Reads a snapshot from its chunks and checks its outline. Throws SnapshotError (path `body` for
 * text that is not JSON or is too large, else the JSON path of the problem); changes nothing.
 */
export async function readSnapshotChunks(chunks: SnapshotChunks, maxBytes = STREAMED_RESTORE_MAX_BYTES): Promise<SimulatorSnapshot> {
  let value: unknown;
  try {
    value = await parseJsonChunks(chunks, maxBytes);
  } catch (error) {
    if (error instanceof JsonChunkTooLarge) throw new SnapshotError('body', `the snapshot is larger than the ${maxBytes} bytes a restore reads`);
    if (error instanceof JsonChunkError) throw new SnapshotError('body', `the snapshot is not valid JSON: ${error.message}`);
    throw error;
  }
  return checkSnapshotOutline(value);
}

/**
 * The snapshot in `value` (bare or in its `{data: ...}` envelope) when its outline is a snapshot's;
 * else a SnapshotError naming the JSON path of the first problem.
 */
export function checkSnapshotOutline(value: unknown): SimulatorSnapshot {
  const bare = typeof value === 'object' && value !== null && 'data' in value && !('format' in value) ? (value as { data: unknown }).data : value;
  const result = SnapshotOutline.safeParse(bare);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new SnapshotError(toJsonPath(issue.path).replace(/^\$\.?/, '') || 'body', issue.message);
  }
  return bare as SimulatorSnapshot;
}
