/**
 * The error codes the spec's tables name (7.1 general codes, 7.2 send endpoint codes), copied from
 * the spec text so the kit can tell a spec code from an invented one.
 */
export declare const SPEC_ERROR_STATUS: Readonly<Record<string, readonly number[]>>;
export declare const SPEC_ERROR_CODES: ReadonlySet<string>;
