/**
 * How the kit waits. Against a real server it sleeps. Against the simulator (with the operator
 * token) it moves the simulator's virtual clock forward instead, so a run that needs several
 * quota windows costs no wall time. `now()` is the target's time as far as the kit can tell.
 *
 * A wait can be cut short by a signal (the checks' waits, on Ctrl-C); the sweep's waits are never
 * cut, so the kit keeps pacing while it cleans up after an interrupted run.
 */

export interface Waiter {
  readonly virtual: boolean;
  now(): number;
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `signal`, when given, cuts every wait short (older callers); prefer passing one per wait. */
export function realWaiter(signal?: AbortSignal): Waiter {
  return {
    virtual: false,
    now: () => Date.now(),
    wait: (ms, perWait) => sleep(ms, perWait ?? signal),
  };
}

/**
 * `advance(ms)` asks the simulator to move its clock. `offsetMs` is the simulator's clock minus
 * the wall clock when probed; every advance adds to it.
 */
export function virtualWaiter(advance: (ms: number) => Promise<void>, offsetMs: number): Waiter {
  let offset = offsetMs;
  return {
    virtual: true,
    now: () => Date.now() + offset,
    wait: async (ms, signal) => {
      if (ms <= 0 || signal?.aborted) return;
      const whole = Math.ceil(ms);
      await advance(whole);
      offset += whole;
    },
  };
}

/** The part of a clock a waiter needs: the simulator's `VirtualClock` has it. */
export interface AdvancableClock {
  now(): number;
  advance(ms: number): void;
}

/**
 * Waits by moving a clock the caller holds, in process: for a test that runs the kit against its
 * own simulator, so pacing and rate-limit windows cost no wall time even where the kit may not
 * use the control plane (the read-only profile).
 */
export function clockWaiter(clock: AdvancableClock): Waiter {
  return {
    virtual: true,
    now: () => clock.now(),
    wait: async (ms, signal) => {
      if (ms <= 0 || signal?.aborted) return;
      clock.advance(Math.ceil(ms));
    },
  };
}
