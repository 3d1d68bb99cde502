/** Knowledge base (2.19, 4.12, 8): the shared cap, FAQs and indexing, services, documents. */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const FROZEN = '2026-03-02T15:00:00+00:00';
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const list = (res: { body: unknown }) => (res.body as { data: Json[]; has_more: boolean; next_cursor: string | null });
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;

function setup() {
  const t = testSimulator({ clock: { frozenAt: FROZEN } });
  const { sim, keys } = t;
  const usage = async (key = keys.read) => data(await sim.request({ path: '/knowledge', key })) as { items: Json & { breakdown: Json }; document_storage: Json };
  const faq = (body: unknown, key = keys.write) => sim.request({ method: 'POST', path: '/knowledge/faqs', key, body });
  const service = (body: unknown, key = keys.write) => sim.request({ method: 'POST', path: '/knowledge/services', key, body });
  return { ...t, usage, faq, service };
}

describe('GET /knowledge', () => {
  it('counts FAQs, services and documents against one cap, and document storage', async () => {
    const { usage, accounts } = setup();
    expect(await usage()).toEqual({
      items: { current: 17, limit: 2000, remaining: 1983, can_add: true, breakdown: { faqs: 6, services: 6, documents: 5 } },
      document_storage: { available: true, current_mb: 5.24, limit_mb: 1000 },
    });
    expect((await usage(accounts[3]!.keys.read)).document_storage).toEqual({ available: false, current_mb: 0, limit_mb: 0 });
    expect((await usage(accounts[2]!.keys.read)).items).toMatchObject({ limit: 100 });
  });

  it('refuses the item past the cap with 403 plan_limit_reached, whatever its kind', async () => {
    const { usage, faq, service, sim, accounts, keys } = setup();
    const id = accounts[0]!.id;
    expect(sim.sandbox.setKnowledgeLimit(id, { items: 19 }).items).toMatchObject({ limit: 19, remaining: 2, can_add: true });
    expect((await faq({ question: 'Q1?', answer: 'A' })).status).toBe(201);
    expect((await service({ name: 'S1', price: 1 })).status).toBe(201);
    expect((await usage()).items).toMatchObject({ current: 19, remaining: 0, can_add: false });
    for (const res of [await faq({ question: 'Q2?', answer: 'A' }), await service({ name: 'S2', price: 1 })]) {
      expect(res.status).toBe(403);
      expect(error(res).code).toBe('plan_limit_reached');
    }
    expect(() => sim.sandbox.addDocument(id, { name: 'x.pdf', type: 'pdf', size_bytes: 10 })).toThrow(/at most 19 items/);
    // Deleting any kind frees a place for any other kind.
    const docs = list(await sim.request({ path: '/knowledge/documents', key: keys.read }));
    expect((await sim.request({ method: 'DELETE', path: `/knowledge/documents/${docs.data[0]!['id']}`, key: keys.write })).status).toBe(200);
    expect((await faq({ question: 'Q3?', answer: 'A' })).status).toBe(201);
    sim.sandbox.setKnowledgeLimit(id, { items: null });
    expect((await usage()).items).toMatchObject({ limit: 2000 });
  });
});

describe('FAQs', () => {
  it('creates with 201, keywords trimmed and joined, indexing pending for 3 seconds of virtual time', async () => {
    const { faq, sim, keys } = setup();
    const res = await faq({ question: 'Can I bring my dog?', answer: 'Yes, on a lead.', keywords: ' dog, pets ,,  leash ' });
    expect(res.status).toBe(201);
    const created = data(res);
    expect(created).toEqual({
      id: expect.any(Number),
      question: 'Can I bring my dog?',
      answer: 'Yes, on a lead.',
      keywords: 'dog, pets, leash',
      category_id: null,
      active: true,
      usage_count: 0,
      has_embedding: false,
      source: 'api',
      created_at: FROZEN,
      embedding_pending: true,
    });
    const read = data(await sim.request({ path: `/knowledge/faqs/${created['id']}`, key: keys.read }));
    expect(read).not.toHaveProperty('embedding_pending');
    sim.sandbox.clock.advance('2s');
    expect(data(await sim.request({ path: `/knowledge/faqs/${created['id']}`, key: keys.read }))['has_embedding']).toBe(false);
    sim.sandbox.clock.advance('1s');
    expect(data(await sim.request({ path: `/knowledge/faqs/${created['id']}`, key: keys.read }))['has_embedding']).toBe(true);
  });

  it('re-indexes when content changes, not when only active changes', async () => {
    const { faq, sim, keys } = setup();
    const id = data(await faq({ question: 'Q?', answer: 'A' }))['id'];
    sim.sandbox.clock.advance('5s');
    const patch = (body: unknown) => sim.request({ method: 'PATCH', path: `/knowledge/faqs/${id}`, key: keys.write, body });
    expect(data(await patch({ active: false }))).toMatchObject({ active: false, embedding_pending: false, has_embedding: true });
    expect(data(await patch({ answer: 'A' }))).toMatchObject({ embedding_pending: false });
    expect(data(await patch({ answer: 'B' }))).toMatchObject({ answer: 'B', embedding_pending: true, has_embedding: false });
    sim.sandbox.clock.advance('3s');
    expect(data(await patch({ keywords: 'x' }))).toMatchObject({ keywords: 'x', embedding_pending: true });
    sim.sandbox.clock.advance('3s');
    expect(data(await patch({ keywords: '' }))).toMatchObject({ keywords: null, embedding_pending: true });
  });

  it('lists active FAQs newest first; include_inactive adds the inactive ones', async () => {
    const { sim, keys } = setup();
    const active = list(await sim.request({ path: '/knowledge/faqs', key: keys.read }));
    expect(active.data.map((f) => f['question'])).toEqual([
      'Do you ship orders?',
      'What is your return policy?',
      'How does a boot fitting work?',
      'Do you rent tents and camping gear?',
      'What are your opening hours?',
    ]);
    const all = list(await sim.request({ path: '/knowledge/faqs', key: keys.read, query: { include_inactive: 'true', limit: 2 } }));
    expect(all.data.map((f) => f['question'])).toEqual(['Do you sell gift cards?', 'Do you ship orders?']);
    expect(all.has_more).toBe(true);
    expect(error(await sim.request({ path: '/knowledge/faqs', key: keys.read, query: { include_inactive: 'yes' } }))).toMatchObject({ param: 'include_inactive' });
  });

  const bad: [string, Json, string][] = [
    ['no question', { answer: 'a' }, 'question'],
    ['a blank question', { question: '  ', answer: 'a' }, 'question'],
    ['a question of 1,001', { question: 'q'.repeat(1001), answer: 'a' }, 'question'],
    ['no answer', { question: 'q' }, 'answer'],
    ['an answer of 10,001', { question: 'q', answer: 'a'.repeat(10_001) }, 'answer'],
    ['keywords as an array', { question: 'q', answer: 'a', keywords: ['a'] }, 'keywords'],
    ['active as a string', { question: 'q', answer: 'a', active: 'true' }, 'active'],
    ['an unknown field', { question: 'q', answer: 'a', category_id: 3 }, 'category_id'],
  ];
  for (const [label, body, param] of bad) {
    it(`refuses ${label} with 400 naming ${param}`, async () => {
      const { faq, usage } = setup();
      const res = await faq(body);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param });
      expect((await usage()).items['current']).toBe(17);
    });
  }

  it('accepts the edges of 1,000 and 10,000 characters', async () => {
    const { faq } = setup();
    expect((await faq({ question: 'q'.repeat(1000), answer: 'a'.repeat(10_000) })).status).toBe(201);
  });

  it('refuses an empty PATCH, answers 404 for another account’s FAQ, deletes', async () => {
    const { faq, sim, keys, accounts } = setup();
    const id = data(await faq({ question: 'Q?', answer: 'A' }))['id'];
    expect((await sim.request({ method: 'PATCH', path: `/knowledge/faqs/${id}`, key: keys.write, body: {} })).status).toBe(400);
    expect((await sim.request({ path: `/knowledge/faqs/${id}`, key: accounts[1]!.keys.read })).status).toBe(404);
    const removed = await sim.request({ method: 'DELETE', path: `/knowledge/faqs/${id}`, key: keys.write });
    expect(data(removed)).toEqual({ id, object: 'faq', deleted: true });
    expect((await sim.request({ method: 'DELETE', path: `/knowledge/faqs/${id}`, key: keys.write })).status).toBe(404);
    expect(error(await faq({ question: 'Q?', answer: 'A' }, keys.read)).code).toBe('insufficient_scope');
  });
});

describe('services', () => {
  it('answers price as a two-decimal string and fills the defaults', async () => {
    const { service } = setup();
    const res = await service({ name: 'Wax', price: 10.005, currency: 'usd' });
    expect(res.status).toBe(201);
    expect(data(res)).toEqual({
      id: expect.any(Number),
      name: 'Wax',
      price: '10.01',
      price_unit: 'fixed',
      currency: 'USD',
      description: null,
      duration_minutes: null,
      display_order: 0,
      category_id: null,
      active: true,
      is_virtual: false,
      image_url: null,
      created_at: FROZEN,
    });
    expect(data(await service({ name: 'Free', price: 0, price_unit: 'quote', currency: null }))).toMatchObject({ price: '0.00', price_unit: 'quote' });
  });

  it('honours is_virtual only with a connected calendar and Meet invites on', async () => {
    const { service, sim, accounts } = setup();
    expect(data(await service({ name: 'Call', price: 1, is_virtual: true }))['is_virtual']).toBe(true);
    const pro = accounts[1]!;
    const stored = data(await service({ name: 'Call', price: 1, is_virtual: true }, pro.keys.write));
    expect(stored['is_virtual']).toBe(false);
    await sim.request({ method: 'PATCH', path: '/ai/config', key: pro.keys.admin, body: { booking: { google_meet_invites: true } } });
    const patched = await sim.request({ method: 'PATCH', path: `/knowledge/services/${stored['id']}`, key: pro.keys.write, body: { is_virtual: true } });
    expect(data(patched)['is_virtual']).toBe(true);
  });

  const bad: [string, Json, string][] = [
    ['no price', { name: 'x' }, 'price'],
    ['a negative price', { name: 'x', price: -0.01 }, 'price'],
    ['a price as text', { name: 'x', price: '5' }, 'price'],
    ['no name', { price: 1 }, 'name'],
    ['a name of 201', { name: 'n'.repeat(201), price: 1 }, 'name'],
    ['an unknown currency', { name: 'x', price: 1, currency: 'ABC' }, 'currency'],
    ['an unknown price unit', { name: 'x', price: 1, price_unit: 'daily' }, 'price_unit'],
    ['a zero duration', { name: 'x', price: 1, duration_minutes: 0 }, 'duration_minutes'],
    ['a read-only image_url', { name: 'x', price: 1, image_url: 'https://cdn.test/a.png' }, 'image_url'],
  ];
  for (const [label, body, param] of bad) {
    it(`refuses ${label} with 400 naming ${param}`, async () => {
      const { service } = setup();
      expect(error(await service(body))).toMatchObject({ code: 'invalid_param', param });
    });
  }

  it('lists newest first, gets, patches, deletes; bookable services follow active and display order', async () => {
    const { service, sim, keys } = setup();
    const id = data(await service({ name: 'Early bird', price: 5, display_order: 0, duration_minutes: 20 }))['id'];
    expect(list(await sim.request({ path: '/knowledge/services', key: keys.read, query: { limit: 1 } })).data[0]!['id']).toBe(id);
    expect(data(await sim.request({ path: `/knowledge/services/${id}`, key: keys.read }))['name']).toBe('Early bird');
    const booking = async () =>
      ((data(await sim.request({ path: '/ai/config', key: keys.read }))['booking'] as Json)['bookable_services'] as Json[]).map((s) => s['name']);
    expect((await booking())[0]).toBe('Early bird');
    const patched = await sim.request({ method: 'PATCH', path: `/knowledge/services/${id}`, key: keys.write, body: { active: false, price: 7.5 } });
    expect(data(patched)).toMatchObject({ active: false, price: '7.50', duration_minutes: 20 });
    expect(await booking()).not.toContain('Early bird');
    expect(data(await sim.request({ method: 'DELETE', path: `/knowledge/services/${id}`, key: keys.write }))).toEqual({ id, object: 'service', deleted: true });
    expect((await sim.request({ path: `/knowledge/services/${id}`, key: keys.read })).status).toBe(404);
  });

  it('shows every bookable service with the duration a booking of it takes: its own, else 30 minutes (2.17, 8; audit 16b L1)', async () => {
    const { service, sim, keys } = setup();
    const timed = data(await service({ name: 'Timed', price: 5, duration_minutes: 45, display_order: 0 }))['id'];
    const untimed = data(await service({ name: 'Untimed', price: 5, display_order: 0 }))['id'];
    expect(data(await sim.request({ path: `/knowledge/services/${untimed}`, key: keys.read }))['duration_minutes']).toBeNull();
    const rows = ((data(await sim.request({ path: '/ai/config', key: keys.read }))['booking'] as Json)['bookable_services'] as Json[]);
    expect(rows.find((row) => row['id'] === timed)).toMatchObject({ duration_minutes: 45 });
    expect(rows.find((row) => row['id'] === untimed)).toMatchObject({ duration_minutes: 30 });
    for (const row of rows) expect(Number.isInteger(row['duration_minutes'])).toBe(true);
  });
});

describe('documents', () => {
  it('has no create route (405 with Allow)', async () => {
    const { sim, keys } = setup();
    const res = await sim.request({ method: 'POST', path: '/knowledge/documents', key: keys.write, body: { name: 'x' } });
    expect(res.status).toBe(405);
    expect(res.headers['Allow']).toBe('GET');
  });

  it('moves embedding_status on the virtual clock; metadata only', async () => {
    const { sim, keys, accounts } = setup();
    const added = sim.sandbox.addDocument(accounts[0]!.id, { name: 'Guide.pdf', type: 'pdf', size_bytes: 250_000 });
    expect(added).toMatchObject({ embedding_status: 'pending', embedding_count: 0, last_embedded_at: null, url: null, active: true });
    const read = async () => data(await sim.request({ path: `/knowledge/documents/${added.id}`, key: keys.read }));
    sim.sandbox.clock.advance('2s');
    expect(await read()).toMatchObject({ embedding_status: 'processing' });
    sim.sandbox.clock.advance('8s');
    expect(await read()).toEqual({
      id: added.id,
      name: 'Guide.pdf',
      type: 'pdf',
      url: null,
      active: true,
      size_bytes: 250_000,
      embedding_status: 'completed',
      embedding_count: 63,
      last_embedded_at: '2026-03-02T15:00:10+00:00',
      created_at: FROZEN,
    });
    const failed = sim.sandbox.addDocument(accounts[0]!.id, { name: 'Scan.pdf', type: 'pdf', size_bytes: 1000, fail: true });
    sim.sandbox.clock.advance('1m');
    expect(data(await sim.request({ path: `/knowledge/documents/${failed.id}`, key: keys.read }))).toMatchObject({ embedding_status: 'failed', embedding_count: 0 });
  });

  it('renames and switches off without a new embedding; delete removes the embeddings', async () => {
    const { sim, keys, accounts } = setup();
    const id = sim.sandbox.addDocument(accounts[0]!.id, { name: 'Guide.pdf', type: 'pdf', size_bytes: 8_000 }).id;
    sim.sandbox.clock.advance('1m');
    const patched = await sim.request({ method: 'PATCH', path: `/knowledge/documents/${id}`, key: keys.write, body: { name: 'Renamed.pdf', active: false } });
    expect(data(patched)).toMatchObject({ name: 'Renamed.pdf', active: false, embedding_status: 'completed', embedding_count: 2 });
    expect(error(await sim.request({ method: 'PATCH', path: `/knowledge/documents/${id}`, key: keys.write, body: { type: 'txt' } }))).toMatchObject({ param: 'type' });
    const removed = await sim.request({ method: 'DELETE', path: `/knowledge/documents/${id}`, key: keys.write });
    expect(data(removed)).toEqual({ id, object: 'document', deleted: true, embeddings_removed: 2 });
  });

  it('needs document storage: none on free, and the plan’s megabytes elsewhere', async () => {
    const { sim, accounts } = setup();
    expect(() => sim.sandbox.addDocument(accounts[3]!.id, { name: 'x.pdf', type: 'pdf', size_bytes: 10 })).toThrow(/no document storage/);
    sim.sandbox.addDocument(accounts[2]!.id, { name: 'big.pdf', type: 'pdf', size_bytes: 49 * 1024 * 1024 });
    expect(() => sim.sandbox.addDocument(accounts[2]!.id, { name: 'more.pdf', type: 'pdf', size_bytes: 1024 * 1024 })).toThrow(/at most 50 MB/);
  });
});
