import { type Page, type PageRequest } from '../../core/pagination.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { Hooks } from '../hooks.js';
import type { OptOutData, OptOutScopeValue } from './schemas.js';
export type OptOutSource = 'sms' | 'meta';
export type SendKind = 'message' | 'private_reply';
export interface OptOutRecord extends Entity {
    readonly source: OptOutSource;
    /** The `<n>` of `meta:<n>` / `sms:<n>`, from a per-source sequence. */
    readonly number: number;
    readonly channel: Channel;
    readonly contact_id: number | null;
    readonly identifier: string;
    readonly status: 'opted_out' | 'opted_in';
    readonly scope: OptOutScopeValue;
    readonly method: string | null;
    readonly keyword: string | null;
    readonly opted_out_at: string | null;
    readonly opted_in_at: string | null;
    readonly recorded_at: string;
    readonly recorded_ms: number;
}
export interface OptOutFilters {
    readonly channel?: Channel;
    readonly status?: 'opted_out' | 'opted_in';
    readonly scope?: OptOutScopeValue;
    readonly sinceMs?: number;
}
export interface MetaOptOutInput {
    readonly channel: Exclude<Channel, 'sms'>;
    readonly identifier: string;
    readonly scope: OptOutScopeValue;
    readonly method?: string | null;
    readonly keyword?: string | null;
}
export interface OptOutsDeps {
    readonly hooks: Hooks;
    /** The contact holding an identity, if any (the contacts group answers). */
    readonly contactIdFor: (accountId: number, channel: Channel, platformUserId: string) => number | null;
}
/** SMS numbers compare by their digits, so `+1 (555) 010-0001` and `+15550100001` are one person. */
export declare const phoneDigits: (value: string) => string;
export declare function createOptOutsModel(core: CoreServices, deps: OptOutsDeps): {
    optOuts: import("../../store/collection.js").Collection<OptOutRecord>;
    present(row: OptOutRecord): OptOutData;
    /** SMS STOP: creates the number's record or moves it back to opted_out. */
    smsStop(accountId: number, identifier: string): OptOutRecord;
    /** SMS START: opts a stopped number back in. A number that never stopped has nothing to lift. */
    smsStart(accountId: number, identifier: string): OptOutRecord | null;
    /** A Meta-style opt-out for one scope; repeating it records the new method and keyword. */
    metaOptOut(accountId: number, input: MetaOptOutInput): OptOutRecord;
    /** The opt-out that stops this kind of send to the person, if any. */
    blockingSend(accountId: number, channel: Channel, identifier: string, kind: SendKind): OptOutRecord | undefined;
    /** An owner claim (PATCH ai_paused true) is refused for SMS opt-outs and Meta `all`. */
    blocksClaim(accountId: number, channel: Channel, identifier: string): boolean;
    /** Most recent first by recorded_at (then id), filtered, from an opaque position. */
    list(accountId: number, filters: OptOutFilters, page: PageRequest): Page<OptOutRecord>;
};
export type OptOutsModel = ReturnType<typeof createOptOutsModel>;
