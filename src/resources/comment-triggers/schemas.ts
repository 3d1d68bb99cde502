/** Comment trigger shapes (2.22), their request bodies and query strings (4.14). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Duration, NullableTimestamp, QueryBoolean, Timestamp } from '../shared/schemas.js';
import { oneCreationTime, SeedCreatedFields } from '../shared/seed-created.js';

export const TRIGGER_PLATFORMS = ['instagram', 'facebook', 'both'] as const;
export const SOURCE_TYPES = ['comment', 'story', 'both', 'live'] as const;
export const COMMENT_SOURCES = ['comment', 'story', 'live'] as const;
export const MATCH_TYPES = ['contains', 'exact', 'fuzzy'] as const;
export const RESPONSE_MODES = ['both', 'public_only', 'dm_only'] as const;
export const BUTTON_TYPES = ['text', 'url'] as const;
export const POST_PLATFORMS = ['instagram', 'facebook'] as const;

/** Section 8 and our own bounds (docs/decisions.md, "Comment automation"). */
export const LIMITS = {
  name: 100,
  keywords: 50,
  keyword: 100,
  replies: 5,
  reply: 1000,
  buttonsMin: 1,
  buttonsMax: 3,
  buttonsHard: 20,
  buttonTitle: 20,
  buttonResponse: 1000,
  url: 2000,
  aiGoal: 500,
  postId: 64,
  text: 10_000,
} as const;

export type TriggerPlatform = (typeof TRIGGER_PLATFORMS)[number];
export type SourceType = (typeof SOURCE_TYPES)[number];
export type CommentSource = (typeof COMMENT_SOURCES)[number];
export type MatchType = (typeof MATCH_TYPES)[number];
export type ResponseMode = (typeof RESPONSE_MODES)[number];
export type PostPlatform = (typeof POST_PLATFORMS)[number];

const Blank = /\S/;
const Keyword = z.string().min(1).max(LIMITS.keyword).regex(Blank, 'must not be blank');
const KeywordList = (what: string, min: number) =>
  z
    .array(Keyword)
    .min(min)
    .max(LIMITS.keywords)
    .refine((words) => new Set(words.map((word) => word.trim().toLowerCase())).size === words.length, 'must not repeat a keyword')
    .describe(`${what}: ${min} to ${LIMITS.keywords} entries of 1 to ${LIMITS.keyword} characters, no repeats (case-insensitive).`);
const Reply = z.string().min(1).max(LIMITS.reply).regex(Blank, 'must not be blank');
export const PostId = z.string().min(1).max(LIMITS.postId).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : -');

export const Button = z
  .discriminatedUnion('type', [
    z.strictObject({
      title: z.string().min(1).max(LIMITS.buttonTitle).regex(Blank, 'must not be blank'),
      type: z.literal('text'),
      response: z.string().min(1).max(LIMITS.buttonResponse).describe('What the DM answers when the button is tapped.'),
    }),
    z.strictObject({
      title: z.string().min(1).max(LIMITS.buttonTitle).regex(Blank, 'must not be blank'),
      type: z.literal('url'),
      url: z.url({ protocol: /^https?$/ }).max(LIMITS.url).describe('http(s) address the button opens.'),
    }),
  ])
  .describe('A DM button: title up to 20 characters; type text (with response) or url (with url).');
export type ButtonData = z.infer<typeof Button>;

const fields = {
  name: z.string().min(1).max(LIMITS.name).regex(Blank, 'must not be blank'),
  active: z.boolean(),
  platform: z.enum(TRIGGER_PLATFORMS),
  source_type: z.enum(SOURCE_TYPES),
  post_id: PostId.nullable().describe('Only comments on this post; null means every post.'),
  keywords: KeywordList('Keywords', 1),
  match_type: z.enum(MATCH_TYPES),
  exclude_keywords: KeywordList('Exclude keywords (matched as contains)', 0),
  response_mode: z.enum(RESPONSE_MODES),
  public_replies: z.array(Reply).max(LIMITS.replies).describe('Up to 5; replies rotate in order.'),
  dm_templates: z.array(Reply).max(LIMITS.replies).describe('Up to 5; templates rotate in order.'),
  dm_use_ai: z.boolean(),
  dm_ai_goal: z.string().max(LIMITS.aiGoal).nullable(),
  // The 3-button cap is the model's rule (so a mutant can break it); the schema only bounds abuse.
  buttons: z.array(Button).max(LIMITS.buttonsHard).meta({ maxItems: LIMITS.buttonsMax }).describe('1 to 3 when response_mode sends a DM (both, dm_only); more than 3 is 400 naming buttons.'),
  hide_comment_after_dm: z.boolean(),
  tag_id: z.number().int().positive().nullable(),
};

export const CreateTriggerBody = z.strictObject({
  name: fields.name,
  active: fields.active.optional().describe('Default true; past the plan live cap the trigger is saved paused with created_paused true.'),
  platform: fields.platform,
  source_type: fields.source_type.optional().describe('Default comment.'),
  post_id: fields.post_id.optional(),
  keywords: fields.keywords,
  match_type: fields.match_type.optional().describe('Default contains.'),
  exclude_keywords: fields.exclude_keywords.optional(),
  response_mode: fields.response_mode,
  public_replies: fields.public_replies.optional(),
  dm_templates: fields.dm_templates.optional(),
  dm_use_ai: fields.dm_use_ai.optional(),
  dm_ai_goal: fields.dm_ai_goal.optional(),
  buttons: fields.buttons.optional(),
  hide_comment_after_dm: fields.hide_comment_after_dm.optional(),
  tag_id: fields.tag_id.optional(),
});
export type CreateTriggerInput = z.output<typeof CreateTriggerBody>;

export const PatchTriggerBody = z.strictObject({
  name: fields.name.optional(),
  active: fields.active.optional(),
  platform: fields.platform.optional(),
  source_type: fields.source_type.optional(),
  post_id: fields.post_id.optional(),
  keywords: fields.keywords.optional(),
  match_type: fields.match_type.optional(),
  exclude_keywords: fields.exclude_keywords.optional(),
  response_mode: fields.response_mode.optional(),
  public_replies: fields.public_replies.optional(),
  dm_templates: fields.dm_templates.optional(),
  dm_use_ai: fields.dm_use_ai.optional(),
  dm_ai_goal: fields.dm_ai_goal.optional(),
  buttons: fields.buttons.optional(),
  hide_comment_after_dm: fields.hide_comment_after_dm.optional(),
  tag_id: fields.tag_id.optional(),
});
export type PatchTriggerInput = z.output<typeof PatchTriggerBody>;
export const UPDATABLE_TRIGGER_FIELDS = Object.keys(PatchTriggerBody.shape);

export const LinkedFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['draft', 'active', 'paused']),
  entry: z.enum(['immediate', 'button']).describe('button: the flow starts when the person taps a DM button; immediate: on the comment itself.'),
});

export const TriggerStats = z.object({
  fires: z.number().int(),
  dms_sent: z.number().int(),
  public_replies: z.number().int(),
  last_fired_at: NullableTimestamp,
});

export const FlowImpact = z
  .object({
    paused_flows: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('Linked flows paused by the button change.'),
    trigger_paused: z.boolean().describe('The trigger itself was paused.'),
  })
  .describe('Present only on a PATCH that changed a button title or type of a trigger with linked flows.');

export const CommentTrigger = named(
  'CommentTrigger',
  z.object({
    id: z.number().int(),
    ...fields,
    linked_flows: z.array(LinkedFlow),
    stats: TriggerStats,
    created_paused: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    flow_impact: FlowImpact.optional(),
  }),
);
export type CommentTriggerData = z.infer<typeof CommentTrigger>;

export const DeletedTrigger = z.object({
  id: z.number().int(),
  deleted: z.literal(true),
  paused_flow_ids: z.array(z.number().int()).describe('Linked flows that were active and are now paused (they lose their trigger).'),
});

export const TriggerStatsDetail = named(
  'CommentTriggerStats',
  z.object({
    trigger_id: z.number().int(),
    fires: z.number().int(),
    dms_sent: z.number().int(),
    dms_skipped: z.number().int().describe('Fires whose DM was not sent: opt-out (comment_dm), already messaged once by this trigger, or no DM mode.'),
    public_replies: z.number().int(),
    comments_hidden: z.number().int(),
    unique_commenters: z.number().int(),
    last_fired_at: NullableTimestamp,
    fires_last_7_days: z.number().int(),
    fires_last_30_days: z.number().int(),
  }),
);

export const ListTriggersQuery = z.object({
  platform: z.enum(TRIGGER_PLATFORMS).optional().describe('Triggers whose platform is exactly this value: instagram does not list triggers of platform both.'),
  source_type: z.enum(SOURCE_TYPES).optional(),
  active: QueryBoolean.optional(),
  post_id: PostId.optional().describe('Triggers scoped to this post.'),
});
export type ListTriggersFilters = z.output<typeof ListTriggersQuery>;

export const SimulateQuery = z.object({
  text: z.string().min(1).max(LIMITS.text).describe('The comment text, 1 to 10,000 characters.'),
  platform: z.enum(POST_PLATFORMS),
  post_id: PostId.optional(),
  source_type: z.enum(COMMENT_SOURCES).optional().describe('Default comment.'),
});
export type SimulateInput = z.output<typeof SimulateQuery>;

export const CANDIDATE_REASONS = ['inactive', 'platform', 'source_type', 'post_scope', 'excluded_keyword', 'no_keyword_match', 'earlier_trigger_wins'] as const;
export type CandidateReason = (typeof CANDIDATE_REASONS)[number];
export const OUTCOMES = ['trigger_fired', 'native_flow', 'no_match', 'automation_off'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const ACTIONS = ['public_reply', 'dm', 'apply_tag', 'hide_comment', 'start_flow'] as const;

export const Simulation = named(
  'CommentTriggerSimulation',
  z.object({
    outcome: z.enum(OUTCOMES),
    automation_enabled: z.boolean(),
    trigger: z
      .object({
        id: z.number().int(),
        name: z.string(),
        matched_keyword: z.string(),
        actions: z.array(z.enum(ACTIONS)),
        public_replies: z.array(z.string()),
        dm: z.object({ type: z.enum(['template', 'ai']).nullable(), templates: z.array(z.string()) }),
        buttons: z.array(Button),
      })
      .nullable(),
    linked_flow: LinkedFlow.nullable(),
    native_flow: z.object({ id: z.number().int(), name: z.string(), matched_keyword: z.string() }).nullable(),
    candidates: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        would_fire: z.boolean(),
        reason: z.enum(CANDIDATE_REASONS).nullable(),
        matched_keyword: z.string().nullable(),
      }),
    ),
  }),
);
export type SimulationData = z.infer<typeof Simulation>;

/** A seeded trigger (docs/fixtures.md): the create fields, the tag by name, created_paused and counters. */
export const SeedTrigger = CreateTriggerBody.omit({ tag_id: true }).extend({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  tag: z.string().min(1).max(50).optional().describe('A tag of the account, by name.'),
  created_paused: z.boolean().optional().describe('Saved paused past the live cap when it was created.'),
  stats: z
    .strictObject({
      fires: z.number().int().min(0),
      dms_sent: z.number().int().min(0),
      public_replies: z.number().int().min(0),
      last_fired_ago: Duration.optional().describe('How long before the seed time it last fired (when it has fired; default: when it was created).'),
    })
    .optional(),
  ...SeedCreatedFields,
}).refine(...oneCreationTime);
export type SeedTriggerInput = z.output<typeof SeedTrigger>;

