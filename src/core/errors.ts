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

export const ERROR_CATALOGUE = {
  // 7.1 general codes
  invalid_param: { status: 400, source: '7.1', description: 'A parameter failed validation; `param` names it.' },
  invalid_json: { status: 400, source: '7.1', description: 'The body is not valid JSON.' },
  invalid_idempotency_key: { status: 400, source: '7.1', description: 'Idempotency-Key is not 1 to 128 printable ASCII characters.' },
  unauthorized: { status: 401, source: '7.1', description: 'No API key was sent.' },
  invalid_api_key: { status: 401, source: '7.1', description: 'The API key is not recognized or was revoked.' },
  invalid_control_token: { status: 401, source: 'decision', description: 'The X-Sandbox-Token is not the sandbox operator token.' },
  addon_inactive: { status: 403, source: '7.1', description: 'The key is valid but the account add-on is inactive.' },
  insufficient_scope: { status: 403, source: '7.1', description: 'The key scope does not cover the endpoint.' },
  operator_required: { status: 403, source: 'decision', description: 'The sandbox power acts on the whole sandbox and needs the operator token, not an account key.' },
  plan_limit_reached: { status: 403, source: '7.1', description: 'A cap for the resource is reached.' },
  feature_unavailable: { status: 403, source: '7.1', description: 'The plan lacks the feature; `param` names it.' },
  permission_required: { status: 403, source: '7.1', description: 'The channel connection lacks the insights permission.' },
  not_found: { status: 404, source: '7.1', description: 'Missing, or not owned by the account.' },
  method_not_allowed: { status: 405, source: '7.1', description: 'Wrong method; the Allow header lists the valid ones.' },
  resume_blocked: { status: 409, source: '7.1', description: 'The AI pause reason can only be lifted in the portal.' },
  blocked: { status: 409, source: '7.1', description: 'The customer is blocked.' },
  opted_out: { status: 409, source: '7.1', description: 'The customer opted out.' },
  window_closed: { status: 409, source: '7.1', description: 'The messaging window is closed.' },
  already_blocked: { status: 409, source: '7.1', description: 'The person is already blocked.' },
  purge_active: { status: 409, source: '7.1', description: 'SMS AI cannot be switched on while inbound body purge is on.' },
  sms_not_ready: { status: 409, source: '7.1', description: 'SMS AI cannot be switched on before a messaging service is assigned.' },
  flow_conflict: { status: 409, source: '7.1', description: 'A comment trigger cannot activate because of linked flows.' },
  flow_blocked: { status: 409, source: '7.1', description: 'Flow activation refused for another builder reason.' },
  not_connected: { status: 409, source: '7.1', description: 'The channel is not connected.' },
  not_active: { status: 409, source: '7.1', description: 'The resource is not in an active state for this action.' },
  idempotency_in_progress: { status: 409, source: '7.1', description: 'A request with this Idempotency-Key is still running; wait per Retry-After.' },
  slot_unavailable: { status: 409, source: '7.1', description: 'The appointment slot is taken or outside hours.' },
  already_cancelled: { status: 409, source: '7.1', description: 'The appointment is already cancelled.' },
  cannot_revoke_self: { status: 409, source: '7.1', description: 'A key cannot revoke itself.' },
  already_member: { status: 409, source: '7.1', description: 'The address already belongs to a team member.' },
  invitation_pending: { status: 409, source: '7.1', description: 'The address already has a pending invitation.' },
  not_pending: { status: 409, source: '7.1', description: 'The handled comment is not pending.' },
  not_editable: { status: 409, source: '7.1', description: 'The post action is not allowed in its status.' },
  conflict: { status: 409, source: '7.1', description: 'The resource already exists in a conflicting form.' },
  idempotency_key_reused: { status: 422, source: '7.1', description: 'The Idempotency-Key was used with a different method, path or body.' },
  unprocessable_send: { status: 422, source: '7.1', description: 'The send was permanently rejected.' },
  governance_incomplete: { status: 422, source: '7.1', description: 'Enabling a webhook endpoint needs attested governance with a purpose.' },
  invalid_definition: { status: 422, source: '7.1', description: 'The flow definition has errors.' },
  missing_fields: { status: 422, source: '7.1', description: 'The booking lacks required customer fields.' },
  send_failed: { status: 422, source: '7.1', description: 'The channel refused an approved comment reply.' },
  publish_failed: { status: 422, source: '7.1', description: 'A platform rejected a post.' },
  rate_limited: { status: 429, source: '7.1', description: 'Request quota or burst ceiling reached; see Retry-After.' },
  too_soon: { status: 429, source: '7.1', description: 'Market refresh within 5 minutes.' },
  server_error: { status: 500, source: '7.1', description: 'Unexpected failure.' },
  service_unavailable: { status: 503, source: '7.1', description: 'Temporary failure; retry as directed.' },
  // 7.2 send endpoint codes (those not already above)
  invalid_request: { status: 400, source: '7.2', description: 'A send field is missing or invalid.' },
  forbidden: { status: 403, source: '7.2', description: 'The channel is not permitted.' },
  recipient_opted_out: { status: 410, source: '7.2', description: 'The recipient opted out (SMS STOP).' },
  not_provisioned: { status: 412, source: '7.2', description: 'The channel is not connected.' },
  // Our decisions for gaps the spec leaves open (docs/decisions.md)
  payload_too_large: { status: 413, source: 'decision', description: 'The request body exceeds the size limit.' },
  malformed_request: { status: 400, source: 'decision', description: 'The request is not valid HTTP/1.1 (refused by the HTTP parser, before routing).' },
  request_timeout: { status: 408, source: 'decision', description: 'The request head or body did not arrive in time.' },
  headers_too_large: { status: 431, source: 'decision', description: 'The request head (URL and headers) is too large.' },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export interface ApiErrorOptions {
  /** Overrides the catalogue status (e.g. 422 `invalid_param` for an untrackable competitor). */
  status?: number;
  param?: string;
  /** Extra fields placed inside the `error` object (e.g. `retry_after_seconds`). */
  extra?: Record<string, unknown>;
  /** Response headers the error needs (e.g. `Retry-After`, `Allow`). */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly param: string | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.param = options.param;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; param?: string } & Record<string, unknown>;
}

export function errorBody(error: ApiError): ErrorBody {
  const body: ErrorBody['error'] = { code: error.code, message: error.message };
  if (error.param !== undefined) body.param = error.param;
  if (error.extra) Object.assign(body, error.extra);
  return { error: body };
}

/** Shorthands for the errors that nearly every route can raise. */
export const invalidParam = (param: string, message: string): ApiError =>
  new ApiError('invalid_param', message, { param });

export const notFound = (what: string): ApiError => new ApiError('not_found', `${what} not found.`);
