/**
 * A restore builds every collection's indexes off to the side and checks unique keys while it
 * builds them (src/store/bulk-load.ts), then swaps them in only once the whole state passed.
 * Through POST /_sandbox/restore in both runtimes: a unique key held twice is refused naming the
 * second record, a state refused after its contacts were built (a bad reference) leaves the
 * live indexes as they were, and a restored state answers from its own indexes, also when it is
 * large enough that its list indexes are built after the restore answered.
 */
import { expect, it } from 'vitest';
import type { SimulatorSnapshot } from '../src/simulator.js';
import { DEFER_SECONDARIES_ABOVE } from '../src/store/collection.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

interface StoredContact {
  id: number;
  account_id: number;
  channel: string;
  platform_user_id: string;
  tag_ids: number[];
}

const START = '2026-03-02T09:00:00Z';

/** The live state as a plain copy, with its contacts and contact sequence at hand. */
function copyOf(api: RuntimeApi): { snapshot: SimulatorSnapshot; contacts: StoredContact[]; nextId: () => number } {
  const snapshot = JSON.parse(JSON.stringify(api.sim.snapshot())) as SimulatorSnapshot;
  const contacts = (snapshot.store.collections as Record<string, unknown[]>)['contacts'] as StoredContact[];
  const nextId = (): number => {
    const id = (snapshot.store.sequences['contact'] ?? 0) + 1;
    snapshot.store.sequences['contact'] = id;
    return id;
  };
  return { snapshot, contacts, nextId };
}

async function upsert(api: RuntimeApi, channel: string, platformUserId: string): Promise<number> {
  const response = await api.call({ method: 'POST', path: '/contacts', key: api.keys.write, body: { channel, platform_user_id: platformUserId } });
  return response.status;
}

describeRuntimes(
  'restore builds indexes off to the side',
  (api) => {
    const operator = (): Record<string, string> => ({ 'X-Sandbox-Token': api().sim.controlToken });

    it('refuses a unique key held twice, naming the second record, and changes nothing', async () => {
      expect(await upsert(api(), 'telegram', 'live-before')).toBe(201);
      const { snapshot, contacts, nextId } = copyOf(api());
      const first = contacts.find((contact) => contact.account_id === api().accounts[0]!.id)!;
      contacts.push({ ...first, id: nextId() });
      const refused = await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator(), body: snapshot });
      expect(refused.status).toBe(400);
      const error = (refused.body as { error: { code: string; param: string; message: string } }).error;
      expect(error.code).toBe('invalid_param');
      expect(error.param).toBe(`store.collections.contacts[${contacts.length - 1}]`);
      expect(error.message).toContain(`a second record with the same identity (${first.account_id}|${first.channel}|${first.platform_user_id})`);
      // The live identity index is the one from before: the contact is found, not created again.
      expect(await upsert(api(), 'telegram', 'live-before')).toBe(200);
    });

    it('a state refused after its contacts were built (a bad reference) leaves the live indexes as they were', async () => {
      expect(await upsert(api(), 'telegram', 'live-kept')).toBe(201);
      const { snapshot, contacts, nextId } = copyOf(api());
      const accountId = api().accounts[0]!.id;
      const template = contacts.find((contact) => contact.account_id === accountId)!;
      contacts.push({ ...template, id: nextId(), channel: 'telegram', platform_user_id: 'only-in-refused', tag_ids: [] });
      contacts.push({ ...template, id: nextId(), channel: 'telegram', platform_user_id: 'bad-tag', tag_ids: [987_654_321] });
      const refused = await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator(), body: snapshot });
      expect(refused.status).toBe(400);
      expect((refused.body as { error: { param: string } }).error.param).toBe(`store.collections.contacts[${contacts.length - 1}].tag_ids`);
      expect(await upsert(api(), 'telegram', 'only-in-refused')).toBe(201);
      expect(await upsert(api(), 'telegram', 'live-kept')).toBe(200);
    });

    it('a restored state answers from its own indexes: keys, accounts and filters', async () => {
      const { snapshot, contacts, nextId } = copyOf(api());
      const accountId = api().accounts[0]!.id;
      const template = contacts.find((contact) => contact.account_id === accountId)!;
      const added = Array.from({ length: 300 }, (_, i) => ({ ...template, id: nextId(), channel: 'telegram', platform_user_id: `restored-${i}`, tag_ids: [] }));
      contacts.push(...added);
      expect(await upsert(api(), 'telegram', 'gone-after-restore')).toBe(201);
      const restored = await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator(), body: snapshot });
      expect(restored.status).toBe(200);
      expect(await upsert(api(), 'telegram', 'restored-7')).toBe(200);
      expect(await upsert(api(), 'telegram', 'gone-after-restore')).toBe(201);
      const telegram = await api().call({ path: '/contacts', key: api().keys.read, query: { channel: 'telegram', limit: 100 } });
      expect(telegram.status).toBe(200);
      const listed = (telegram.body as { data: { id: number }[] }).data.map((contact) => contact.id);
      // Newest first: the contact created after the restore, then the restored ones from the top.
      expect(listed.slice(1, 4)).toEqual([added[299]!.id, added[298]!.id, added[297]!.id]);
    });

    it('a restore too large to build its list indexes at once answers every request as if it had', async () => {
      const { snapshot, contacts, nextId } = copyOf(api());
      const accountId = api().accounts[0]!.id;
      const template = contacts.find((contact) => contact.account_id === accountId)!;
      const count = DEFER_SECONDARIES_ABOVE + 1 - contacts.length;
      const added = Array.from({ length: count }, (_, i) => ({ ...template, id: nextId(), channel: i % 2 === 0 ? 'telegram' : 'whatsapp', platform_user_id: `big-${i}`, tag_ids: [] }));
      contacts.push(...added);
      const restored = await api().call({ method: 'POST', path: '/_sandbox/restore', headers: operator(), body: snapshot });
      expect(restored.status).toBe(200);
      // Over DEFER_SECONDARIES_ABOVE contacts: the list indexes are not built yet (bulk-load.test.ts
      // shows it on the collection). A write first: it builds the deferred indexes before it changes them.
      expect(await upsert(api(), 'telegram', 'after-big-restore')).toBe(201);
      expect(await upsert(api(), 'whatsapp', 'big-1')).toBe(200);
      const telegram = await api().call({ path: '/contacts', key: api().keys.read, query: { channel: 'telegram', limit: 3 } });
      const listed = (telegram.body as { data: { platform_user_id: string }[] }).data.map((contact) => contact.platform_user_id);
      const lastTelegram = added.filter((contact) => contact.channel === 'telegram').slice(-2);
      expect(listed).toEqual(['after-big-restore', lastTelegram[1]!.platform_user_id, lastTelegram[0]!.platform_user_id]);
    });
  },
  { clock: { frozenAt: START } },
);
