/**
 * The plain-object request and response the core speaks (ARCHITECTURE.md decision 1): adapters
 * convert to and from these, so the core never builds WHATWG Request/Response objects per call.
 */
export type HeaderValue = string | readonly string[] | undefined;
export interface SimRequest {
    method: string;
    /** The full path (for example `/api/v1/contacts/5`). A query string here is parsed too. */
    path: string;
    /** Query parameters, as a raw `a=1&b=2` string or an object. Merged over any in `path`. */
    query?: string | Readonly<Record<string, string | number | boolean | undefined>>;
    /** Header names are matched case-insensitively. */
    headers?: Readonly<Record<string, HeaderValue>>;
    /**
     * The body: raw text as received on the wire, or (for in-process callers) any JSON value, which
     * is serialised first so both paths share one parser and one idempotency fingerprint.
     */
    body?: unknown;
}
export interface SimResponse {
    status: number;
    headers: Record<string, string>;
    /** A JSON value, or undefined for an empty body. */
    body: unknown;
}
/** The request after the pipeline normalised it. Header names are lower-case. */
export interface NormalizedRequest {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    /** The raw body text, or undefined when none was sent. */
    rawBody: string | undefined;
}
export declare const SCOPES: readonly ["read", "write", "admin", "full"];
export type Scope = (typeof SCOPES)[number];
export declare function scopeCovers(held: Scope, required: Scope): boolean;
export declare const PLANS: readonly ["free", "creator", "pro", "business"];
export type Plan = (typeof PLANS)[number];
export declare const CHANNELS: readonly ["facebook", "instagram", "sms", "telegram", "whatsapp"];
export type Channel = (typeof CHANNELS)[number];
