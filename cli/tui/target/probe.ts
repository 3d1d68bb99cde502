/**
 * Is this origin a Switchboard sandbox? Only a sandbox serves `/_sandbox/openapi.json`. A real
 * deployment may answer anything there, slowly or never (a WAF tarpits unknown paths), so the
 * probe has its own short limit and any answer but the document means "not a sandbox": whether
 * the target is up is GET /account's question, not this one's. An origin that cannot be reached
 * at all (refused, no such host, reset) is down, since the API lives on the same origin.
 */
import { isDeadlineError, withDeadline } from '../../../conformance/http/deadline.js';
import type { FetchFn } from '../../../src/scenarios/target.js';

export const PROBE_TIMEOUT_MS = 3_000;

export interface ProbeResult {
  readonly sandbox: boolean;
  /** Why the origin was taken for a deployment when the probe did not get a clear "no" (one line). */
  readonly note?: string;
}

/** An origin that cannot be reached at all (the API lives there too): one sentence. */
function unreachable(error: unknown, origin: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `${origin} refused the connection (is it running?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${origin}: the host name does not resolve`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${origin} closed the connection without answering`;
  if (cause?.message === 'bad port') return `${origin}: port ${new URL(origin).port} is one fetch refuses to use (bad port): pick another`;
  return `${origin} could not be reached: ${cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}

export async function probeSandbox(fetchFn: FetchFn, controlUrl: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const url = `${controlUrl}/openapi.json`;
  const origin = new URL(url).origin;
  // withDeadline, not AbortSignal.timeout on the Request: undici can lose a Request's signal after
  // a GC (nodejs/undici#4068), and then a tarpit would hold the TUI's connect forever. The body is
  // read under the same limit; a body that breaks off is `undefined`.
  let answer: { status: number; text: string | undefined };
  try {
    answer = await withDeadline(timeoutMs, async (signal) => {
      const response = await fetchFn(new Request(url, { signal }));
      return { status: response.status, text: await response.text().catch(() => undefined) };
    });
  } catch (error) {
    // Short: it shares the status line with "connected to <url>" at 80 columns.
    if (isDeadlineError(error)) return { sandbox: false, note: `/_sandbox did not answer within ${timeoutMs / 1000} s: taken for a deployment` };
    throw new Error(unreachable(error, origin));
  }
  if (answer.text === undefined) return { sandbox: false, note: '/_sandbox stopped mid-answer: taken for a deployment' };
  if (answer.status !== 200) return { sandbox: false };
  try {
    return { sandbox: typeof (JSON.parse(answer.text) as { openapi?: unknown }).openapi === 'string' };
  } catch {
    return { sandbox: false };
  }
}
