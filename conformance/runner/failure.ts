/**
 * How a check says what happened. A `CheckFailure` is the target's fault and carries the exchange
 * that showed it; a `SkipCheck` carries a reason; anything else thrown is the kit's own fault and
 * becomes an `error` verdict.
 */
import type { KitResponse } from '../http/client.js';
import type { ExchangeRecord } from '../types.js';

export class CheckFailure extends Error {
  readonly exchange: ExchangeRecord | undefined;

  constructor(message: string, response?: KitResponse | ExchangeRecord) {
    super(message);
    this.name = 'CheckFailure';
    this.exchange = response === undefined ? undefined : 'exchange' in response ? response.exchange : response;
  }
}

export class SkipCheck extends Error {
  constructor(readonly reason: string, detail?: string) {
    super(detail ?? reason);
    this.name = 'SkipCheck';
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
