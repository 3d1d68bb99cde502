/**
 * Armed server errors (sandbox): "the next N API requests of this account fail with 500
 * `server_error`", so a client's handling of the spec's 7.1 "unexpected failure" can be tried on
 * purpose. The failure is real as far as the pipeline goes: the request is authenticated, counted
 * against the rate limit and its Idempotency-Key taken, then the route is not run, so nothing is
 * applied and a retry with the same key runs fresh (a 5xx is never stored for replay). In memory
 * only (not part of a snapshot); a reset disarms every account.
 */

/** Thrown where the route would run; the pipeline answers it as any unexpected failure (500), without logging it as one. */
export class SandboxServerFault extends Error {
  constructor() {
    super('a server error armed through POST /_sandbox/server-errors');
    this.name = 'SandboxServerFault';
  }
}

/** The most failures one call may arm: enough for any retry policy, bounded so a typo cannot lock a suite out. */
export const MAX_ARMED_SERVER_ERRORS = 100;

export class ServerFaults {
  private readonly armed = new Map<number, number>();

  /** Arms `next` failures for the account (0 disarms); answers the count now armed. */
  arm(accountId: number, next: number): number {
    if (next === 0) this.armed.delete(accountId);
    else this.armed.set(accountId, next);
    return next;
  }

  remaining(accountId: number): number {
    return this.armed.get(accountId) ?? 0;
  }

  /** Spends one armed failure of the account, if any: true when this request must fail. */
  take(accountId: number): boolean {
    const left = this.armed.get(accountId);
    if (left === undefined) return false;
    if (left <= 1) this.armed.delete(accountId);
    else this.armed.set(accountId, left - 1);
    return true;
  }

  clear(): void {
    this.armed.clear();
  }
}
