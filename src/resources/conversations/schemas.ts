/** Conversation shapes (2.5) and the conversation request bodies and list query (4.4). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Channel, Duration, RealInstant, Timestamp } from '../shared/schemas.js';

export const CONVERSATION_STATUSES = ['active', 'resolved', 'pending', 'archived', 'escalated'] as const;
/** The statuses a caller may set; `pending` and `escalated` are set by the system only (3.1). */
export const SETTABLE_STATUSES = ['active', 'resolved', 'archived'] as const;
export const PAUSE_REASONS = ['escalated', 'assigned', 'owner_claimed', 'solicitation', 'fraud', 'connected_account'] as const;
/** Pauses lifted in the portal only: resuming them through the API is 409 resume_blocked. */
export const LOCK_REASONS = ['solicitation', 'fraud', 'connected_account'] as const;

export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];
export type PauseReason = (typeof PAUSE_REASONS)[number];

export const ConversationStatusSchema = z.enum(CONVERSATION_STATUSES);

export const Conversation = named(
  'Conversation',
  z.object({
    id: z.number().int(),
    channel: Channel,
    platform_user_id: z.string(),
    customer_name: z.string().describe('The contact’s name, or the platform user id when the name is unknown.'),
    status: ConversationStatusSchema,
    assigned_to: z.number().int().nullable().describe('Positive: a team member id. Negative: an owner-level assignment. Null: unassigned.'),
    assigned_to_name: z.string().nullable().describe('Null for a negative or null assignment.'),
    ai_paused: z.boolean().describe('Always true on an assigned or escalated thread.'),
    ai_pause_reason: z.enum(PAUSE_REASONS).nullable().describe('Null when the AI is live.'),
    contact_id: z.number().int(),
    lead_email: z.string().nullable(),
    lead_phone: z.string().nullable(),
    last_message_at: Timestamp.describe('The latest message, or the creation time when there is none yet.'),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);


export const ListConversationsQuery = z.object({
  channel: Channel.optional(),
  status: ConversationStatusSchema.optional(),
  assigned_to: z
    .string()
    .regex(/^-?\d{1,15}$/, 'must be an integer')
    .transform(Number)
    .optional()
    .describe('A team member id (or a negative owner-level id).'),
  updated_since: RealInstant.optional().describe('Conversations with updated_at at or after this instant.'),
});

export const PatchConversationBody = z
  .strictObject({
    status: z
      .enum(SETTABLE_STATUSES, { error: 'must be active, resolved or archived (pending and escalated are set by the system)' })
      .optional(),
    ai_paused: z.boolean().optional().describe('true: the owner takes the thread from the AI. false: the AI resumes.'),
  });

export const AssignBody = z.strictObject({
  assigned_to: z.number().int().nullable().describe('A team member id, or null to unassign.'),
});

export const DeletedConversation = named(
  'DeletedConversation',
  z.object({
    id: z.number().int(),
    object: z.literal('conversation'),
    deleted: z.literal(true),
    removed: z.object({
      messages: z.number().int(),
      appointments: z.number().int(),
      conversation_tags: z.number().int(),
      contexts: z.number().int(),
      metrics_detached: z.number().int(),
    }),
  }),
);

export type ConversationData = z.infer<typeof Conversation>;
export type ListConversationsFilters = z.output<typeof ListConversationsQuery>;
export type DeletedConversationData = z.infer<typeof DeletedConversation>;

// ---- Sandbox and seed shapes (not part of /openapi.json) ----

/** A relative time in the past, like `90s`, `15m`, `2h`, `3d` or `1d2h`. */
/** How long ago something happened (seeds place transcripts in the past). */
export const Ago = Duration;

export const SeedMessageInput = z
  .strictObject({
    id: z.number().int().positive().optional().describe('Seed files only: keep this message id (a pulled seed). The sandbox power ignores it.'),
    sender_type: z.string().min(1).max(50).default('user').describe('user, bot, agent, followup, or a system value.'),
    sender_name: z.string().max(255).nullable().optional(),
    type: z.enum(['text', 'image', 'video', 'audio', 'file', 'quick_reply', 'button', 'postback', 'comment_trigger']).default('text'),
    text: z.string().max(4096).nullable().optional(),
    is_template: z.boolean().default(false),
    body_purged: z.boolean().default(false).describe('Kept in the transcript with text null.'),
    copilot_draft: z.boolean().default(false).describe('An unsent copilot suggestion: stored, never listed.'),
    ago: Ago.default('0s'),
  })
  .refine((message) => message.body_purged || (message.text !== undefined && message.text !== null), {
    message: 'text is required unless body_purged',
    path: ['text'],
  });

export const SeedConversationInput = z.strictObject({
  channel: Channel,
  platform_user_id: z.string().min(1).max(255),
  name: z.string().min(1).max(255).optional(),
  ig_username: z.string().regex(/^@?[A-Za-z0-9._]{1,30}$/).optional(),
  status: ConversationStatusSchema.default('active'),
  ai_pause_reason: z.enum(PAUSE_REASONS).nullable().default(null).describe('Filled in when the state needs one (assigned, escalated).'),
  assigned_to: z.number().int().refine((value) => value !== 0, 'must not be 0').nullable().optional()
    .describe('A team member id, or a negative owner-level id.'),
  assigned_to_email: z.email().optional().describe('The team member with this email (instead of assigned_to).'),
  tags: z.array(z.string().min(1).max(50)).max(20).optional(),
  created_ago: Ago.optional().describe('Default: the oldest message, or now.'),
  window: z.enum(['open', 'closed']).optional().describe('Override the messaging window the transcript implies.'),
  messages: z.array(SeedMessageInput).max(500).default([]),
});

export const SystemStateInput = z
  .strictObject({
    status: ConversationStatusSchema.optional().describe('Any status, pending and escalated included.'),
    ai_pause_reason: z.enum(PAUSE_REASONS).nullable().optional(),
    window: z.enum(['open', 'closed']).optional(),
  })
  .refine((body) => body.status !== undefined || body.ai_pause_reason !== undefined || body.window !== undefined, {
    message: 'send at least one of: status, ai_pause_reason, window',
    path: ['body'],
  });

export type SeedConversation = z.output<typeof SeedConversationInput>;
export type SystemState = z.output<typeof SystemStateInput>;
