/**
 * Is this origin a Switchboard sandbox? Only a sandbox serves `/_sandbox/openapi.json`. A real
 * deployment may answer anything there, slowly or never (a WAF tarpits unknown paths), so the
 * probe has its own short limit and any answer but the document means "not a sandbox": whether
 * the target is up is GET /account's question, not this one's. Only an origin that refuses the
 * connection or does not resolve is down, since the API lives on the same origin.
 */
import type { FetchFn } from '../../../src/scenarios/target.js';

export const PROBE_TIMEOUT_MS = 3_000;

export interface ProbeResult {
  readonly sandbox: boolean;
  /** Why the origin was taken for a deployment when the probe did not get a clear "no" (one line). */
  readonly note?: string;
}

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as NodeJS.ErrnoException).code;
}

export async function probeSandbox(fetchFn: FetchFn, controlUrl: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const url = `${controlUrl}/openapi.json`;
  const origin = new URL(url).origin;
  let response: Response;
  try {
    response = await fetchFn(new Request(url, { signal: AbortSignal.timeout(timeoutMs) }));
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ECONNREFUSED') throw new Error(`${origin} refused the connection (is it running?)`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw new Error(`${origin}: the host name does not resolve`);
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const why = timedOut ? `did not answer within ${timeoutMs / 1000} s` : `failed (${error instanceof Error ? error.message : String(error)})`;
    return { sandbox: false, note: `${url} ${why}: taken for a deployment, not a Switchboard sandbox` };
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { sandbox: false, note: `${url} stopped mid-answer: taken for a deployment, not a Switchboard sandbox` };
  }
  if (response.status !== 200) return { sandbox: false };
  try {
    return { sandbox: typeof (JSON.parse(text) as { openapi?: unknown }).openapi === 'string' };
  } catch {
    return { sandbox: false };
  }
}
