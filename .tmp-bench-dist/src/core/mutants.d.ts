/**
 * Fault injection for the conformance kit's own tests ("teeth"): each mutant breaks exactly one
 * rule of the spec, so a kit run against it must fail. Switched through the control plane; off
 * unless asked for.
 */
export declare const MUTANTS: {
    readonly drop_replayed_header: "Idempotent replays lose the Idempotent-Replayed header.";
    readonly created_as_ok: "Creates answer 200 instead of 201.";
    readonly repeat_page_item: "The last item of a page repeats as the first item of the next page.";
    readonly skip_scope_check: "Route scopes are not enforced.";
    readonly leak_cross_account: "Another account's record is readable by id.";
    readonly wrong_error_code: "A missing resource answers 400 invalid_param instead of 404 not_found.";
    readonly omit_rate_limit_headers: "RateLimit-* and X-RateLimit-* headers are left off.";
    readonly replace_tags: "Tags sent to POST /contacts replace the contact tags instead of adding.";
    readonly accept_bad_limit: "An out-of-range limit is silently clamped instead of refused.";
    readonly ignore_idempotency_body: "A reused Idempotency-Key with a different body replays instead of 422.";
};
export type MutantName = keyof typeof MUTANTS;
export declare const MUTANT_NAMES: MutantName[];
export declare function isMutantName(name: string): name is MutantName;
export declare class MutantSwitch {
    private readonly active;
    has(name: MutantName): boolean;
    set(names: readonly MutantName[]): void;
    list(): MutantName[];
}
