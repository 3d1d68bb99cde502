/**
 * The bounded event journal (issue 12 item 5; docs/decisions.md, "Bounded event journal"): at most
 * EVENT_KEEP_PER_ACCOUNT events per account (plus the prune slack), the last 24 hours of virtual
 * time served, events a webhook delivery still refers to kept whatever their age, every event
 * served exactly as it was emitted, and `?type=` read from an index.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_KEEP_PER_ACCOUNT, EVENT_PRUNE_SLACK, type PublicEvent } from '../src/core/events.js';
import { testSimulator } from './support/simulator.js';
import { addEndpoint, webhookSimulator, type WebhookHarness } from './support/webhook-setup.js';

const START = '2026-03-02T09:00:00Z';
const HOUR = 60 * 60 * 1000;

type Sim = ReturnType<typeof testSimulator>['sim'];

function journalIds(sim: Sim, accountId: number): number[] {
  return (sim.snapshot().store.collections['events'] ?? []).filter((event) => event.account_id === accountId).map((event) => event.id);
}

function served(sim: Sim, accountId: number, options: { type?: string } = {}): PublicEvent[] {
  const out: PublicEvent[] = [];
  let after: number | undefined;
  for (;;) {
    const page = sim.sandbox.events(accountId, { ...options, limit: 100, ...(after !== undefined ? { after } : {}) });
    out.push(...page);
    if (page.length < 100) return out;
    after = Number(page[page.length - 1]!.id.replace(/^evt_/, ''));
  }
}

describe('event journal bound by count', () => {
  it('keeps at most the cap plus the slack per account, drops the oldest, and serves the rest unchanged', () => {
    const { sim } = testSimulator({ clock: { frozenAt: START } });
    const emitted: PublicEvent[] = [];
    const total = EVENT_KEEP_PER_ACCOUNT + EVENT_PRUNE_SLACK + 500;
    for (let i = 0; i < total; i++) {
      emitted.push(sim.sandbox.emitEvent(2, i % 3 === 0 ? 'lead.captured' : 'contact.updated', { contact: { id: i, name: `Person ${i}` } }));
      if (i % 1000 === 999) expect(journalIds(sim, 2).length).toBeLessThanOrEqual(EVENT_KEEP_PER_ACCOUNT + EVENT_PRUNE_SLACK);
    }
    const kept = journalIds(sim, 2);
    expect(kept.length).toBeLessThanOrEqual(EVENT_KEEP_PER_ACCOUNT + EVENT_PRUNE_SLACK);
    // The newest are the ones kept, and each is served exactly as emitted.
    const all = served(sim, 2);
    expect(all).toEqual(emitted.slice(emitted.length - all.length));
    expect(all.length).toBe(kept.length);
    // Another account's journal is its own: nothing of it was pruned.
    const other = sim.sandbox.emitEvent(3, 'lead.captured', { n: 1 });
    expect(served(sim, 3)).toContainEqual(other);
  }, 20_000);
});

describe('event journal bound by time', () => {
  it('serves the last 24 hours and drops older events once the clock moved on', () => {
    const { sim } = testSimulator({ clock: { frozenAt: START } });
    const old = sim.sandbox.emitEvent(2, 'contact.updated', { n: 'old' });
    sim.sandbox.clock.advance(23 * HOUR);
    const recent = sim.sandbox.emitEvent(2, 'contact.updated', { n: 'recent' });
    expect(served(sim, 2)).toEqual(expect.arrayContaining([old, recent]));
    sim.sandbox.clock.advance(2 * HOUR);
    // Past 24 hours: no longer served, even before anything pruned it.
    expect(served(sim, 2)).not.toContainEqual(old);
    expect(served(sim, 2)).toContainEqual(recent);
    const latest = sim.sandbox.emitEvent(2, 'contact.updated', { n: 'latest' });
    expect(journalIds(sim, 2)).not.toContain(Number(old.id.replace(/^evt_/, '')));
    expect(served(sim, 2)).toEqual(expect.arrayContaining([recent, latest]));
  });
});

describe('events a webhook delivery refers to', () => {
  let harness: WebhookHarness | undefined;
  afterEach(async () => harness?.close());

  it('are kept past the window (the delivery sends them from the journal), and the state still restores', async () => {
    harness = webhookSimulator();
    const { sim, admin } = harness;
    // Nothing listens on the discard port: the delivery fails and retries, referring to its event.
    await addEndpoint(harness, 'http://127.0.0.1:9/hook', { key: admin, body: { events: ['lead.captured'] } });
    const account = harness.accounts[0]!.id;
    const delivered = sim.sandbox.emitEvent(account, 'lead.captured', { n: 'delivered' });
    const notDelivered = sim.sandbox.emitEvent(account, 'contact.updated', { n: 'not delivered' });
    sim.sandbox.clock.advance(25 * HOUR);
    sim.sandbox.emitEvent(account, 'contact.updated', { n: 'next' });
    const ids = journalIds(sim, account);
    expect(ids).toContain(Number(delivered.id.replace(/^evt_/, '')));
    expect(ids).not.toContain(Number(notDelivered.id.replace(/^evt_/, '')));
    expect(served(sim, account)).not.toContainEqual(delivered);
    const snapshot = sim.snapshot();
    const target = testSimulator().sim;
    expect(() => target.restore(snapshot)).not.toThrow();
  });
});

describe('GET /_sandbox/events?type=', () => {
  it('reads one type through its index: that type only, oldest first, after an id', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const leads: PublicEvent[] = [];
    for (let i = 0; i < 30; i++) {
      const event = sim.sandbox.emitEvent(1, i % 5 === 0 ? 'lead.captured' : 'contact.updated', { i });
      if (event.type === 'lead.captured') leads.push(event);
    }
    const res = await sim.request({ path: '/_sandbox/events', key: keys.read, query: { type: 'lead.captured', limit: 100 } });
    expect(res.status).toBe(200);
    const page = (res.body as { data: PublicEvent[] }).data;
    const ours = page.filter((event) => leads.some((lead) => lead.id === event.id));
    expect(ours).toEqual(leads);
    expect(page.every((event) => event.type === 'lead.captured')).toBe(true);
    const after = Number(leads[2]!.id.replace(/^evt_/, ''));
    expect(sim.sandbox.events(1, { type: 'lead.captured', after })).toEqual(leads.slice(3));
  });
});
