/**
 * POST /flows/validate's own fields, read the way the route promises to answer: "always 200"
 * (4.7). `channels` that POST /flows would refuse with 400 are an error of the result instead
 * (the definition is still checked, against the default channels); a `flow_id` that names no flow
 * of the account is a warning (the definition is checked as a new flow: `valid` stays about the
 * definition); a key the route does not read is a warning. Only a body that is not JSON at all
 * (400 `invalid_json`), a JSON value that is not an object (400 naming `body`, as on every route)
 * or a body too large (413) is refused before this point.
 */
import { DEFAULT_FLOW_CHANNELS, FLOW_CHANNELS, type FlowChannel } from './config-schemas.js';
import type { FlowIssue, IssueCode } from './issues.js';

/** The keys the route reads; any other key is reported once, as `unknown_field`. */
export const VALIDATE_FIELDS = ['definition', 'channels', 'flow_id'] as const;
const KNOWN = new Set<string>(VALIDATE_FIELDS);
const CHANNEL_SET = new Set<string>(FLOW_CHANNELS);
/** As POST /flows: 1 to 6 entries (repeats are dropped). */
const MAX_CHANNEL_ENTRIES = FLOW_CHANNELS.length * 2;

export interface ValidateRequest {
  readonly definition: unknown;
  /** The channels to check against: the request's when they are valid, else undefined (use the default). */
  readonly channels: readonly FlowChannel[] | undefined;
  /** A well-formed flow_id (ownership is the model's question). */
  readonly flowId: number | undefined;
  readonly errors: readonly FlowIssue[];
  readonly warnings: FlowIssue[];
}

function issue(code: IssueCode, message: string, path: string): FlowIssue {
  return { code, message, path, node_id: null, port: null, key: null };
}

function readChannels(raw: unknown): { channels?: FlowChannel[]; error?: FlowIssue } {
  if (raw === undefined) return {};
  const valid =
    Array.isArray(raw) && raw.length >= 1 && raw.length <= MAX_CHANNEL_ENTRIES && raw.every((value) => typeof value === 'string' && CHANNEL_SET.has(value));
  if (valid) return { channels: raw as FlowChannel[] };
  return {
    error: issue(
      'invalid_channels',
      `channels must be an array of 1 to ${MAX_CHANNEL_ENTRIES} of ${FLOW_CHANNELS.join(', ')}; the definition was checked against the default (${DEFAULT_FLOW_CHANNELS.join(', ')}).`,
      'channels',
    ),
  };
}

/** Reads the body (a JSON object: the route's schema refuses any other JSON value); never throws. */
export function readValidateRequest(body: Readonly<Record<string, unknown>>): ValidateRequest {
  const fields = body;
  const errors: FlowIssue[] = [];
  const warnings: FlowIssue[] = [];
  const channels = readChannels(fields['channels']);
  if (channels.error) errors.push(channels.error);
  const rawFlowId = fields['flow_id'];
  let flowId: number | undefined;
  if (rawFlowId !== undefined) {
    if (typeof rawFlowId === 'number' && Number.isSafeInteger(rawFlowId) && rawFlowId > 0) flowId = rawFlowId;
    else warnings.push(issue('invalid_flow_id', 'flow_id must be the id of a flow of this account (a positive integer); the definition was checked as a new flow.', 'flow_id'));
  }
  const unknown = Object.keys(fields).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) {
    const listed = unknown.slice(0, 10).map((key) => JSON.stringify(key)).join(', ');
    const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
    warnings.push(issue('unknown_field', `Ignored: ${listed}${more}; this route reads ${VALIDATE_FIELDS.join(', ')}.`, unknown[0]!));
  }
  return { definition: fields['definition'], channels: channels.channels, flowId, errors, warnings };
}
