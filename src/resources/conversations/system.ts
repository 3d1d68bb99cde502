/**
 * The system's side of a thread, for the sandbox and seeds: create a conversation in any state
 * with a transcript in the past, and set what only the system sets (pending, escalated, the
 * portal-only pauses, the messaging window). The AI-mute rule of 2.5 still holds: a state that
 * needs a pause reason gets one (state.ts `normalizeSystemState`).
 */
import { ApiError, invalidParam } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import { parseDuration } from '../../core/duration.js';
import type { ContactsModel } from '../contacts/model.js';
import { phoneOfId } from '../contacts/phone-identity.js';
import type { TagsModel } from '../tags/model.js';
import type { TeamModel } from '../team/model.js';
import type { SeedConversation, SystemState } from './schemas.js';
import { normalizeSystemState } from './state.js';
import type { ConversationRecord, Threads } from './threads.js';

export interface ConversationSystemDeps {
  readonly conversations: Threads;
  readonly contacts: ContactsModel;
  readonly team: TeamModel;
  readonly tags: TagsModel;
}

export function createConversationSystem(core: CoreServices, deps: ConversationSystemDeps) {
  const { clock } = core;
  const { conversations } = deps;

  function assigneeOf(accountId: number, input: SeedConversation): number | null {
    if (input.assigned_to_email !== undefined) {
      const member = deps.team.findByEmail(accountId, input.assigned_to_email);
      if (!member) throw invalidParam('assigned_to_email', `No team member has email ${input.assigned_to_email}.`);
      return member.id;
    }
    const assignee = input.assigned_to ?? null;
    if (assignee !== null && assignee > 0 && !deps.team.find(accountId, assignee)) {
      throw invalidParam('assigned_to', `No team member has id ${assignee}.`);
    }
    return assignee;
  }

  /** How long ago a seeded thread began: its `created_ago`, or its oldest message if older. */
  function ageMs(input: SeedConversation): number {
    const oldest = input.messages.reduce((max, message) => Math.max(max, parseDuration(message.ago)), 0);
    return input.created_ago !== undefined ? Math.max(parseDuration(input.created_ago), oldest) : oldest;
  }

  function windowPatch(window: 'open' | 'closed'): Partial<ConversationRecord> {
    // Open: as if the customer wrote just now. Closed: as if they never wrote.
    return { last_inbound_ms: window === 'open' ? clock.now() : null };
  }

  return {
    ageMs,

    /** A thread in any state, with its transcript placed `ago` in the past. No events fire. */
    create(accountId: number, input: SeedConversation, keepIds = false): ConversationRecord {
      if (conversations.findByIdentity(accountId, input.channel, input.platform_user_id)) {
        throw new ApiError('conflict', `A ${input.channel} conversation with ${input.platform_user_id} already exists.`, {
          param: 'platform_user_id',
        });
      }
      const now = clock.now();
      const createdMs = now - ageMs(input);
      const inboundMs = input.messages.filter((m) => m.sender_type === 'user').map((m) => now - parseDuration(m.ago));
      const contact =
        deps.contacts.findByIdentity(accountId, input.channel, input.platform_user_id) ??
        deps.contacts.seedContact(accountId, {
          channel: input.channel,
          platform_user_id: input.platform_user_id,
          name: input.name ?? null,
          ig_username: input.ig_username?.replace(/^@/, '') ?? null,
          // SMS and WhatsApp ids are phone numbers: the contact carries its number, by the rule every created contact follows.
          phone: phoneOfId(input.channel, input.platform_user_id) ?? null,
          // The contact exists from the thread's start (a conversation is never older than its
          // contact), and its activity times are what the transcript says: first and last
          // customer line (audit 9c, Q2). Threads load oldest first, so these contacts' ids still
          // ascend with created_at; a seed's `contacts` section places its own before them.
          created_at: clock.iso(createdMs),
          first_seen_at: clock.iso(createdMs),
          last_seen_at: clock.iso(inboundMs.length > 0 ? Math.max(...inboundMs) : createdMs),
          first_user_message_at: inboundMs.length > 0 ? clock.iso(Math.min(...inboundMs)) : null,
        });
      const state = normalizeSystemState({ status: input.status, assigned_to: assigneeOf(accountId, input), ai_pause_reason: input.ai_pause_reason });
      const tagIds = (input.tags ?? []).map((name) => deps.tags.ensureTag(accountId, name).id);
      let conversation = conversations.createWithState(accountId, contact, state, createdMs, tagIds);
      const ordered = [...input.messages].sort((a, b) => parseDuration(b.ago) - parseDuration(a.ago));
      for (const message of ordered) {
        conversation = conversations.append(conversation, {
          sender_type: message.sender_type,
          // A customer line is signed with the customer's name unless the seed says otherwise.
          sender_name: message.sender_name !== undefined ? message.sender_name : message.sender_type === 'user' ? contact.name : null,
          type: message.type,
          text: message.text ?? null,
          is_template: message.is_template,
          body_purged: message.body_purged,
          draft: message.copilot_draft,
          at_ms: now - parseDuration(message.ago),
          ...(keepIds && message.id !== undefined ? { id: message.id } : {}),
        }).conversation;
      }
      // The transcript's customer lines reopen threads as they are replayed; the seed's state wins.
      const patch: Partial<ConversationRecord> = { ...state };
      if (input.window !== undefined) Object.assign(patch, windowPatch(input.window));
      return conversations.write(conversation, patch);
    },

    /** What only the system sets: any status, any pause reason, the window. */
    setState(accountId: number, id: number, input: SystemState): ConversationRecord {
      const conversation = conversations.get(accountId, id);
      const before = conversations.stateOf(conversation);
      const requested = {
        status: input.status ?? before.status,
        assigned_to: before.assigned_to,
        ai_pause_reason: input.ai_pause_reason !== undefined ? input.ai_pause_reason : before.ai_pause_reason,
      };
      const state = normalizeSystemState(requested);
      if (input.ai_pause_reason === null && state.ai_pause_reason !== null) {
        throw invalidParam('ai_pause_reason', 'The AI stays muted on an assigned or escalated thread; assign null or change the status first.');
      }
      const patch: Partial<ConversationRecord> = { ...state };
      if (input.window !== undefined) Object.assign(patch, windowPatch(input.window));
      return conversations.write(conversation, patch);
    },
  };
}

