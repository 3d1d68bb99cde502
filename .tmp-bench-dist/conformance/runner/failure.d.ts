/**
 * How a check says what happened. A `CheckFailure` is the target's fault and carries the exchange
 * that showed it; a `SkipCheck` carries a reason; anything else thrown is the kit's own fault and
 * becomes an `error` verdict.
 */
import type { KitResponse } from '../http/client.js';
import type { ExchangeRecord } from '../types.js';
export declare class CheckFailure extends Error {
    readonly exchange: ExchangeRecord | undefined;
    constructor(message: string, response?: KitResponse | ExchangeRecord);
}
export declare class SkipCheck extends Error {
    readonly reason: string;
    constructor(reason: string, detail?: string);
}
/** A property failed: the minimal counterexample and how to replay it. */
export declare class PropertyFailure extends CheckFailure {
    readonly counterexample: string;
    readonly seed: number;
    readonly path: string;
    readonly shrunk: boolean;
    readonly confirmation: 'confirmed' | 'flaky' | undefined;
    readonly replayPath: string | undefined;
    constructor(message: string, exchange: ExchangeRecord | undefined, counterexample: string, seed: number, path: string, shrunk: boolean, confirmation: 'confirmed' | 'flaky' | undefined, replayPath: string | undefined);
}
