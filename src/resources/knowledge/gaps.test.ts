/** Knowledge gaps (2.19, 4.12): arising from inbound questions, repeats, resolution, the query. */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const FROZEN = '2026-03-02T15:00:00+00:00';
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const list = (res: { body: unknown }) => (res.body as { data: Json[]; has_more: boolean; next_cursor: string | null });
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;

/**
 * The AI answers at once (batching off): the knowledge base hears a question when the AI's reply
 * goes out (audit 8, N2), so with the seed's batch window a gap would wait for the clock.
 */
async function setup() {
  const t = testSimulator({ clock: { frozenAt: FROZEN } });
  const { sim, keys, accounts } = t;
  const id = accounts[0]!.id;
  await sim.request({ method: 'PATCH', path: '/ai/config', key: keys.admin, body: { file_handling: { enabled: false }, behavior: { batch_messages: false } } });
  const say = (text: string, channel: 'telegram' | 'sms' | 'instagram' = 'telegram', who = 'customer-1') =>
    sim.sandbox.inbound(id, { channel, platform_user_id: channel === 'sms' ? '+15550101234' : who, text });
  const gaps = async (query: Record<string, string> = {}, key = keys.read) => list(await sim.request({ path: '/knowledge-gaps', key, query }));
  const faq = (id: number) => sim.request({ path: `/knowledge/faqs/${id}`, key: keys.read });
  return { ...t, id, say, gaps, faq };
}

describe('gaps from inbound questions', () => {
  it('opens a no_knowledge gap for a question no FAQ answers, and counts repeats', async () => {
    const { say, gaps, sim } = await setup();
    const first = say('Do you repair bikes?');
    const opened = (await gaps()).data[0]!;
    expect(opened).toEqual({
      id: expect.any(Number),
      status: 'open',
      signal_type: 'no_knowledge',
      channel: 'telegram',
      conversation_id: first.delivered ? first.conversation.id : null,
      user_message: 'Do you repair bikes?',
      ai_response: expect.stringContaining('check with the team'),
      canonical_question: 'do you repair bikes',
      top_similarity: 0,
      occurrence_count: 1,
      suggested_answer: null,
      suggested_target: 'new_faq',
      last_seen_at: FROZEN,
    });
    sim.sandbox.clock.advance('1h');
    say('do you REPAIR bikes ??', 'instagram', 'someone-else');
    const seen = (await gaps()).data.find((gap) => gap['id'] === opened['id'])!;
    expect(seen).toMatchObject({ occurrence_count: 2, channel: 'instagram', user_message: 'do you REPAIR bikes ??', last_seen_at: '2026-03-02T16:00:00+00:00' });
    // The seeded gap for the same question grows too.
    say('Do you sell used gear?');
    expect((await gaps()).data.find((gap) => gap['canonical_question'] === 'do you sell used gear')).toMatchObject({ occurrence_count: 4 });
  });

  it('counts a use of the FAQ that answers the question instead of opening a gap', async () => {
    const { say, gaps, faq } = await setup();
    const before = (await gaps({ status: 'all' })).data.length;
    say('What time do you open on Sunday?');
    expect((await gaps({ status: 'all' })).data.length).toBe(before);
    expect(data(await faq(1))).toMatchObject({ question: 'What are your opening hours?', usage_count: 42 });
  });

  it('opens a weak_match gap when an FAQ comes close, suggesting its answer', async () => {
    const { say, gaps } = await setup();
    say('Can I rent kayaks and paddles?');
    expect((await gaps()).data[0]).toMatchObject({
      signal_type: 'weak_match',
      top_similarity: 0.33,
      suggested_answer: expect.stringContaining('tents'),
      ai_response: expect.stringContaining('tents'),
    });
  });

  it('ignores statements, channels whose AI is off, purged bodies and inactive or unindexed FAQs', async () => {
    const { say, gaps, sim, id, keys } = await setup();
    const count = async () => (await gaps({ status: 'all' })).data.length;
    const start = await count();
    say('Thanks, see you tomorrow.');
    await sim.request({ method: 'PATCH', path: '/ai/channels/telegram', key: keys.admin, body: { ai_enabled: false } });
    say('Do you repair bikes?');
    expect(await count()).toBe(start);
    sim.sandbox.setChannel(id, 'sms', { inbound_body_purge: true });
    const purged = say('Do you repair bikes?', 'sms');
    expect(purged.delivered && purged.message).toMatchObject({ text: null, body_purged: true });
    expect(await count()).toBe(start);
    // The inactive gift-card FAQ does not answer; a new FAQ answers only once indexed.
    await sim.request({ method: 'PATCH', path: '/ai/channels/telegram', key: keys.admin, body: { ai_enabled: true } });
    say('Do you sell gift cards?');
    expect((await gaps()).data[0]).toMatchObject({ canonical_question: 'do you sell gift cards' });
    await sim.request({ method: 'POST', path: '/knowledge/faqs', key: keys.write, body: { question: 'Do you teach climbing classes?', answer: 'Yes, weekly.' } });
    say('Do you teach climbing?', 'telegram', 'c2');
    expect((await gaps()).data[0]).toMatchObject({ canonical_question: 'do you teach climbing' });
  });

  it('resolves the open gaps a new active FAQ answers', async () => {
    const { say, gaps, sim, keys } = await setup();
    say('Do you repair bikes?');
    const gap = (await gaps()).data[0]!;
    const created = await sim.request({ method: 'POST', path: '/knowledge/faqs', key: keys.write, body: { question: 'Do you repair bikes?', answer: 'Yes, in 48 hours.' } });
    expect(created.status).toBe(201);
    expect((await gaps({ status: 'resolved' })).data.map((g) => g['id'])).toContain(gap['id']);
    expect((await gaps()).data.map((g) => g['id'])).not.toContain(gap['id']);
    // Asked again later: answered by the FAQ once indexed, no new gap.
    sim.sandbox.clock.advance('5s');
    say('Do you repair bikes?');
    expect((await gaps()).data.some((g) => g['canonical_question'] === 'do you repair bikes')).toBe(false);
  });
});

describe('GET /knowledge-gaps', () => {
  it('lists open gaps by default, newest first; filters by status, signal_type, channel and since', async () => {
    const { gaps, sim, id } = await setup();
    expect((await gaps()).data.map((g) => g['user_message'])).toEqual(['Can I rent a kayak for the weekend?', 'Do you sell used gear?']);
    expect((await gaps({ status: 'all' })).data).toHaveLength(5);
    expect((await gaps({ status: 'pending' })).data.map((g) => g['signal_type'])).toEqual(['escalation']);
    expect((await gaps({ status: 'dismissed' })).data.map((g) => g['signal_type'])).toEqual(['negative_feedback']);
    expect((await gaps({ status: 'all', signal_type: 'no_knowledge' })).data).toHaveLength(2);
    expect((await gaps({ status: 'all', channel: 'instagram' })).data).toHaveLength(2);
    sim.sandbox.clock.advance('1d');
    const created = sim.sandbox.createKnowledgeGap(id, { signal_type: 'escalation', channel: 'whatsapp', user_message: 'I want a human', status: 'open' });
    expect(created).toMatchObject({ suggested_target: 'instructions', occurrence_count: 1, last_seen_at: '2026-03-03T15:00:00+00:00' });
    expect((await gaps({ since: '2026-03-03T00:00:00+00:00' })).data.map((g) => g['id'])).toEqual([created.id]);
    const page = await gaps({ status: 'all', limit: '2' });
    expect(page.has_more).toBe(true);
    expect((await gaps({ status: 'all', limit: '2', starting_after: page.next_cursor! })).data).toHaveLength(2);
  });

  const bad: [string, Record<string, string>, string][] = [
    ['an unknown status', { status: 'closed' }, 'status'],
    ['an unknown signal type', { signal_type: 'confusion' }, 'signal_type'],
    ['an unknown channel', { channel: 'email' }, 'channel'],
    ['a since that is not a timestamp', { since: 'yesterday' }, 'since'],
    ['a limit of 101', { limit: '101' }, 'limit'],
  ];
  for (const [label, query, param] of bad) {
    it(`refuses ${label} with 400 naming ${param}`, async () => {
      const { sim, keys } = await setup();
      expect(error(await sim.request({ path: '/knowledge-gaps', key: keys.read, query }))).toMatchObject({ code: 'invalid_param', param });
    });
  }

  it('is read-only and scoped to the account', async () => {
    const { sim, keys, accounts, gaps } = await setup();
    expect((await sim.request({ method: 'POST', path: '/knowledge-gaps', key: keys.full, body: {} })).status).toBe(405);
    const theirs = (await gaps({ status: 'all' }, accounts[1]!.keys.read)).data.map((g) => g['user_message']);
    expect(theirs).toEqual(['Is there step-free access?', 'How much is a hygiene visit for students?', 'Do you treat children?']);
  });
});

describe('erasure (4.2, 4.4)', () => {
  it("deleting the thread or erasing the contact takes the customer's words out of the gaps", async () => {
    const { say, gaps, sim, keys } = await setup();
    const gone = say('Do you rent kayaks?', 'telegram', 'erased-1');
    const shared = say('Do you ship to Canada?', 'telegram', 'erased-1');
    sim.sandbox.clock.advance('1m');
    const other = say('do you ship to canada', 'instagram', 'stays-1');
    if (!gone.delivered || !shared.delivered || !other.delivered) throw new Error('inbound not delivered');
    // The other customer's sighting is the latest: ask once more from the erased one.
    sim.sandbox.clock.advance('1m');
    say('Do you ship to Canada?', 'telegram', 'erased-1');
    const before = (await gaps()).data;
    expect(before.find((gap) => gap['canonical_question'] === 'do you rent kayaks')).toMatchObject({ conversation_id: gone.conversation.id });
    expect(before.find((gap) => gap['canonical_question'] === 'do you ship to canada')).toMatchObject({ conversation_id: gone.conversation.id, occurrence_count: 3 });

    const erased = await sim.request({ method: 'DELETE', path: `/contacts/${gone.conversation.contact_id}`, key: keys.full });
    expect(erased.status).toBe(200);
    const after = (await gaps({ status: 'all' })).data;
    // Raised by this customer alone: gone. Shared with another: unlinked, quoting the shared question.
    expect(after.find((gap) => gap['canonical_question'] === 'do you rent kayaks')).toBeUndefined();
    expect(after.find((gap) => gap['canonical_question'] === 'do you ship to canada')).toMatchObject({ conversation_id: null, user_message: 'do you ship to canada', occurrence_count: 3 });
    expect(JSON.stringify(after)).not.toContain('Do you rent kayaks?');
    expect(JSON.stringify(after)).not.toContain(`"conversation_id":${gone.conversation.id}`);

    // DELETE /conversations/{id} does the same for its thread; the contact survives.
    const thread = say('Can I bring my dog on a tour?', 'telegram', 'thread-only');
    if (!thread.delivered) throw new Error('inbound not delivered');
    expect((await sim.request({ method: 'DELETE', path: `/conversations/${thread.conversation.id}`, key: keys.full })).status).toBe(200);
    expect((await gaps({ status: 'all' })).data.find((gap) => gap['canonical_question'] === 'can i bring my dog on a tour')).toBeUndefined();
  });

  it('a sandbox gap keeps the I3 rule when some sighting has no known thread (audit 5, N1)', async () => {
    const { say, gaps, sim, id, keys } = await setup();
    const heard = say('hello there', 'telegram', 'n1-sandbox');
    if (!heard.delivered) throw new Error('inbound not delivered');
    const thread = heard.conversation.id;
    // Seen three times, the last in this thread: the two before came from threads nobody named.
    sim.sandbox.createKnowledgeGap(id, { signal_type: 'no_knowledge', channel: 'telegram', user_message: 'Do you sell gift cards?', conversation_id: thread, occurrence_count: 3 });
    // Seen once, in this thread: every sighting's thread is known.
    sim.sandbox.createKnowledgeGap(id, { signal_type: 'no_knowledge', channel: 'telegram', user_message: 'Do you sell maps?', conversation_id: thread });
    expect((await sim.request({ method: 'DELETE', path: `/conversations/${thread}`, key: keys.full })).status).toBe(200);
    const after = (await gaps({ status: 'all' })).data;
    expect(after.find((gap) => gap['canonical_question'] === 'do you sell gift cards')).toMatchObject({ conversation_id: null, user_message: 'do you sell gift cards', occurrence_count: 3 });
    expect(after.find((gap) => gap['canonical_question'] === 'do you sell maps')).toBeUndefined();
  });
});
