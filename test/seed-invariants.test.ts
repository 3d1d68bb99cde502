/**
 * The default seed is a state the API could have made: it passes every check a restore applies
 * (store/rules.ts), and what the API orders by id agrees with its timestamps.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { eventCatalogueOf, instantiateGroups } from '../src/groups/compose.js';
import { registry } from '../src/resources/index.js';
import { createSimulator } from '../src/simulator.js';
import { testCoreServices } from './support/core.js';

const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', clock: { frozenAt: '2026-03-01T12:00:00+00:00' } });
type Row = { id: number; created_at: string; expires_at?: string };

async function all(path: string, key: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const res = await sim.request({ path, key, query: { limit: 100, ...(cursor ? { starting_after: cursor } : {}) } });
    const body = res.body as { data: Row[]; next_cursor: string | null };
    rows.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return rows;
}

describe('the default seed', () => {
  it('passes every invariant a restore checks (restoring its own snapshot succeeds)', () => {
    const before = sim.snapshot();
    expect(() => sim.restore(before)).not.toThrow();
    expect(sim.snapshot()).toEqual(before);
  });

  it('declares record rules for every collection of every group, so a restore can check them all', () => {
    const core = testCoreServices(eventCatalogueOf(registry).map((event) => event.name));
    instantiateGroups(registry, core);
    expect(core.store.collectionNames().length).toBeGreaterThan(15);
    expect(core.store.unchecked()).toEqual([]);
  });

  for (const account of sim.accounts.filter((candidate) => candidate.addon === 'active')) {
    const key = account.keys.read!;

    it(`account ${account.id}: newest-first lists agree with created_at (conversations, contacts, messages)`, async () => {
      for (const path of ['/conversations', '/contacts']) {
        const rows = await all(path, key);
        for (let i = 1; i < rows.length; i++) {
          expect(rows[i - 1]!.created_at >= rows[i]!.created_at, `${path}: ${rows[i - 1]!.id} before ${rows[i]!.id}`).toBe(true);
        }
      }
      for (const conversation of (await all('/conversations', key)).slice(0, 10)) {
        const messages = await all(`/conversations/${conversation.id}/messages`, key);
        for (let i = 1; i < messages.length; i++) expect(messages[i - 1]!.created_at >= messages[i]!.created_at).toBe(true);
      }
    });

    it(`account ${account.id}: a pending invitation expires 7 days after it was sent (8)`, async () => {
      const res = await sim.request({ path: '/team/invitations', key });
      for (const invitation of (res.body as { data: Row[] }).data) {
        expect(Date.parse(invitation.expires_at!) - Date.parse(invitation.created_at)).toBe(7 * 24 * 3_600_000);
      }
    });
  }
});
