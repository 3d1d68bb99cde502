/**
 * `serve`'s request log: one line per answered request on stderr (stdout stays the ready output
 * scripts read), as Prism, WireMock and stripe-mock do. A line says the method, the path without
 * its query string, the status, the time taken, the account and the Request-Id; it never holds a
 * key, a secret or a body (the simulator hands over only those fields: `ServedRequest`).
 *
 * `pretty` (the default) is for people, coloured when stderr is a terminal; `json` is one JSON
 * object a line for log tooling; `--quiet` turns the log off.
 */
import { performance } from 'node:perf_hooks';
import type { ServedRequest, Simulator } from '../../src/simulator.js';

export type LogFormat = 'pretty' | 'json' | 'off';

export interface RequestLogLine {
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly account: number | null;
  readonly request_id: string;
}

export function parseLogFormat(text: string): 'pretty' | 'json' {
  if (text === 'pretty' || text === 'json') return text;
  throw new Error(`--log must be pretty or json, got "${text}"`);
}

const COLOURS = { ok: '\u001b[32m', redirect: '\u001b[36m', client: '\u001b[33m', server: '\u001b[31m', dim: '\u001b[2m', reset: '\u001b[0m' };

export function formatPretty(line: RequestLogLine, colour: boolean): string {
  const status = String(line.status);
  const tint = line.status >= 500 ? COLOURS.server : line.status >= 400 ? COLOURS.client : line.status >= 300 ? COLOURS.redirect : COLOURS.ok;
  const paint = (code: string, text: string) => (colour ? `${code}${text}${COLOURS.reset}` : text);
  const account = line.account === null ? '-' : `#${line.account}`;
  return [
    paint(COLOURS.dim, line.time.slice(11, 23)),
    line.method.padEnd(6),
    line.path,
    paint(tint, status),
    `${line.ms.toFixed(1)}ms`,
    `account ${account}`,
    paint(COLOURS.dim, line.request_id),
  ].join(' ');
}

/**
 * The simulator with its `handle` timed and logged. `served` is what the pipeline reported for
 * each request (by Request-Id, filled in before `handle` resolves); the wrapper adds the time.
 */
export function logServed(
  sim: Simulator,
  served: Map<string, ServedRequest>,
  format: LogFormat,
  write: (text: string) => void,
  colour: boolean,
): Simulator {
  if (format === 'off') return sim;
  const handle: Simulator['handle'] = async (request) => {
    const started = performance.now();
    const response = await sim.handle(request);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const requestId = response.headers['Request-Id'] ?? '';
    const entry = served.get(requestId);
    served.delete(requestId);
    const line: RequestLogLine = {
      time: new Date(performance.timeOrigin + performance.now()).toISOString(),
      method: entry?.method ?? request.method.toUpperCase(),
      path: entry?.path ?? request.path.split('?')[0]!,
      status: response.status,
      ms,
      account: entry?.accountId ?? null,
      request_id: requestId,
    };
    write(`${format === 'json' ? JSON.stringify(line) : formatPretty(line, colour)}\n`);
    return response;
  };
  return { ...sim, handle };
}
