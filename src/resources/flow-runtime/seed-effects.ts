/**
 * What a seeded flow run did besides its events, done as the runtime does it (./engine.ts,
 * ./model.ts `start`), at the event's time (docs/decisions.md, "Seeded flow runs happened"):
 * - an entry counts in the flow's `stats.entries` and attaches the flow's `tag_id`; a completed
 *   run counts in `stats.completions`;
 * - an action node entered tags, untags, sets a stage or a custom field, or marks the lead
 *   (`new` / `contacted` become `qualified`);
 * - a collect_input answer (the customer's transcript line at the `input_received` instant)
 *   that the node accepts is saved: an email or phone to the contact, `save_to_field` to its field.
 * These are skipped for a snapshot (a pulled seed: its sessions carry ids, and its contacts and
 * counters already hold what the runs did). Always: the `Automation` bot lines of the session's
 * conversation at the instants of its events are the runtime's replies (overview 2.14
 * `replies.automation`), as a live send records them.
 */
import { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { SeedContactChange } from '../contacts/model.js';
import type { NodeConfigOf } from '../flows/config-schemas.js';
import type { FlowNode } from '../flows/definition.js';
import type { MessageData } from '../messages/schemas.js';
import { actionChange } from './action-change.js';
import { acceptAnswer } from './inputs.js';
import type { RuntimeNeeds } from './needs.js';
import type { FlowEventRecord, SessionRecord } from './records.js';

/** Records one line of a transcript as a reply the runtime sent for `session` (model.ts). */
export type RecordReply = (session: SessionRecord, messageId: number, sentMs: number) => void;

/** The sender name the runtime signs its lines with (./engine.ts `send`). */
const AUTOMATION = 'Automation';

export function createSeedEffects(core: CoreServices, needs: RuntimeNeeds, recordReply: RecordReply) {
  const { clock } = core;
  const transcripts = new Map<number, readonly MessageData[]>();

  /** The conversation's lines, oldest first (read once per conversation while seeding). */
  function linesOf(session: SessionRecord): readonly MessageData[] {
    let lines = transcripts.get(session.conversation_id);
    if (!lines) {
      const page = needs.conversations.transcript(session.account_id, session.conversation_id, { list: 'seed', limit: Number.MAX_SAFE_INTEGER, after: undefined });
      lines = [...page.data].reverse();
      transcripts.set(session.conversation_id, lines);
    }
    return lines;
  }

  function change(session: SessionRecord, what: SeedContactChange, atMs: number): void {
    try {
      needs.contacts.seedChange(session.account_id, session.contact_id, what, clock.iso(atMs));
    } catch (error) {
      // A value the contact's field refuses is skipped, as the runtime skips it.
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** An action node entered: the change the live runtime makes (./action-change.ts), at that time. */
  function runAction(session: SessionRecord, node: FlowNode, atMs: number): void {
    const stage = needs.contacts.find(session.account_id, session.contact_id)?.stage;
    const what = actionChange(node.config as NodeConfigOf<'action'>, stage);
    if (what !== undefined) change(session, what, atMs);
  }

  /** A collect_input answer: the customer's line at that instant, saved when the node accepts it. */
  function saveAnswer(session: SessionRecord, node: FlowNode, atMs: number): void {
    const config = node.config as NodeConfigOf<'collect_input'>;
    const at = clock.iso(atMs);
    const line = linesOf(session).find((message) => message.direction === 'inbound' && message.created_at === at && message.text !== null);
    const answer = line ? acceptAnswer(config.input_type, line.text) : undefined;
    if (answer === undefined) return;
    if (config.input_type === 'email' || config.input_type === 'phone') change(session, { values: { [config.input_type]: answer } }, atMs);
    if (config.save_to_field !== undefined) {
      change(session, { values: { custom_fields: { [config.save_to_field]: config.input_type === 'number' ? Number(answer) : answer } } }, atMs);
    }
  }

  return {
    /** One seeded event's side effects (events come oldest first across the account). */
    apply(session: SessionRecord, event: FlowEventRecord, node: FlowNode | undefined): void {
      const atMs = event.occurred_ms;
      if (event.type === 'session_started') {
        const flow = needs.flows.get(session.account_id, session.flow_id);
        needs.flows.recordStats(session.account_id, session.flow_id, { entries: 1, completions: 0 });
        const tag = flow.tag_id == null ? undefined : needs.tags.find(session.account_id, flow.tag_id);
        if (tag) change(session, { attach: [tag.name] }, atMs);
      } else if (event.type === 'session_completed') {
        needs.flows.recordStats(session.account_id, session.flow_id, { entries: 0, completions: 1 });
      } else if (event.type === 'node_entered' && node?.type === 'action') {
        runAction(session, node, atMs);
      } else if (event.type === 'input_received' && node?.type === 'collect_input') {
        saveAnswer(session, node, atMs);
      }
    },

    /** The session's replies: its conversation's `Automation` bot lines at the instants of its events. */
    replies(session: SessionRecord, eventMs: readonly number[], taken: Set<number>): void {
      const instants = new Map(eventMs.map((ms) => [clock.iso(ms), ms]));
      for (const line of linesOf(session)) {
        const sentMs = instants.get(line.created_at);
        if (line.sender_type !== 'bot' || line.sender_name !== AUTOMATION || sentMs === undefined || taken.has(line.id)) continue;
        taken.add(line.id);
        recordReply(session, line.id, sentMs);
      }
    },
  };
}
