/**
 * `serve --record FILE`: the sandbox records what it serves. Every exchange the simulator answers
 * goes to a Recorder (the same as `switchboard record`'s), which keeps FILE current. The seed's
 * keys are recorded by their scope (`key: write`), so the file replays on any sandbox as is.
 */
import { isStreamedBody } from '../../src/core/streamed-body.js';
import { bodyToJson } from '../../src/core/wire-json.js';
import { consoleLogger } from '../../src/core/logger.js';
import type { SimRequest } from '../../src/core/types.js';
import { Recorder } from '../../src/scenarios/record/recorder.js';
import type { Simulator } from '../../src/simulator.js';

/** The largest streamed body (an upload) a recording keeps. */
const RECORD_STREAM_MAX = 32 * 1024 * 1024;

function text(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return JSON.stringify(body);
}

function headersOf(headers: SimRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export function recordServed(sim: Simulator, file: string): { sim: Simulator; recorder: Recorder } {
  const keyNames = new Map<string, string>();
  for (const account of sim.accounts) {
    for (const [scope, key] of Object.entries(account.keys)) {
      if (key) keyNames.set(key, account.id === sim.accounts[0]?.id ? scope : `account${account.id}_${scope}`);
    }
  }
  const recorder = new Recorder(file, {
    name: 'Recorded by switchboard serve --record',
    keyNames,
    // One line with the reason, never a stack trace: the path was checked at start, so this is a
    // disk that filled up or a directory removed since.
    onError: (error) => consoleLogger.error(`--record: could not write ${file}: ${error instanceof Error ? error.message : String(error)}`),
  });
  const handle: Simulator['handle'] = async (request) => {
    // The body is read by the core when it decides to (after authentication): tee what it reads.
    let read: Uint8Array | undefined;
    const source = request.bodySource;
    const sourceChunks = source?.chunks?.bind(source);
    const teed = source && {
      ...source,
      read: async (maxBytes: number) => {
        const bytes = await source.read(maxBytes);
        if (bytes !== 'too_large') read = bytes;
        return bytes;
      },
      // Streamed bodies (uploads) are recorded too, up to RECORD_STREAM_MAX: past that the
      // recording would cost what streaming saved, and the exchange is recorded without its body.
      ...(sourceChunks
        ? {
            async *chunks(maxBytes: number) {
              const kept: Uint8Array[] = [];
              let size = 0;
              for await (const chunk of sourceChunks(maxBytes)) {
                size += chunk.length;
                if (size <= RECORD_STREAM_MAX) kept.push(chunk);
                yield chunk;
              }
              if (size <= RECORD_STREAM_MAX) read = Buffer.concat(kept, size);
            },
          }
        : {}),
    };
    const response = await sim.handle(teed ? { ...request, bodySource: teed } : request);
    const requestBody = read !== undefined ? (read.length > 0 ? Buffer.from(read).toString('utf8') : undefined) : text(request.body);
    const query = typeof request.query === 'string' ? request.query : request.query ? new URLSearchParams(Object.entries(request.query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined).map(([k, v]) => [k, String(v)])).toString() : '';
    recorder.add({
      method: request.method,
      url: query ? `${request.path}${request.path.includes('?') ? '&' : '?'}${query}` : request.path,
      requestHeaders: headersOf(request.headers),
      ...(requestBody !== undefined ? { requestBody } : {}),
      status: response.status,
      responseHeaders: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value])),
      // A streamed body (a whole snapshot) is not copied into the recording: it is the state itself.
      ...(response.body !== undefined && !isStreamedBody(response.body) ? { responseBody: bodyToJson(response.body) } : {}),
    });
    return response;
  };
  return { sim: { ...sim, handle }, recorder };
}
