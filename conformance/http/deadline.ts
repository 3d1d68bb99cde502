/**
 * A bounded wait for work that takes an AbortSignal (a fetch, and the read of its body).
 *
 * Why not just `new Request(url, { signal: AbortSignal.timeout(ms) })`: undici holds the signal a
 * Request was built with only weakly (nodejs/undici#4068), so after a garbage collection the abort
 * can be lost and the fetch waits forever on a server that accepted and never answers. Here the
 * controller is held by a live timer, the signal is aborted when the time is up, and the returned
 * promise is raced against the deadline, so it settles on time even if the work ignores its signal.
 */

/** The error a missed deadline rejects with: a DOMException named `TimeoutError`, as `AbortSignal.timeout` gives. */
export function deadlineError(ms: number): DOMException {
  return new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
}

/** True for the rejection of a missed deadline or of an aborted fetch. */
export function isDeadlineError(error: unknown): boolean {
  return error instanceof Error || error instanceof DOMException
    ? error.name === 'TimeoutError' || error.name === 'AbortError'
    : false;
}

/** Runs `work(signal)` and rejects with `deadlineError(ms)` when it has not settled within `ms`. */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const missed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = deadlineError(ms);
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), missed]);
  } finally {
    clearTimeout(timer);
  }
}
