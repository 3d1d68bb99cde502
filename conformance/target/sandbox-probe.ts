/**
 * Is this origin a Switchboard sandbox? One answer for every tool that asks (the conformance kit,
 * `scenario run`, the terminal UI). Only a sandbox serves its control plane's document at
 * `/_sandbox/openapi.json`, with the sandbox's own title: that is the one positive proof. A real
 * deployment may answer anything there, slowly or never (a WAF tarpits unknown paths), so the
 * question has its own short limit and any answer but the document, or none in time, means "not a
 * sandbox": whether the target is up is the API's question (GET /account), not this one's. Only an
 * origin that cannot be reached at all (refused, no such host, reset) is down, since the API lives
 * on the same origin.
 */
import { isDeadlineError, withDeadline } from '../http/deadline.js';
import { BLOCKED_PORT } from '../http/client.js';

/** Long enough for a busy sandbox's first answer, short enough that a tarpit costs one short wait. */
export const SANDBOX_PROBE_TIMEOUT_MS = 3_000;

/** The title the simulator's control-plane document carries. */
export const SANDBOX_DOCUMENT_TITLE = 'Switchboard sandbox control plane';

/** True only for the sandbox's own control-plane document: OpenAPI 3, with the sandbox's title. */
export function isSandboxDocument(status: number, document: unknown): boolean {
  if (status !== 200 || typeof document !== 'object' || document === null) return false;
  const { openapi, info } = document as { openapi?: unknown; info?: { title?: unknown } };
  return typeof openapi === 'string' && openapi.startsWith('3.') && info?.title === SANDBOX_DOCUMENT_TITLE;
}

/** Why the probe took the origin for a deployment when it got no clear "no" (one short line). */
export function notAnsweredNote(timeoutMs: number): string {
  return `/_sandbox did not answer within ${timeoutMs / 1000} s: taken for a deployment`;
}
export const CUT_OFF_NOTE = '/_sandbox stopped mid-answer: taken for a deployment';

/** An origin that cannot be reached at all, in one sentence for people. */
export function describeUnreachable(error: unknown, origin: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `${origin} refused the connection (is it running?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${origin}: the host name does not resolve`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${origin} closed the connection without answering`;
  if (cause?.message === 'bad port') return `${origin} could not be reached: ${BLOCKED_PORT}`;
  return `${origin} could not be reached: ${cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}

/** The origin could not be reached at all; the message is for people. */
export class OriginUnreachable extends Error {}

export interface SandboxProbe {
  readonly sandbox: boolean;
  /** Set when the origin was taken for a deployment without a clear "no" (a timeout, a cut-off body). */
  readonly note?: string;
}

export type ProbeFetch = (request: Request) => Promise<Response>;

/**
 * Asks `<controlUrl>/openapi.json` (controlUrl ends in `/_sandbox`). Throws OriginUnreachable only
 * when nothing at the origin answers.
 */
export async function probeSandbox(fetchFn: ProbeFetch, controlUrl: string, timeoutMs = SANDBOX_PROBE_TIMEOUT_MS): Promise<SandboxProbe> {
  const url = `${controlUrl}/openapi.json`;
  // withDeadline, not AbortSignal.timeout on the Request: undici can lose a Request's signal after
  // a GC (nodejs/undici#4068), and a tarpit would then hold the caller forever. The body is read
  // under the same limit; a body that breaks off is `undefined`.
  let answer: { status: number; text: string | undefined };
  try {
    answer = await withDeadline(timeoutMs, async (signal) => {
      const response = await fetchFn(new Request(url, { signal }));
      return { status: response.status, text: await response.text().catch(() => undefined) };
    });
  } catch (error) {
    if (isDeadlineError(error)) return { sandbox: false, note: notAnsweredNote(timeoutMs) };
    throw new OriginUnreachable(describeUnreachable(error, new URL(url).origin));
  }
  if (answer.text === undefined) return { sandbox: false, note: CUT_OFF_NOTE };
  let document: unknown;
  try {
    document = JSON.parse(answer.text);
  } catch {
    return { sandbox: false };
  }
  return { sandbox: isSandboxDocument(answer.status, document) };
}
