/**
 * What each trigger source and node type means beyond its config schema: label and description,
 * the channels a source fires on, its output ports, what it refers to (tags, custom fields,
 * services, flows, comment triggers), the variables it sets and reads, the texts that take
 * {placeholders}, whether it waits for the person, and the match keys two active flows must not
 * share. The validator and the catalogue both read these tables. Which sources and node types the
 * spec names and which we chose: `origin`, and docs/decisions.md ("Flows").
 */
import type { z } from 'zod';
import type { CustomFieldType } from '../custom-fields/schemas.js';
import {
  NodeConfigs,
  SourceConfigs,
  type FlowChannel,
  type NodeConfigOf,
  type NodeType,
  type SourceConfigOf,
  type SourceName,
  type TriggerType,
} from './config-schemas.js';

export type Origin = 'spec' | 'assumption';
export type ReferenceKind = 'tag' | 'custom_field' | 'service' | 'flow' | 'comment_trigger';

/** Something a config names that must exist in the account. */
export interface Reference {
  readonly kind: ReferenceKind;
  readonly value: string | number;
  /** The config key that holds it, e.g. `tag_value` or `rules[1].tag`. */
  readonly key: string;
  /** custom_field references that write a value: the field types that can hold it. */
  readonly fieldTypes?: readonly CustomFieldType[];
}

export interface VariableUse {
  readonly variable: string;
  readonly key: string;
}

export interface TemplateText {
  readonly key: string;
  readonly text: string;
}

/**
 * An output port as the catalogue describes it: a fixed name, or `output_{n}` repeated once per
 * item of a config list (`per`, only items whose `type` is `where.type` when given), or a fixed
 * name that exists only when that repeated list has items (`when: 'some'`) or has none (`'none'`).
 */
export interface PortSpec {
  readonly port: string;
  readonly description: string;
  readonly per?: 'buttons' | 'rules' | 'branches';
  readonly where?: { readonly type: string };
  readonly when?: 'some' | 'none';
}

export interface NodeKind<T extends NodeType> {
  readonly type: T;
  readonly label: string;
  readonly description: string;
  readonly origin: Origin;
  /** 0 for the trigger (nothing may lead into it), else 1: any number of edges may enter. */
  readonly inputs: 0 | 1;
  /** Ends the person's path in this flow: no output ports at all. */
  readonly terminal: boolean;
  readonly outputs: readonly PortSpec[];
  /** A valid config, for the catalogue (and the conformance kit's generated graphs). */
  readonly example: z.input<(typeof NodeConfigs)[T]>;
  readonly ports: (config: NodeConfigOf<T>) => readonly string[];
  /** Waits for the person or the clock (so a loop through it is not an instant loop). */
  readonly waits: (config: NodeConfigOf<T>) => boolean;
  /** `waits`, in words, for the catalogue. */
  readonly waitsWhen: string;
  /** Leaving it with no edge is a normal end (no `dead_end` warning). */
  readonly mayEnd: boolean;
  readonly references?: (config: NodeConfigOf<T>) => readonly Reference[];
  readonly sets?: (config: NodeConfigOf<T>) => readonly VariableUse[];
  readonly reads?: (config: NodeConfigOf<T>) => readonly VariableUse[];
  readonly templates?: (config: NodeConfigOf<T>) => readonly TemplateText[];
}

/** What two active flows sharing a channel must not both claim (a keyword, a ref, a payload...). */
export interface MatchKey {
  /** The config key that holds it. */
  readonly key: string;
  /** Namespace, scope and value: equal ids collide (a specific scope never collides with a catch-all). */
  readonly id: string;
  readonly label: string;
  readonly keyword: boolean;
}

export interface SourceKind<S extends SourceName> {
  readonly source: S;
  readonly label: string;
  readonly description: string;
  readonly origin: Origin;
  readonly channels: readonly FlowChannel[];
  readonly needs_keywords: boolean;
  readonly trigger_type: TriggerType;
  readonly example: z.input<(typeof SourceConfigs)[S]>;
  /** Fills what the schema leaves implicit (the comment source's `mode`). */
  readonly normalize?: (config: SourceConfigOf<S>) => SourceConfigOf<S>;
  readonly matchKeys: (config: SourceConfigOf<S>) => readonly MatchKey[];
  readonly references?: (config: SourceConfigOf<S>) => readonly Reference[];
}

const ALL: readonly FlowChannel[] = ['facebook', 'instagram', 'whatsapp'];
const META: readonly FlowChannel[] = ['facebook', 'instagram'];
const IG: readonly FlowChannel[] = ['instagram'];

const norm = (word: string): string => word.trim().toLowerCase();
const keywordKeys = (ns: string, key: string, words: readonly string[] | undefined, scope = '*'): MatchKey[] =>
  (words ?? []).map((word) => ({ key, id: `${ns}|${scope}|${norm(word)}`, label: `keyword "${norm(word)}"`, keyword: true }));
const single = (ns: string, key: string, value: string, label: string): MatchKey[] => [{ key, id: `${ns}|${value}`, label, keyword: false }];
const numbered = (count: number): string[] => Array.from({ length: count }, (_, i) => `output_${i + 1}`);

const source = <S extends SourceName>(kind: SourceKind<S>): SourceKind<S> => kind;
const node = <T extends NodeType>(kind: NodeKind<T>): NodeKind<T> => kind;

export const SOURCE_KINDS: { readonly [S in SourceName]: SourceKind<S> } = {
  dm: source({
    source: 'dm',
    label: 'Direct message keyword',
    description: 'A direct message matching one of the keywords.',
    origin: 'spec',
    channels: ALL,
    needs_keywords: true,
    trigger_type: 'keyword',
    example: { keywords: ['price', 'pricing'], match_type: 'contains' },
    matchKeys: (config) => keywordKeys('dm', 'keywords', config.keywords),
  }),
  comment: source({
    source: 'comment',
    label: 'Comment on a post',
    description:
      'A comment on one of the account’s posts: linked to a comment trigger (mode linked, comment_trigger_id) or matched by the flow’s own keywords (mode native, comment_keywords).',
    origin: 'spec',
    channels: META,
    needs_keywords: true,
    trigger_type: 'comment_trigger',
    example: { mode: 'native', comment_keywords: ['link'], match_type: 'contains', post_id: null },
    normalize: (config) => {
      const mode = config.mode ?? (config.comment_trigger_id !== undefined ? 'linked' : 'native');
      return mode === 'linked' ? { ...config, mode } : { match_type: 'contains', post_id: null, ...config, mode };
    },
    matchKeys: (config) =>
      config.mode === 'linked'
        ? single('comment_trigger', 'comment_trigger_id', String(config.comment_trigger_id), `comment trigger ${config.comment_trigger_id}`)
        : keywordKeys('comment', 'comment_keywords', config.comment_keywords, config.post_id ?? '*'),
    references: (config) =>
      config.comment_trigger_id === undefined ? [] : [{ kind: 'comment_trigger', value: config.comment_trigger_id, key: 'comment_trigger_id' }],
  }),
  ai_intent: source({
    source: 'ai_intent',
    label: 'AI-detected intent',
    description: 'A message the AI judges to carry the described intent, whatever its words.',
    origin: 'spec',
    channels: ALL,
    needs_keywords: false,
    trigger_type: 'keyword',
    example: { intent_description: 'The person wants to know our prices', confidence: 'medium' },
    matchKeys: () => [],
  }),
  first_message: source({
    source: 'first_message',
    label: 'First message',
    description: 'The first message a person ever sends the account (or after a silence, with returning_after_days).',
    origin: 'assumption',
    channels: ALL,
    needs_keywords: false,
    trigger_type: 'first_message',
    example: { returning_after_days: null },
    matchKeys: () => single('first_message', 'source', 'any', 'the first message'),
  }),
  button_tap: source({
    source: 'button_tap',
    label: 'Menu button tap',
    description: 'A tap on a persistent-menu button carrying this payload.',
    origin: 'assumption',
    channels: META,
    needs_keywords: false,
    trigger_type: 'button_tap',
    example: { payload: 'TALK_TO_US', button_title: 'Talk to us' },
    matchKeys: (config) => single('payload', 'payload', config.payload, `payload ${config.payload}`),
  }),
  ice_breaker: source({
    source: 'ice_breaker',
    label: 'Conversation starter',
    description: 'A tap on one of the account’s conversation starters (ice breakers).',
    origin: 'assumption',
    channels: ALL,
    needs_keywords: false,
    trigger_type: 'button_tap',
    example: { question: 'What are your opening hours?' },
    matchKeys: (config) => single('ice_breaker', 'question', norm(config.question), `conversation starter "${config.question}"`),
  }),
  story_reply: source({
    source: 'story_reply',
    label: 'Story reply',
    description: 'A reply to one of the account’s stories, optionally only one matching the keywords.',
    origin: 'assumption',
    channels: IG,
    needs_keywords: false,
    trigger_type: 'keyword',
    example: { keywords: ['win'], match_type: 'contains' },
    matchKeys: (config) =>
      config.keywords === undefined ? single('story_reply', 'keywords', '*', 'any story reply') : keywordKeys('story_reply', 'keywords', config.keywords),
  }),
  story_mention: source({
    source: 'story_mention',
    label: 'Story mention',
    description: 'Someone mentions the account in their own story.',
    origin: 'assumption',
    channels: IG,
    needs_keywords: false,
    trigger_type: 'comment_trigger',
    example: { once_per_person: true },
    matchKeys: () => single('story_mention', 'source', 'any', 'story mentions'),
  }),
  live_comment: source({
    source: 'live_comment',
    label: 'Live video comment',
    description: 'A comment matching the keywords during one of the account’s live videos.',
    origin: 'assumption',
    channels: META,
    needs_keywords: true,
    trigger_type: 'comment_trigger',
    example: { keywords: ['join'], match_type: 'contains' },
    matchKeys: (config) => keywordKeys('live_comment', 'keywords', config.keywords),
  }),
  shared_post: source({
    source: 'shared_post',
    label: 'Post shared in a message',
    description: 'Someone shares one of the account’s posts or reels with it in a direct message.',
    origin: 'assumption',
    channels: IG,
    needs_keywords: false,
    trigger_type: 'keyword',
    example: { post_id: null },
    matchKeys: (config) => single('shared_post', 'post_id', config.post_id ?? '*', config.post_id === null ? 'shares of any post' : `shares of post ${config.post_id}`),
  }),
  ad_referral: source({
    source: 'ad_referral',
    label: 'Click-to-message ad',
    description: 'Someone starts a conversation from a click-to-message ad.',
    origin: 'assumption',
    channels: ALL,
    needs_keywords: false,
    trigger_type: 'first_message',
    example: { ad_id: null },
    matchKeys: (config) => single('ad', 'ad_id', config.ad_id ?? '*', config.ad_id === null ? 'any ad' : `ad ${config.ad_id}`),
  }),
  ref_link: source({
    source: 'ref_link',
    label: 'Referral link',
    description: 'Someone opens an m.me, ig.me or wa.me link carrying this ref.',
    origin: 'assumption',
    channels: ALL,
    needs_keywords: false,
    trigger_type: 'first_message',
    example: { ref: 'spring-sale' },
    matchKeys: (config) => single('ref', 'ref', config.ref, `ref ${config.ref}`),
  }),
  qr_code: source({
    source: 'qr_code',
    label: 'QR code',
    description: 'Someone scans a QR code encoding this ref (the same namespace as ref_link).',
    origin: 'assumption',
    channels: ALL,
    needs_keywords: false,
    trigger_type: 'first_message',
    example: { ref: 'store-window', label: 'Front window poster' },
    matchKeys: (config) => single('ref', 'ref', config.ref, `ref ${config.ref}`),
  }),
};

const TEXT_FIELDS: readonly CustomFieldType[] = ['text'];
const INPUT_FIELD_TYPES: Readonly<Record<NodeConfigOf<'collect_input'>['input_type'], readonly CustomFieldType[]>> = {
  email: TEXT_FIELDS,
  phone: TEXT_FIELDS,
  name: TEXT_FIELDS,
  text: TEXT_FIELDS,
  number: ['number', 'text'],
};

function ruleUses(rules: NodeConfigOf<'condition'>['rules']): { refs: Reference[]; reads: VariableUse[] } {
  const refs: Reference[] = [];
  const reads: VariableUse[] = [];
  rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if (rule.type === 'has_tag' || rule.type === 'lacks_tag') refs.push({ kind: 'tag', value: rule.tag, key: `${at}.tag` });
    else if (rule.type === 'field_equals' || rule.type === 'field_is_set') refs.push({ kind: 'custom_field', value: rule.field_key, key: `${at}.field_key` });
    else if (rule.type === 'variable_equals' || rule.type === 'variable_is_set') reads.push({ variable: rule.variable, key: `${at}.variable` });
  });
  return { refs, reads };
}

const texts = (entries: readonly (readonly [string, string | undefined])[]): TemplateText[] =>
  entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined).map(([key, text]) => ({ key, text }));

export const NODE_KINDS: { readonly [T in NodeType]: NodeKind<T> } = {
  trigger: node({
    type: 'trigger',
    label: 'Trigger',
    description: 'Where the flow starts (id "1"); its source is definition.trigger.',
    origin: 'spec',
    inputs: 0,
    terminal: false,
    outputs: [{ port: 'output_1', description: 'The flow starts here.' }],
    example: {},
    ports: () => ['output_1'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: false,
  }),
  message: node({
    type: 'message',
    label: 'Send message',
    description: 'Sends text with {placeholders}, optional media and up to 3 buttons; waits for a postback tap when it has postback buttons.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_{n}', per: 'buttons', where: { type: 'postback' }, description: 'A tap on the n-th postback button.' },
      { port: 'output_timeout', when: 'some', description: 'No tap within timeout_minutes.' },
      { port: 'output_1', when: 'none', description: 'Without postback buttons: straight on after sending.' },
    ],
    example: { text: 'Hi {first_name}! What can we help with?', buttons: [{ type: 'postback', title: 'Prices' }, { type: 'postback', title: 'Opening hours' }] },
    ports: (config) => {
      const taps = config.buttons.filter((button) => button.type === 'postback').length;
      return taps === 0 ? ['output_1'] : [...numbered(taps), 'output_timeout'];
    },
    waits: (config) => config.buttons.some((button) => button.type === 'postback'),
    waitsWhen: 'when it has postback buttons (for a tap)',
    mayEnd: true,
    templates: (config) => texts([['text', config.text]]),
  }),
  collect_input: node({
    type: 'collect_input',
    label: 'Ask a question',
    description: 'Asks, checks the answer against input_type and keeps it in variable_name.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'A valid answer.' },
      { port: 'output_2', description: 'Retries exhausted.' },
    ],
    example: { question: 'What is your email?', input_type: 'email', variable_name: 'email', max_retries: 2, retry_message: 'That does not look like an email address.' },
    ports: () => ['output_1', 'output_2'],
    waits: () => true,
    waitsWhen: 'always (for the answer)',
    mayEnd: false,
    references: (config) =>
      config.save_to_field === undefined
        ? []
        : [{ kind: 'custom_field', value: config.save_to_field, key: 'save_to_field', fieldTypes: INPUT_FIELD_TYPES[config.input_type] }],
    sets: (config) => [{ variable: config.variable_name, key: 'variable_name' }],
    templates: (config) => texts([['question', config.question], ['retry_message', config.retry_message]]),
  }),
  action: node({
    type: 'action',
    label: 'Action',
    description: 'Changes the contact or conversation: tags, custom fields, stage, lead mark, a team notification.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [{ port: 'output_1', description: 'Done.' }],
    example: { action_type: 'mark_lead' },
    ports: () => ['output_1'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    references: (config) => {
      switch (config.action_type) {
        case 'tag_conversation':
        case 'remove_tag':
          return [{ kind: 'tag', value: config.tag_value, key: 'tag_value' }];
        case 'set_custom_field':
          return [{ kind: 'custom_field', value: config.field_key, key: 'field_key' }];
        case 'clear_custom_field':
          return [{ kind: 'custom_field', value: config.field_key, key: 'field_key' }];
        default:
          return [];
      }
    },
    templates: (config) =>
      config.action_type === 'notify_team'
        ? texts([['message', config.message]])
        : config.action_type === 'set_custom_field' && typeof config.field_value === 'string'
          ? texts([['field_value', config.field_value]])
          : [],
  }),
  condition: node({
    type: 'condition',
    label: 'Condition',
    description: 'Checks rules in order; the first that holds picks its port, else output_else (the fall-through).',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_{n}', per: 'rules', description: 'The n-th rule held (the first that did).' },
      { port: 'output_else', description: 'No rule held.' },
    ],
    example: { rules: [{ type: 'channel_is', channel: 'instagram' }, { type: 'within_business_hours' }] },
    ports: (config) => [...numbered(config.rules.length), 'output_else'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: false,
    references: (config) => ruleUses(config.rules).refs,
    reads: (config) => ruleUses(config.rules).reads,
  }),
  book_appointment: node({
    type: 'book_appointment',
    label: 'Book an appointment',
    description: 'Offers free slots and books the one picked.',
    origin: 'spec',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'Booked.' },
      { port: 'output_2', description: 'Not booked (declined, no free slot, or no answer).' },
    ],
    example: { prompt: 'When would you like to come in?', days_ahead: 14 },
    ports: () => ['output_1', 'output_2'],
    waits: () => true,
    waitsWhen: 'always (for the booking)',
    mayEnd: true,
    references: (config) => (config.service === undefined ? [] : [{ kind: 'service', value: config.service, key: 'service' }]),
    templates: (config) => texts([['prompt', config.prompt], ['confirmation_message', config.confirmation_message]]),
  }),
  goto_flow: node({
    type: 'goto_flow',
    label: 'Go to flow',
    description: 'Hands the person to another flow of the account (its published version).',
    origin: 'spec',
    inputs: 1,
    terminal: true,
    outputs: [],
    example: { flow_id: 1 },
    ports: () => [],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    references: (config) => [{ kind: 'flow', value: config.flow_id, key: 'flow_id' }],
  }),
  delay: node({
    type: 'delay',
    label: 'Wait',
    description: 'Waits a while (up to 30 days), then goes on.',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [{ port: 'output_1', description: 'The wait is over.' }],
    example: { duration: 10, unit: 'minutes' },
    ports: () => ['output_1'],
    waits: () => true,
    waitsWhen: 'always (for the clock)',
    mayEnd: false,
  }),
  http_request: node({
    type: 'http_request',
    label: 'HTTP request',
    description: 'Calls an external URL (with {placeholders}); the response body can be kept in a variable.',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'A 2xx answer.' },
      { port: 'output_2', description: 'Any other answer, a timeout or a network error.' },
    ],
    example: { method: 'POST', url: 'https://hooks.example.test/leads', headers: { 'Content-Type': 'application/json' }, body: '{"email":"{email}"}', timeout_ms: 5000 },
    ports: () => ['output_1', 'output_2'],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    sets: (config) => (config.save_response_to === undefined ? [] : [{ variable: config.save_response_to, key: 'save_response_to' }]),
    templates: (config) => texts([['url', config.url], ['body', config.body]]),
  }),
  handoff: node({
    type: 'handoff',
    label: 'Hand off to a human',
    description: 'Ends the flow and hands the conversation to the team (the AI is muted, as for an escalation).',
    origin: 'assumption',
    inputs: 1,
    terminal: true,
    outputs: [],
    example: { message: 'A team member will be with you shortly.', notify_team: true },
    ports: () => [],
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: true,
    templates: (config) => texts([['message', config.message]]),
  }),
  ai_reply: node({
    type: 'ai_reply',
    label: 'AI conversation',
    description: 'Lets the AI talk with the person towards a goal for a few turns.',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [
      { port: 'output_1', description: 'The goal was reached.' },
      { port: 'output_2', description: 'Turns used up, or the person asked for a human.' },
    ],
    example: { goal: 'answer_questions', instructions: 'Answer questions about our services in two sentences at most.', max_turns: 5 },
    ports: () => ['output_1', 'output_2'],
    waits: () => true,
    waitsWhen: 'always (for the person)',
    mayEnd: true,
    sets: (config) => (config.save_summary_to === undefined ? [] : [{ variable: config.save_summary_to, key: 'save_summary_to' }]),
    templates: (config) => texts([['instructions', config.instructions]]),
  }),
  randomizer: node({
    type: 'randomizer',
    label: 'Randomizer',
    description: 'Sends each person down one branch at random, by weight (A/B tests).',
    origin: 'assumption',
    inputs: 1,
    terminal: false,
    outputs: [{ port: 'output_{n}', per: 'branches', description: 'The n-th branch was drawn.' }],
    example: { branches: [{ weight: 50, label: 'A' }, { weight: 50, label: 'B' }] },
    ports: (config) => numbered(config.branches.length),
    waits: () => false,
    waitsWhen: 'never',
    mayEnd: false,
  }),
};

/** Built-in placeholders (the catalogue's `placeholders`); custom fields and variables are added by pattern. */
export const BUILT_IN_PLACEHOLDERS: readonly { readonly name: string; readonly description: string }[] = [
  { name: 'name', description: 'The contact’s display name.' },
  { name: 'first_name', description: 'The first word of the display name.' },
  { name: 'email', description: 'The contact’s email address.' },
  { name: 'phone', description: 'The contact’s phone number.' },
  { name: 'ig_username', description: 'The Instagram username.' },
  { name: 'channel', description: 'The channel of the conversation.' },
  { name: 'business_name', description: 'The account’s business name.' },
];
export const CUSTOM_FIELD_PLACEHOLDER_PREFIX = 'custom_fields.';

/** The type-erased view the validator and catalogue loop over. */
export interface AnyNodeKind extends Omit<NodeKind<NodeType>, 'example' | 'ports' | 'waits' | 'references' | 'sets' | 'reads' | 'templates'> {
  readonly example: unknown;
  readonly ports: (config: unknown) => readonly string[];
  readonly waits: (config: unknown) => boolean;
  readonly references?: (config: unknown) => readonly Reference[];
  readonly sets?: (config: unknown) => readonly VariableUse[];
  readonly reads?: (config: unknown) => readonly VariableUse[];
  readonly templates?: (config: unknown) => readonly TemplateText[];
}

export interface AnySourceKind extends Omit<SourceKind<SourceName>, 'example' | 'normalize' | 'matchKeys' | 'references'> {
  readonly example: unknown;
  readonly normalize?: (config: unknown) => unknown;
  readonly matchKeys: (config: unknown) => readonly MatchKey[];
  readonly references?: (config: unknown) => readonly Reference[];
}

/** The node kind and config schema of a type name, if it is one. */
export function nodeKindOf(type: string): { kind: AnyNodeKind; schema: z.ZodType } | undefined {
  if (!Object.hasOwn(NODE_KINDS, type)) return undefined;
  const name = type as NodeType;
  return { kind: NODE_KINDS[name] as unknown as AnyNodeKind, schema: NodeConfigs[name] };
}

export function sourceKindOf(name: string): { kind: AnySourceKind; schema: z.ZodType } | undefined {
  if (!Object.hasOwn(SOURCE_KINDS, name)) return undefined;
  const source = name as SourceName;
  return { kind: SOURCE_KINDS[source] as unknown as AnySourceKind, schema: SourceConfigs[source] };
}
