/**
 * The config of every trigger source and node type (2.10), as zod: the one source of truth that
 * validates definitions AND generates the catalogue's JSON-Schema `config` (GET /flows/nodes), so
 * the two cannot disagree. The spec names some keys; the rest are our choices, each recorded in
 * docs/decisions.md ("Flows"). No logic here beyond the refinements a schema states.
 */
import { z } from 'zod';
import { STAGES } from '../contacts/schemas.js';

// ---------------------------------------------------------------------------------------------
// Enums (the catalogue's `enums`)

/** 2.10: flows run on these channels only. */
export const FLOW_CHANNELS = ['facebook', 'instagram', 'whatsapp'] as const;
export type FlowChannel = (typeof FLOW_CHANNELS)[number];
export const DEFAULT_FLOW_CHANNELS: readonly FlowChannel[] = ['facebook', 'instagram'];
/** 2.22's comment-trigger match types, reused for every keyword list (`contains` is the default). */
export const MATCH_TYPES = ['contains', 'exact', 'fuzzy'] as const;
/** 2.10, `collect_input.input_type`. */
export const INPUT_TYPES = ['email', 'phone', 'name', 'text', 'number'] as const;
export const RULE_TYPES = [
  'has_tag',
  'lacks_tag',
  'field_equals',
  'field_is_set',
  'variable_equals',
  'variable_is_set',
  'channel_is',
  'stage_is',
  'within_business_hours',
] as const;
export const ACTION_TYPES = [
  'tag_conversation',
  'remove_tag',
  'set_custom_field',
  'clear_custom_field',
  'set_stage',
  'mark_lead',
  'notify_team',
] as const;
export const DELAY_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const BUTTON_TYPES = ['postback', 'url', 'call'] as const;
export const MEDIA_TYPES = ['image', 'video', 'audio', 'file'] as const;
/** 2.17's `behavior.goals`, the goals an `ai_reply` node can pursue. */
export const AI_GOALS = ['answer_questions', 'book_appointments', 'capture_leads', 'qualify_prospects'] as const;
/** 2.10's list-shape `trigger_type`: what the person did to start the flow. */
export const TRIGGER_TYPES = ['keyword', 'first_message', 'comment_trigger', 'button_tap'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const FlowChannelSchema = z.enum(FLOW_CHANNELS).describe('A channel flows run on.');
export const MatchType = z.enum(MATCH_TYPES).default('contains').describe('How a message is matched: contains (default), exact or fuzzy.');

// ---------------------------------------------------------------------------------------------
// Shared pieces

export const KEYWORD_MAX = 50;
export const KEYWORDS_MAX = 20;
export const VARIABLE_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;
export const FIELD_KEY_PATTERN = /^[a-z0-9_]{1,50}$/;
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;

const Keyword = z.string().min(1).max(KEYWORD_MAX).regex(/\S/, 'must not be blank');
/** 1 to 20 keywords of 1 to 50 characters; the same word twice (ignoring case and spaces) is an error. */
export const Keywords = z
  .array(Keyword)
  .min(1)
  .max(KEYWORDS_MAX)
  .refine((words) => new Set(words.map((word) => word.trim().toLowerCase())).size === words.length, 'must not repeat a keyword')
  .describe('1 to 20 keywords, each 1 to 50 characters, no repeats (case-insensitive).');
const Variable = z.string().regex(VARIABLE_PATTERN, 'must be 1 to 50 of a-z 0-9 _ starting with a letter');
const FieldKey = z.string().regex(FIELD_KEY_PATTERN, 'must be a custom field key (1 to 50 of a-z 0-9 _)');
const TagRef = z.string().min(1).max(50).regex(/\S/, 'must not be blank').describe('A tag name from live.tags.');
const Text = (max: number) => z.string().min(1).max(max).regex(/\S/, 'must not be blank');
const Scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
const HttpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, 'must be an http(s) URL');
const HttpsUrl = z
  .string()
  .max(2048)
  .regex(/^https:\/\/[^\s/?#]+[^\s]*$/, 'must be an https URL');

// ---------------------------------------------------------------------------------------------
// Trigger sources (`definition.trigger`: `{source, ...these keys}`)

export const SourceConfigs = {
  dm: z.strictObject({ keywords: Keywords, match_type: MatchType }),
  comment: z
    .strictObject({
      mode: z.enum(['linked', 'native']).optional().describe('linked (a comment trigger) or native (own keywords); inferred when omitted.'),
      comment_trigger_id: z.number().int().positive().optional().describe('linked mode: the comment trigger (live.comment_triggers).'),
      comment_keywords: Keywords.optional().describe('native mode: the keywords a comment must match.'),
      match_type: z.enum(MATCH_TYPES).optional().describe('native mode: contains (default), exact or fuzzy.'),
      post_id: z.string().min(1).max(64).nullable().optional().describe('native mode: only comments on this post; null or omitted is every post.'),
    })
    .superRefine((config, ctx) => {
      const linked = config.mode === 'linked' || (config.mode === undefined && config.comment_trigger_id !== undefined);
      if (linked) {
        if (config.comment_trigger_id === undefined) ctx.addIssue({ code: 'custom', path: ['comment_trigger_id'], message: 'is required in linked mode' });
        for (const key of ['comment_keywords', 'match_type', 'post_id'] as const) {
          if (config[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'belongs to native mode (linked mode takes the comment trigger’s own)' });
        }
      } else if (config.comment_keywords === undefined) {
        ctx.addIssue({ code: 'custom', path: ['comment_keywords'], message: 'is required in native mode (or give comment_trigger_id for linked mode)' });
      }
    }),
  ai_intent: z.strictObject({
    intent_description: Text(500).min(10).describe('What the person wants, in plain words (10 to 500 characters); the AI matches messages to it.'),
    confidence: z.enum(['low', 'medium', 'high']).default('medium').describe('How sure the AI must be before the flow starts.'),
  }),
  first_message: z.strictObject({
    returning_after_days: z
      .number()
      .int()
      .min(1)
      .max(365)
      .nullable()
      .default(null)
      .describe('Also start for someone writing again after this many days of silence; null: only a person’s very first message.'),
  }),
  button_tap: z.strictObject({
    payload: z.string().regex(/^[A-Z0-9_]{1,64}$/, 'must be 1 to 64 of A-Z 0-9 _').describe('The postback payload of the persistent-menu button.'),
    button_title: Text(20).describe('The button’s title as people see it (1 to 20 characters).'),
  }),
  ice_breaker: z.strictObject({
    question: Text(80).describe('The conversation starter (ice breaker) that starts the flow, up to 80 characters.'),
  }),
  story_reply: z.strictObject({
    keywords: Keywords.optional().describe('Only replies matching these; omitted: any reply to a story.'),
    match_type: MatchType,
  }),
  story_mention: z.strictObject({
    once_per_person: z.boolean().default(true).describe('Start at most once per person.'),
  }),
  live_comment: z.strictObject({ keywords: Keywords, match_type: MatchType }),
  shared_post: z.strictObject({
    post_id: z.string().min(1).max(64).nullable().default(null).describe('Only shares of this post; null: a share of any of the account’s posts.'),
  }),
  ad_referral: z.strictObject({
    ad_id: z.string().regex(/^\d{1,32}$/, 'must be a numeric ad id').nullable().default(null).describe('Only people arriving from this ad; null: any click-to-message ad.'),
  }),
  ref_link: z.strictObject({
    ref: z.string().regex(SLUG_PATTERN, 'must be 1 to 50 of A-Z a-z 0-9 _ -').describe('The ref parameter of the m.me / ig.me / wa.me link.'),
  }),
  qr_code: z.strictObject({
    ref: z.string().regex(SLUG_PATTERN, 'must be 1 to 50 of A-Z a-z 0-9 _ -').describe('The ref the QR code encodes (shares the namespace of ref_link).'),
    label: Text(100).optional().describe('Where the code is printed, for your own reference.'),
  }),
} as const;

export type SourceName = keyof typeof SourceConfigs;
export const SOURCE_NAMES = Object.keys(SourceConfigs) as SourceName[];

// ---------------------------------------------------------------------------------------------
// Node configs

const Button = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('postback'), title: Text(20) }),
  z.strictObject({ type: z.literal('url'), title: Text(20), url: HttpsUrl }),
  z.strictObject({ type: z.literal('call'), title: Text(20), phone: z.string().regex(/^\+[1-9][0-9]{6,14}$/, 'must be an E.164 number') }),
]);

const Rule = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('has_tag'), tag: TagRef }),
  z.strictObject({ type: z.literal('lacks_tag'), tag: TagRef }),
  z.strictObject({ type: z.literal('field_equals'), field_key: FieldKey, value: Scalar }),
  z.strictObject({ type: z.literal('field_is_set'), field_key: FieldKey }),
  z.strictObject({ type: z.literal('variable_equals'), variable: Variable, value: Scalar }),
  z.strictObject({ type: z.literal('variable_is_set'), variable: Variable }),
  z.strictObject({ type: z.literal('channel_is'), channel: FlowChannelSchema }),
  z.strictObject({ type: z.literal('stage_is'), stage: z.enum(STAGES) }),
  z.strictObject({ type: z.literal('within_business_hours') }),
]);

const UNIT_SECONDS: Readonly<Record<(typeof DELAY_UNITS)[number], number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
export const MAX_DELAY_SECONDS = 30 * 86400;

export const NodeConfigs = {
  trigger: z.strictObject({}).describe('No keys: the trigger node only marks where the flow starts; its source is definition.trigger.'),
  message: z
    .strictObject({
      text: Text(2000).optional().describe('The message, with {placeholders}; required unless media is sent.'),
      buttons: z.array(Button).max(3).default([]).describe('Up to 3 buttons; each postback button gets its own output port.'),
      media: z.strictObject({ type: z.enum(MEDIA_TYPES), url: HttpsUrl }).optional().describe('An attachment sent with (or instead of) the text.'),
      timeout_minutes: z.number().int().min(1).max(10080).default(1440).describe('With postback buttons: minutes to wait for a tap before output_timeout.'),
    })
    .refine((config) => config.text !== undefined || config.media !== undefined, { path: ['text'], message: 'is required unless media is sent' }),
  collect_input: z.strictObject({
    question: Text(1000).describe('What to ask, with {placeholders}.'),
    input_type: z.enum(INPUT_TYPES),
    variable_name: Variable.describe('Where the answer is kept for later nodes ({variable_name} placeholders, variable rules).'),
    max_retries: z.number().int().min(0).max(5).default(2).describe('Retries after an invalid answer before output_2.'),
    retry_message: Text(500).optional().describe('Sent after an invalid answer.'),
    save_to_field: FieldKey.optional().describe('Also save the answer to this custom field (live.custom_fields; its type must fit).'),
  }),
  action: z.discriminatedUnion('action_type', [
    z.strictObject({ action_type: z.literal('tag_conversation'), tag_value: TagRef }),
    z.strictObject({ action_type: z.literal('remove_tag'), tag_value: TagRef }),
    z.strictObject({ action_type: z.literal('set_custom_field'), field_key: FieldKey, field_value: Scalar }),
    z.strictObject({ action_type: z.literal('clear_custom_field'), field_key: FieldKey }),
    z.strictObject({ action_type: z.literal('set_stage'), stage: z.enum(STAGES) }),
    z.strictObject({ action_type: z.literal('mark_lead') }),
    z.strictObject({ action_type: z.literal('notify_team'), message: Text(500) }),
  ]),
  condition: z.strictObject({
    rules: z.array(Rule).min(1).max(10).describe('Checked in order; the first that holds picks its port (output_1 for the first rule), else output_else.'),
  }),
  book_appointment: z.strictObject({
    service: Text(200).optional().describe('A bookable service from live.services; omitted: the person picks one.'),
    prompt: Text(1000).default('When would you like to come in?').describe('How the booking is offered, with {placeholders}.'),
    confirmation_message: Text(1000).optional().describe('Sent once booked.'),
    days_ahead: z.number().int().min(1).max(60).default(14).describe('How many days of availability to offer.'),
  }),
  goto_flow: z.strictObject({
    flow_id: z.number().int().positive().describe('Another flow of the account (live.flows); the person continues there.'),
  }),
  delay: z
    .strictObject({
      duration: z.number().int().min(1).describe('How long to wait, in `unit`s; at most 30 days in all.'),
      unit: z.enum(DELAY_UNITS),
    })
    .refine((config) => config.duration * UNIT_SECONDS[config.unit] <= MAX_DELAY_SECONDS, { path: ['duration'], message: 'must be at most 30 days' }),
  http_request: z
    .strictObject({
      method: z.enum(HTTP_METHODS),
      url: HttpUrl.describe(
        'http(s) URL, with {placeholders}, on a public host: no credentials, #fragment, loopback, private, link-local (metadata) or internal host (the webhook URL rule; a placeholder in the host is checked once filled).',
      ),
      headers: z
        .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name'), z.string().max(1000))
        .default({})
        .refine((headers) => Object.keys(headers).length <= 20, 'must have at most 20 headers')
        .describe('Up to 20 request headers; not host, content-length, transfer-encoding or connection, which the HTTP client writes itself.'),
      body: z.string().max(10000).optional().describe('Request body, with {placeholders}; not for GET.'),
      timeout_ms: z.number().int().min(1000).max(10000).default(5000),
      save_response_to: Variable.optional().describe('Keep the response body in this variable.'),
    })
    .refine((config) => config.method !== 'GET' || config.body === undefined, { path: ['body'], message: 'is not sent with GET' }),
  handoff: z.strictObject({
    message: Text(1000).optional().describe('Told to the person, with {placeholders}.'),
    note: Text(500).optional().describe('For the team member who picks the conversation up.'),
    notify_team: z.boolean().default(true),
  }),
  ai_reply: z.strictObject({
    goal: z.enum(AI_GOALS),
    instructions: Text(2000).describe('What the AI should do in this step, with {placeholders}.'),
    max_turns: z.number().int().min(1).max(20).default(5).describe('Replies before the step gives up (output_2).'),
    save_summary_to: Variable.optional().describe('Keep the AI’s summary of the exchange in this variable.'),
  }),
  randomizer: z.strictObject({
    branches: z
      .array(z.strictObject({ weight: z.number().int().min(1).max(100), label: Text(50).optional() }))
      .min(2)
      .max(5)
      .refine((branches) => branches.reduce((sum, branch) => sum + branch.weight, 0) === 100, 'weights must add up to 100')
      .describe('2 to 5 branches whose weights (percent) add up to 100; branch n leaves by output_n.'),
  }),
} as const;

export type NodeType = keyof typeof NodeConfigs;
export const NODE_TYPES = Object.keys(NodeConfigs) as NodeType[];
export type NodeConfigOf<T extends NodeType> = z.output<(typeof NodeConfigs)[T]>;
export type SourceConfigOf<S extends SourceName> = z.output<(typeof SourceConfigs)[S]>;
export { UNIT_SECONDS };
