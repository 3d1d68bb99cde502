/**
 * Passive checks over the whole run's traffic: every error the target sent must use the 7.1
 * envelope, every authenticated response must carry the section 8 headers, every 429 must carry
 * `Retry-After`. Observed as the checks go, judged by the final checks at the end, so a rule is
 * tested on every route the run touched, not only on the routes a dedicated check picked.
 */
import type { KitResponse } from '../http/client.js';
export interface Violation {
    readonly message: string;
    readonly response: KitResponse;
}
declare class Tally {
    seen: number;
    readonly violations: Violation[];
    count: number;
    add(violation: Violation): void;
}
export declare class Observations {
    readonly envelope: Tally;
    readonly rateHeaders: Tally;
    readonly retryAfter: Tally;
    /** Error codes outside the spec's tables (7.1, 7.2), with one example each. */
    readonly unknownCodes: Map<string, KitResponse>;
    readonly codesSeen: Set<string>;
    /** Responses whose spec error code came with another status than section 7 pairs it with. */
    readonly codeStatus: KitResponse[];
    /**
     * `served` says whether the request named a route the target serves: only those are
     * "authenticated responses" for section 8 (an unknown path or a wrong method can be answered
     * before the key is even read).
     */
    observe(response: KitResponse, context: {
        keyLabel: string;
        authenticated: boolean;
        control: boolean;
    }, served: boolean): void;
    private checkEnvelope;
    private checkRateHeaders;
    private checkRetryAfter;
}
/** Section 8: the three headers, integers, Remaining within Limit, and the X- twins equal. */
export declare function rateHeaderProblem(headers: Headers): string | undefined;
export {};
