/**
 * The errors and warnings of flow validation (POST /flows/validate, 422 `invalid_definition`):
 * every code, what it means, and a collector that keeps the list bounded. The catalogue lists
 * these codes, so an integrator can branch on them.
 */
import type { z } from 'zod';
import { cutChars, fitsChars } from '../shared/characters.js';

export const ISSUE_CODES = {
  // errors
  invalid_shape: 'A part of the definition has the wrong JSON type or an unknown key.',
  unknown_source: 'definition.trigger.source is not one of the catalogue’s sources.',
  invalid_config: 'A trigger or node config breaks its schema (the catalogue’s `config`); `key` names the key.',
  invalid_node_id: 'A node id is not a string of 1 to 64 of A-Z a-z 0-9 _ -.',
  duplicate_node_id: 'Two nodes have the same id.',
  unknown_node_type: 'A node type is not one of the catalogue’s node types.',
  missing_trigger: 'No node has type trigger.',
  multiple_triggers: 'More than one node has type trigger.',
  trigger_id: 'The trigger node must have id "1", and only it.',
  unknown_node: 'An edge comes from or goes to a node id that is not in nodes.',
  unknown_port: 'An edge leaves by a port its node does not have.',
  port_in_use: 'Two edges leave by the same port of a node (a port leads to one place).',
  edge_to_trigger: 'An edge leads into the trigger node.',
  unreachable: 'A node cannot be reached from the trigger.',
  instant_loop: 'A cycle of nodes that never waits for the person or the clock.',
  channel_unsupported: 'A channel of the flow is one the trigger source cannot fire on.',
  unknown_tag: 'A tag named in a config is not in live.tags.',
  unknown_custom_field: 'A custom field key named in a config is not an active field of live.custom_fields.',
  field_type_mismatch: 'A custom field cannot hold what the node saves into it.',
  unknown_service: 'A service named in a config is not in live.services.',
  unknown_flow: 'A goto_flow target is not a flow of the account.',
  goto_self: 'A goto_flow node points at its own flow.',
  unknown_comment_trigger: 'A comment_trigger_id is not in live.comment_triggers.',
  node_limit: 'More nodes than the plan allows (live.node_limit).',
  keyword_collision: 'Another active flow on one of these channels uses the same keyword (an error on activation).',
  trigger_collision: 'Another active flow on one of these channels uses the same ref, payload or entry point (an error on activation).',
  too_many_errors: 'More problems than are listed; fix these first.',
  invalid_channels: 'POST /flows/validate: `channels` is not an array of 1 to 6 of facebook, instagram, whatsapp (the definition is checked against the default).',
  // warnings only
  dead_end: 'A node that should lead somewhere has no outgoing edge.',
  unused_variable: 'A variable is set but never read.',
  unknown_placeholder: 'A {placeholder} names no built-in, custom field or variable of the flow (it renders empty).',
  target_not_active: 'A goto_flow target is not active.',
  unknown_starter: 'An ice_breaker question is not one of the AI config’s conversation starters (a tap never sends it).',
  unknown_field: 'POST /flows/validate: the body has keys the route does not read; they were ignored.',
  invalid_flow_id: 'POST /flows/validate: `flow_id` is not the id of a flow of this account; the definition was checked as a new flow.',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

export const WARNING_CODES: readonly IssueCode[] = ['dead_end', 'unused_variable', 'unknown_placeholder', 'target_not_active', 'unknown_starter', 'unknown_field', 'invalid_flow_id', 'keyword_collision', 'trigger_collision'];

export interface FlowIssue {
  readonly code: IssueCode;
  readonly message: string;
  /** Where in the request body, e.g. `definition.nodes[3].config.question`. */
  readonly path: string;
  /** The node concerned (`"1"` for the trigger and its source), or null for the whole definition. */
  readonly node_id: string | null;
  /** The output port concerned, for edge problems. */
  readonly port: string | null;
  /** The config key concerned, e.g. `question` or `buttons[0].title`. */
  readonly key: string | null;
}

/** Most issues of each kind a response lists; beyond them one `too_many_errors` says how many more. */
export const MAX_LISTED_ISSUES = 100;

export interface IssueInput {
  readonly code: IssueCode;
  readonly message: string;
  readonly path: string;
  readonly node_id?: string | null;
  readonly port?: string | null;
  readonly key?: string | null;
}

/** Collects issues up to the listing cap, and counts them all. */
export class IssueList {
  readonly listed: FlowIssue[] = [];
  count = 0;

  add(issue: IssueInput): void {
    this.count++;
    if (this.listed.length >= MAX_LISTED_ISSUES) return;
    this.listed.push({
      code: issue.code,
      message: issue.message,
      path: issue.path,
      node_id: issue.node_id ?? null,
      port: issue.port ?? null,
      key: issue.key ?? null,
    });
  }

  /** The listed issues, with `too_many_errors` last when some were left out. */
  finish(): FlowIssue[] {
    if (this.count <= this.listed.length) return this.listed;
    const more = this.count - this.listed.length;
    return [
      ...this.listed,
      { code: 'too_many_errors', message: `${more} more not listed.`, path: 'definition', node_id: null, port: null, key: null },
    ];
  }
}

/** A zod path as the rest of the API writes it: `buttons[0].title`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** One `invalid_config` issue per zod issue (one per unknown key), naming the node and key. */
export function configIssues(
  issues: readonly z.core.$ZodIssue[],
  into: IssueList,
  where: { readonly base: string; readonly node_id: string | null; readonly what: string },
): void {
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((name) => [...issue.path, name]) : [issue.path];
    for (const path of keys) {
      const key = formatPath(path);
      const message = issue.code === 'unrecognized_keys' ? 'unknown key' : issue.message;
      into.add({
        code: 'invalid_config',
        message: `${where.what}: ${key === '' ? 'config' : key}: ${message}`,
        path: key === '' ? where.base : `${where.base}${key.startsWith('[') ? '' : '.'}${key}`,
        node_id: where.node_id,
        key: key === '' ? null : key,
      });
    }
  }
}

/** An id as a message shows it: quoted, and cut to a readable length. */
export function shown(id: string): string {
  return JSON.stringify(fitsChars(id, 64) ? id : `${cutChars(id, 61)}...`);
}
