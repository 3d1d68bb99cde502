/**
 * The one error type of the simulator and the catalogue of every error code it can answer with.
 *
 * Handlers, models and pipeline steps throw `ApiError`; only the pipeline turns it into the
 * spec's envelope `{error: {code, message, param?}}` (section 7.1). Anything else thrown becomes a
 * logged 500 `server_error`.
 */
export interface ErrorCodeInfo {
    /** The HTTP status the code is usually answered with. */
    readonly status: number;
    /** Where the code comes from: a spec table, or one of our recorded decisions. */
    readonly source: '7.1' | '7.2' | 'decision';
    readonly description: string;
}
export declare const ERROR_CATALOGUE: {
    readonly invalid_param: {
        readonly status: 400;
        readonly source: "7.1";
        readonly description: "A parameter failed validation; `param` names it.";
    };
    readonly invalid_json: {
        readonly status: 400;
        readonly source: "7.1";
        readonly description: "The body is not valid JSON.";
    };
    readonly invalid_idempotency_key: {
        readonly status: 400;
        readonly source: "7.1";
        readonly description: "Idempotency-Key is not 1 to 128 printable ASCII characters.";
    };
    readonly unauthorized: {
        readonly status: 401;
        readonly source: "7.1";
        readonly description: "No API key was sent.";
    };
    readonly invalid_api_key: {
        readonly status: 401;
        readonly source: "7.1";
        readonly description: "The API key is not recognized or was revoked.";
    };
    readonly addon_inactive: {
        readonly status: 403;
        readonly source: "7.1";
        readonly description: "The key is valid but the account add-on is inactive.";
    };
    readonly insufficient_scope: {
        readonly status: 403;
        readonly source: "7.1";
        readonly description: "The key scope does not cover the endpoint.";
    };
    readonly plan_limit_reached: {
        readonly status: 403;
        readonly source: "7.1";
        readonly description: "A cap for the resource is reached.";
    };
    readonly feature_unavailable: {
        readonly status: 403;
        readonly source: "7.1";
        readonly description: "The plan lacks the feature; `param` names it.";
    };
    readonly permission_required: {
        readonly status: 403;
        readonly source: "7.1";
        readonly description: "The channel connection lacks the insights permission.";
    };
    readonly not_found: {
        readonly status: 404;
        readonly source: "7.1";
        readonly description: "Missing, or not owned by the account.";
    };
    readonly method_not_allowed: {
        readonly status: 405;
        readonly source: "7.1";
        readonly description: "Wrong method; the Allow header lists the valid ones.";
    };
    readonly resume_blocked: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The AI pause reason can only be lifted in the portal.";
    };
    readonly blocked: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The customer is blocked.";
    };
    readonly opted_out: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The customer opted out.";
    };
    readonly window_closed: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The messaging window is closed.";
    };
    readonly already_blocked: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The person is already blocked.";
    };
    readonly purge_active: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "SMS AI cannot be switched on while inbound body purge is on.";
    };
    readonly sms_not_ready: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "SMS AI cannot be switched on before a messaging service is assigned.";
    };
    readonly flow_conflict: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "A comment trigger cannot activate because of linked flows.";
    };
    readonly flow_blocked: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "Flow activation refused for another builder reason.";
    };
    readonly not_connected: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The channel is not connected.";
    };
    readonly not_active: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The resource is not in an active state for this action.";
    };
    readonly idempotency_in_progress: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "A request with this Idempotency-Key is still running; wait per Retry-After.";
    };
    readonly slot_unavailable: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The appointment slot is taken or outside hours.";
    };
    readonly already_cancelled: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The appointment is already cancelled.";
    };
    readonly cannot_revoke_self: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "A key cannot revoke itself.";
    };
    readonly already_member: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The address already belongs to a team member.";
    };
    readonly invitation_pending: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The address already has a pending invitation.";
    };
    readonly not_pending: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The handled comment is not pending.";
    };
    readonly not_editable: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The post action is not allowed in its status.";
    };
    readonly conflict: {
        readonly status: 409;
        readonly source: "7.1";
        readonly description: "The resource already exists in a conflicting form.";
    };
    readonly idempotency_key_reused: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "The Idempotency-Key was used with a different method, path or body.";
    };
    readonly unprocessable_send: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "The send was permanently rejected.";
    };
    readonly governance_incomplete: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "Enabling a webhook endpoint needs attested governance with a purpose.";
    };
    readonly invalid_definition: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "The flow definition has errors.";
    };
    readonly missing_fields: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "The booking lacks required customer fields.";
    };
    readonly send_failed: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "The channel refused an approved comment reply.";
    };
    readonly publish_failed: {
        readonly status: 422;
        readonly source: "7.1";
        readonly description: "A platform rejected a post.";
    };
    readonly rate_limited: {
        readonly status: 429;
        readonly source: "7.1";
        readonly description: "Request quota or burst ceiling reached; see Retry-After.";
    };
    readonly too_soon: {
        readonly status: 429;
        readonly source: "7.1";
        readonly description: "Market refresh within 5 minutes.";
    };
    readonly server_error: {
        readonly status: 500;
        readonly source: "7.1";
        readonly description: "Unexpected failure.";
    };
    readonly service_unavailable: {
        readonly status: 503;
        readonly source: "7.1";
        readonly description: "Temporary failure; retry as directed.";
    };
    readonly invalid_request: {
        readonly status: 400;
        readonly source: "7.2";
        readonly description: "A send field is missing or invalid.";
    };
    readonly forbidden: {
        readonly status: 403;
        readonly source: "7.2";
        readonly description: "The channel is not permitted.";
    };
    readonly recipient_opted_out: {
        readonly status: 410;
        readonly source: "7.2";
        readonly description: "The recipient opted out (SMS STOP).";
    };
    readonly not_provisioned: {
        readonly status: 412;
        readonly source: "7.2";
        readonly description: "The channel is not connected.";
    };
    readonly payload_too_large: {
        readonly status: 413;
        readonly source: "decision";
        readonly description: "The request body exceeds the size limit.";
    };
};
export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export declare const ERROR_CODES: ErrorCode[];
export interface ApiErrorOptions {
    /** Overrides the catalogue status (e.g. 422 `invalid_param` for an untrackable competitor). */
    status?: number;
    param?: string;
    /** Extra fields placed inside the `error` object (e.g. `retry_after_seconds`). */
    extra?: Record<string, unknown>;
    /** Response headers the error needs (e.g. `Retry-After`, `Allow`). */
    headers?: Record<string, string>;
}
export declare class ApiError extends Error {
    readonly status: number;
    readonly code: ErrorCode;
    readonly param: string | undefined;
    readonly extra: Record<string, unknown> | undefined;
    readonly headers: Record<string, string> | undefined;
    constructor(code: ErrorCode, message: string, options?: ApiErrorOptions);
}
export interface ErrorBody {
    error: {
        code: ErrorCode;
        message: string;
        param?: string;
    } & Record<string, unknown>;
}
export declare function errorBody(error: ApiError): ErrorBody;
/** Shorthands for the errors that nearly every route can raise. */
export declare const invalidParam: (param: string, message: string) => ApiError;
export declare const notFound: (what: string) => ApiError;
