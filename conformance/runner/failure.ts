/**
 * How a check says what happened. A `CheckFailure` is the target's fault and carries the exchange
 * that showed it; an `Inconclusive` means the check could not judge its clause (a setup step
 * failed, or what it measures could not be measured); a `SkipCheck` carries a reason; an
 * `Interrupted` means the run was stopped (Ctrl-C) while the check ran; anything else thrown is
 * the kit's own fault and becomes an `error` verdict.
 */
import type { KitResponse } from '../http/client.js';
import type { ExchangeRecord } from '../types.js';

function exchangeOf(response: KitResponse | ExchangeRecord | undefined): ExchangeRecord | undefined {
  return response === undefined ? undefined : 'exchange' in response ? response.exchange : response;
}

export class CheckFailure extends Error {
  readonly exchange: ExchangeRecord | undefined;

  constructor(message: string, response?: KitResponse | ExchangeRecord) {
    super(message);
    this.name = 'CheckFailure';
    this.exchange = exchangeOf(response);
  }
}

/**
 * The target did not answer a request in time, or could not be reached: a failure of the check
 * that sent it (the exchange has status 0), named by route.
 */
export class NoAnswer extends CheckFailure {
  constructor(
    message: string,
    exchange: ExchangeRecord,
    readonly kind: 'timeout' | 'unreachable',
    /** For `unreachable`: the network error (`ECONNREFUSED: ...`). */
    readonly detail = '',
  ) {
    super(message, exchange);
    this.name = 'NoAnswer';
  }
}

/** The check could not judge its clause; `reason` says why (`setup failed: ...`, `not measurable: ...`). */
export class Inconclusive extends Error {
  readonly exchange: ExchangeRecord | undefined;

  constructor(readonly reason: string, detail?: string, response?: KitResponse | ExchangeRecord) {
    super(detail ?? reason);
    this.name = 'Inconclusive';
    this.exchange = exchangeOf(response);
  }
}

export class SkipCheck extends Error {
  constructor(readonly reason: string, detail?: string) {
    super(detail ?? reason);
    this.name = 'SkipCheck';
  }
}

/** The run was interrupted: the client sends no more of the checks' requests (the sweep still runs). */
export class Interrupted extends Error {
  constructor() {
    super('the run was interrupted');
    this.name = 'Interrupted';
  }
}

/** A property failed: the minimal counterexample and how to replay it. */
export class PropertyFailure extends CheckFailure {
  constructor(
    message: string,
    exchange: ExchangeRecord | undefined,
    readonly counterexample: string,
    readonly seed: number,
    readonly path: string,
    readonly shrunk: boolean,
    readonly confirmation: 'confirmed' | 'flaky' | undefined,
    readonly replayPath: string | undefined,
  ) {
    super(message, exchange);
    this.name = 'PropertyFailure';
  }
}

/**
 * Runs one setup step of a check: whatever the target does wrong there (a wrong status, a missing
 * field, no answer) makes the check inconclusive ("setup failed: <step>"), not a failure of the
 * clause the check judges. Skips, interruptions and kit errors pass through unchanged.
 */
export async function setupStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CheckFailure) throw new Inconclusive(`setup failed: ${step}`, `setup failed: ${step}: ${error.message}`, error.exchange);
    throw error;
  }
}
