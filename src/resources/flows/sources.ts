/**
 * The 13 trigger sources (2.10): label, the channels each fires on, whether it needs keywords, the
 * list shape's `trigger_type`, an example config, and the match keys two active flows sharing a
 * channel must not both claim. Which the spec names and which we chose: `origin` and
 * docs/decisions.md ("Flows").
 */
import type { FlowChannel, SourceName } from './config-schemas.js';
import type { MatchKey, SourceKind } from './kind-types.js';

const ALL: readonly FlowChannel[] = ['facebook', 'instagram', 'whatsapp'];
const META: readonly FlowChannel[] = ['facebook', 'instagram'];
const IG: readonly FlowChannel[] = ['instagram'];

const norm = (word: string): string => word.trim().toLowerCase();

/**
 * A customer's text as the flow runtime compares it with a trigger's words (trimmed, lower case,
 * runs of spaces as one): a starter tap matches an ice_breaker question this way, so the
 * validator's `unknown_starter` check uses the same reading.
 */
export const matchableText = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');
const keywordKeys = (ns: string, key: string, words: readonly string[] | undefined, scope = '*'): MatchKey[] =>
  (words ?? []).map((word) => ({ key, id: `${ns}|${scope}|${norm(word)}`, label: `keyword "${norm(word)}"`, keyword: true }));
const single = (ns: string, key: string, value: string, label: string): MatchKey[] => [{ key, id: `${ns}|${value}`, label, keyword: false }];
const source = <S extends SourceName>(kind: SourceKind<S>): SourceKind<S> => kind;

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
    // A tap sends the starter's question, so a question no starter asks never starts the flow.
    references: (config) => [{ kind: 'starter', value: config.question, key: 'question' }],
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
