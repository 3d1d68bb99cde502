/**
 * Fault injection for the conformance kit's own tests ("teeth"): each mutant breaks exactly one
 * rule of the spec, so a kit run against it must fail. Switched through the control plane; off
 * unless asked for.
 */
export const MUTANTS = {
    drop_replayed_header: 'Idempotent replays lose the Idempotent-Replayed header.',
    created_as_ok: 'Creates answer 200 instead of 201.',
    repeat_page_item: 'The last item of a page repeats as the first item of the next page.',
    skip_scope_check: 'Route scopes are not enforced.',
    leak_cross_account: "Another account's record is readable by id.",
    wrong_error_code: 'A missing resource answers 400 invalid_param instead of 404 not_found.',
    omit_rate_limit_headers: 'RateLimit-* and X-RateLimit-* headers are left off.',
    replace_tags: 'Tags sent to POST /contacts replace the contact tags instead of adding.',
    accept_bad_limit: 'An out-of-range limit is silently clamped instead of refused.',
    ignore_idempotency_body: 'A reused Idempotency-Key with a different body replays instead of 422.',
};
export const MUTANT_NAMES = Object.keys(MUTANTS);
export function isMutantName(name) {
    return Object.hasOwn(MUTANTS, name);
}
export class MutantSwitch {
    active = new Set();
    has(name) {
        return this.active.size > 0 && this.active.has(name);
    }
    set(names) {
        this.active.clear();
        for (const name of names)
            this.active.add(name);
    }
    list() {
        return [...this.active];
    }
}
//# sourceMappingURL=mutants.js.map