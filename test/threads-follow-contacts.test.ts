/**
 * Threads and the overview follow contacts and deletes (audit 5: J1, J6, N1; docs/decisions.md).
 * - J1: a conversation shows its contact's name, email and phone, so changing one moves the
 *   thread's `updated_at` and `GET /conversations?updated_since=` finds it; other contact fields
 *   leave the thread alone.
 * - J6: the overview counts a deleted (or erased) thread among `messages.conversations` and
 *   `usage.conversations.used` as long as its kept analytics rows count as messages.
 * - N1: a shared knowledge gap goes once every thread that raised it is gone.
 * Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

type Json = Record<string, unknown>;
const data = <T = Json>(res: { body: unknown }) => (res.body as { data: T }).data;

/**
 * A whole hour a day after the suite starts: the default seed's threads are stamped relative to the
 * real time the simulator loads it, so a fixed date would fall behind them on later days and
 * `updated_since` would list the seed's threads too.
 */
const T0 = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

function helpers(api: () => RuntimeApi) {
  const key = () => api().keys.full!;
  const accountId = () => api().accounts[0]!.id;
  const call = (method: string, path: string, body?: Json, query?: Record<string, string>) =>
    api().call({ method, path, key: key(), ...(body === undefined ? {} : { body }), ...(query === undefined ? {} : { query }) });
  /** A customer writes in: their contact and thread. */
  const writeIn = (platformUserId: string, text = 'hello', channel: 'telegram' | 'instagram' = 'telegram') => {
    const heard = api().sim.sandbox.inbound(accountId(), { channel, platform_user_id: platformUserId, text });
    if (!heard.delivered) throw new Error('inbound not delivered');
    return heard.conversation;
  };
  const threadIds = async (query: Record<string, string>) => data<Json[]>(await call('GET', '/conversations', undefined, query)).map((c) => c['id']);
  const thread = async (id: number) => data(await call('GET', `/conversations/${id}`));
  return { key, accountId, call, writeIn, threadIds, thread };
}

describeRuntimes('a contact change moves its threads (J1)', (api) => {
  const { call, writeIn, threadIds, thread } = helpers(api);

  it('renaming, a new email or a new phone: updated_since lists the thread and GET shows the new updated_at', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const mine = writeIn('j1-customer');
    const other = writeIn('j1-other');
    for (const [step, body, shows] of [
      [1, { name: 'Mia Renamed' }, { customer_name: 'Mia Renamed' }],
      [2, { email: 'mia@example.com' }, { lead_email: 'mia@example.com' }],
      [3, { phone: '+15550100200' }, { lead_phone: '+15550100200' }],
      [4, { name: '' }, { customer_name: 'j1-customer' }],
    ] as const) {
      const at = T0 + step * 60_000;
      api().sim.sandbox.clock.freeze(at);
      expect((await call('PATCH', `/contacts/${mine.contact_id}`, body)).status).toBe(200);
      expect(await thread(mine.id), JSON.stringify(body)).toMatchObject({ ...shows, updated_at: iso(at) });
      expect(await threadIds({ updated_since: iso(at - 30_000) }), JSON.stringify(body)).toEqual([mine.id]);
    }
    expect((await thread(other.id))['updated_at']).toBe(iso(T0));
  });

  it('fires contact.updated and no conversation event: only updated_at moved', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const mine = writeIn('j1-events');
    const journal = (after?: number) => api().sim.sandbox.events(api().accounts[0]!.id, { limit: 1000, ...(after === undefined ? {} : { after }) });
    let last: number | undefined;
    for (let page = journal(); page.length > 0; page = journal(last)) last = Number(page[page.length - 1]!.id.replace(/^evt_/, ''));
    api().sim.sandbox.clock.freeze(T0 + 60_000);
    expect((await call('PATCH', `/contacts/${mine.contact_id}`, { name: 'Evented', email: 'evented@example.com' })).status).toBe(200);
    expect((await thread(mine.id))['updated_at']).toBe(iso(T0 + 60_000));
    const fired = journal(last).map((event) => event.type);
    expect(fired).toContain('contact.updated');
    expect(fired.filter((type) => type.startsWith('conversation.'))).toEqual([]);
  });

  it('POST /contacts updating the name moves the thread too', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const mine = writeIn('j1-upsert');
    api().sim.sandbox.clock.freeze(T0 + 60_000);
    expect((await call('POST', '/contacts', { channel: 'telegram', platform_user_id: 'j1-upsert', name: 'Upserted Name' })).status).toBe(200);
    expect(await thread(mine.id)).toMatchObject({ customer_name: 'Upserted Name', updated_at: iso(T0 + 60_000) });
  });

  it('a stage, notes, tag or same-value change leaves the thread alone; a rename after them moves it', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const mine = writeIn('j1-quiet');
    expect((await call('PATCH', `/contacts/${mine.contact_id}`, { name: 'Quiet One' })).status).toBe(200);
    api().sim.sandbox.clock.freeze(T0 + 60_000);
    for (const body of [{ stage: 'qualified' }, { notes: 'called back' }, { name: 'Quiet One' }]) {
      expect((await call('PATCH', `/contacts/${mine.contact_id}`, body)).status).toBe(200);
    }
    expect((await call('POST', `/contacts/${mine.contact_id}/tags`, { name: 'vip' })).status).toBe(200);
    expect((await thread(mine.id))['updated_at']).toBe(iso(T0));
    expect(await threadIds({ updated_since: iso(T0 + 30_000) })).toEqual([]);
    api().sim.sandbox.clock.freeze(T0 + 120_000);
    expect((await call('PATCH', `/contacts/${mine.contact_id}`, { name: 'Loud One' })).status).toBe(200);
    expect(await threadIds({ updated_since: iso(T0 + 30_000) })).toEqual([mine.id]);
  });
});

describeRuntimes('the overview keeps deleted threads it counts messages of (J6)', (api) => {
  const { call, writeIn } = helpers(api);
  const overview = async () => {
    const o = data<{ messages: { inbound: Json; conversations: Json }; usage: { conversations: { used: number } } }>(await call('GET', '/analytics/overview'));
    return { inbound: o.messages.inbound['current'], threads: o.messages.conversations['current'], used: o.usage.conversations.used };
  };

  it('DELETE /conversations and DELETE /contacts leave messages.conversations and usage.conversations.used as they were', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const deleted = writeIn('j6-deleted');
    const erased = writeIn('j6-erased');
    writeIn('j6-erased', 'still there?');
    const before = await overview();

    const removed = await call('DELETE', `/conversations/${deleted.id}`);
    expect(removed.status).toBe(200);
    expect(data<{ removed: { metrics_detached: number } }>(removed).removed.metrics_detached).toBe(1);
    expect(await overview()).toEqual(before);

    expect((await call('DELETE', `/contacts/${erased.contact_id}`)).status).toBe(200);
    expect(await overview()).toEqual(before);

    // The kept thread ids survive a snapshot and its restore (the record check accepts them).
    const snapshot = api().sim.sandbox.snapshot();
    api().sim.sandbox.reset();
    api().sim.sandbox.restore(snapshot);
    expect(await overview()).toEqual(before);

    // A new thread still adds one, and the deleted ones are not counted twice.
    writeIn('j6-new');
    expect(await overview()).toEqual({ inbound: Number(before.inbound) + 1, threads: Number(before.threads) + 1, used: before.used + 1 });
  });
});

describeRuntimes('a shared knowledge gap goes with the last thread that raised it (N1)', (api) => {
  const { call, writeIn } = helpers(api);
  /** The AI answers at once: a question is heard when its reply goes out (audit 8, N2), not after the seed's batch window. */
  const answerAtOnce = () => call('PATCH', '/ai/config', { file_handling: { enabled: false }, behavior: { batch_messages: false } });
  const gapFor = async (canonical: string) =>
    data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { status: 'all', limit: '100' })).find((gap) => gap['canonical_question'] === canonical);

  it('erasing every customer who raised it removes the gap; while one is left it stays, unlinked once its latest goes', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await answerAtOnce();
    const first = writeIn('n1-first', 'Do you sell inflatable kayaks?');
    api().sim.sandbox.clock.freeze(T0 + 60_000);
    const second = writeIn('n1-second', 'do you sell inflatable kayaks');
    expect(await gapFor('do you sell inflatable kayaks')).toMatchObject({ occurrence_count: 2, conversation_id: second.id });

    // The earlier customer goes: the latest sighting is someone else's and stays as it was.
    expect((await call('DELETE', `/contacts/${first.contact_id}`)).status).toBe(200);
    expect(await gapFor('do you sell inflatable kayaks')).toMatchObject({ conversation_id: second.id, user_message: 'do you sell inflatable kayaks' });

    // Which threads raised the gap is state: it survives a snapshot and its restore.
    const snapshot = api().sim.sandbox.snapshot();
    api().sim.sandbox.reset();
    api().sim.sandbox.restore(snapshot);
    expect((await call('DELETE', `/contacts/${second.contact_id}`)).status).toBe(200);
    expect(await gapFor('do you sell inflatable kayaks')).toBeUndefined();
  });

  it('the latest customer goes first (unlinked, I3), then the other thread is deleted: the gap goes', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await answerAtOnce();
    const first = writeIn('n1-a', 'Do you rent paddle boards?');
    api().sim.sandbox.clock.freeze(T0 + 60_000);
    const second = writeIn('n1-b', 'Do you rent paddle boards?');
    expect((await call('DELETE', `/conversations/${second.id}`)).status).toBe(200);
    expect(await gapFor('do you rent paddle boards')).toMatchObject({ conversation_id: null, user_message: 'do you rent paddle boards', occurrence_count: 2 });
    expect((await call('DELETE', `/conversations/${first.id}`)).status).toBe(200);
    expect(await gapFor('do you rent paddle boards')).toBeUndefined();
  });

  it('a gap one customer raised twice goes with their thread: nobody else shares it', async () => {
    api().sim.sandbox.clock.freeze(T0);
    await answerAtOnce();
    const only = writeIn('n1-twice', 'Do you repair wetsuits?');
    writeIn('n1-twice', 'Do you repair wetsuits?');
    expect(await gapFor('do you repair wetsuits')).toMatchObject({ occurrence_count: 2, conversation_id: only.id });
    expect((await call('DELETE', `/conversations/${only.id}`)).status).toBe(200);
    expect(await gapFor('do you repair wetsuits')).toBeUndefined();
  });
});
