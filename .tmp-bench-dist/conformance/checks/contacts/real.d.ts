/**
 * The "real" side of the model-based sequences: the target, reached over HTTP, with every name
 * namespaced by the sequence (so sequences never see each other's data), plus the comparison of
 * a contact the target returned with the one the model expects.
 */
import type { KitResponse } from '../../http/client.js';
import type { CheckContext } from '../../runner/check.js';
import { type ContactsModel } from './model.js';
export interface Real {
    readonly ctx: CheckContext;
    /** The sequence's namespace: the run prefix plus a counter (a-z, 0-9, _). */
    readonly ns: string;
    /** Key label with write scope. */
    readonly key: string;
    /** Contact ids deleted in this sequence, by handle (GET must answer 404). */
    readonly deleted: Map<string, number>;
    /** Active custom fields the account had before the sequence (the 15-field cap). */
    activeBefore: number;
}
export declare const pid: (real: Real, handle: string) => string;
export declare const tagName: (real: Real, tag: string) => string;
export declare const fieldKey: (real: Real, field: string) => string;
export declare const displayName: (real: Real, handle: string, variant?: string) => string;
/** Compares the contact in a response with the model's; returns the contact's id. */
export declare function expectContact(model: ContactsModel, real: Real, handle: string, response: KitResponse, what: string): number;
