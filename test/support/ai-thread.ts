/**
 * What the AI tests (test/ai-*.test.ts) share: a caller with account 1's full key, a customer who
 * writes through the sandbox's inbound power, and the seed's FAQ question. Account 1's seed has the
 * AI on for every channel, batching at 6 s and follow-ups at 20 minutes and 22 hours.
 */
import type { RuntimeApi } from './runtimes.js';

export type Json = Record<string, unknown>;
export const data = <T = Json>(res: { body: unknown }) => (res.body as { data: T }).data;

/** Seed FAQ 1 answers this; nothing answers UNKNOWN_QUESTION. */
export const FAQ_QUESTION = 'What are your opening hours?';
export const UNKNOWN_QUESTION = 'Do you sell climbing ropes?';

type Channel = 'instagram' | 'facebook' | 'telegram' | 'whatsapp' | 'sms';

export function threadHelpers(api: () => RuntimeApi, defaultChannel: Channel) {
  const accountId = () => api().accounts[0]!.id;
  const call = (method: string, path: string, body?: Json, query?: Record<string, string>) =>
    api().call({ method, path, key: api().keys.full!, ...(body === undefined ? {} : { body }), ...(query === undefined ? {} : { query }) });
  /** The customer writes `text` (sandbox inbound); the thread it landed in. */
  const say = (platformUserId: string, text: string, channel: Channel = defaultChannel) => {
    const heard = api().sim.sandbox.inbound(accountId(), { channel, platform_user_id: platformUserId, text });
    if (!heard.delivered) throw new Error('inbound not delivered');
    return heard.conversation;
  };
  return { accountId, call, say };
}
