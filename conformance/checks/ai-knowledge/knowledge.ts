/**
 * Knowledge base (4.12, 2.19, 8): usage arithmetic and the one shared cap over FAQs, services
 * and documents, FAQ and service CRUD with their limits, re-indexing on content changes only,
 * documents (no create route), and the knowledge-gap query. Everything created is in the ledger
 * (FAQs and services by the auto-ledger, sandbox documents by hand) and deleted.
 */
import {
  Faq,
  KnowledgeDocument,
  KnowledgeGap,
  KnowledgeUsage,
  Service,
  type UsageData,
} from '../../../src/resources/knowledge/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../../runner/expect.js';
import { inbound, sandbox } from '../sandbox.js';
import { costOf, walk } from '../helpers.js';
import { readConfig, waitFor } from './shared.js';

const group = 'knowledge';
const USAGE = 'GET /knowledge';
const FAQS = 'POST /knowledge/faqs';
const FAQ = ['GET /knowledge/faqs/{id}', 'PATCH /knowledge/faqs/{id}', 'DELETE /knowledge/faqs/{id}'];
const SERVICES = 'POST /knowledge/services';
const SERVICE = ['GET /knowledge/services/{id}', 'PATCH /knowledge/services/{id}', 'DELETE /knowledge/services/{id}'];
const GAPS = 'GET /knowledge-gaps';

async function readUsage(ctx: CheckContext): Promise<UsageData> {
  const response = await ctx.send({ path: '/knowledge', key: await ctx.keyFor('read') });
  expectStatus(response, 200, 'GET /knowledge');
  const usage = expectShape(readData(response, 'GET /knowledge'), KnowledgeUsage, 'knowledge usage (2.19)', response);
  const { current, limit, remaining, can_add, breakdown } = usage.items;
  const sum = breakdown.faqs + breakdown.services + breakdown.documents;
  if (current !== sum) fail(`items.current is ${current} but the breakdown adds up to ${sum} (one cap covers FAQs, services and documents)`, response);
  if (remaining !== Math.max(0, limit - current)) fail(`items.remaining is ${remaining}, expected ${Math.max(0, limit - current)} (limit - current)`, response);
  if (can_add !== current < limit) fail(`items.can_add is ${can_add} with ${current} of ${limit} items`, response);
  return usage;
}

async function createFaq(ctx: CheckContext, body: Record<string, unknown> = {}) {
  const response = await ctx.send({ method: 'POST', path: '/knowledge/faqs', key: await ctx.keyFor('write'), body: { question: `${ctx.name('faq')}?`, answer: 'An answer from the conformance kit.', ...body } });
  if (response.status === 403) ctx.skip('plan_limit_reached', 'the knowledge base is full');
  expectStatus(response, 201, 'POST /knowledge/faqs');
  return { response, faq: expectShape(readData(response, 'POST /knowledge/faqs'), Faq, 'FAQ (2.19)', response) };
}

async function createService(ctx: CheckContext, body: Record<string, unknown> = {}) {
  const response = await ctx.send({ method: 'POST', path: '/knowledge/services', key: await ctx.keyFor('write'), body: { name: ctx.name('service'), price: 12.5, ...body } });
  if (response.status === 403) ctx.skip('plan_limit_reached', 'the knowledge base is full');
  // 4.12 states no status for a service create ("service"): any 2xx; 201 is knowledge.service-create-answer's.
  expectSuccess(response, 'POST /knowledge/services');
  return { response, service: expectShape(readData(response, 'POST /knowledge/services'), Service, 'service (2.19)', response) };
}

async function getFaq(ctx: CheckContext, id: number) {
  const response = await ctx.send({ path: `/knowledge/faqs/${id}`, key: await ctx.keyFor('read') });
  expectStatus(response, 200, `GET /knowledge/faqs/${id}`);
  return expectShape(readData(response, 'GET /knowledge/faqs/{id}'), Faq, 'FAQ (2.19)', response);
}

/** Until the FAQ is indexed: the simulator's clock is moved, a live target is polled (bounded). */
async function waitIndexed(ctx: CheckContext, id: number): Promise<void> {
  for (let attempt = 0; attempt < 15; attempt++) {
    if ((await getFaq(ctx, id)).has_embedding) return;
    await waitFor(ctx, 2_000);
  }
  ctx.skip('indexing_slow', `FAQ ${id} was not indexed within 30 seconds`);
}

export const knowledgeChecks: CheckDefinition[] = [
  {
    id: 'knowledge.usage',
    title: 'GET /knowledge: current is FAQs + services + documents, remaining and can_add follow from the limit',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [USAGE],
    cost: costOf(1),
    async run(ctx) {
      await readUsage(ctx);
    },
  },
  {
    id: 'knowledge.faq-lifecycle',
    title: 'FAQ create (201, counted), get, PATCH keywords "" clears them, DELETE then 404',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [USAGE, FAQS, ...FAQ],
    cost: costOf(8),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const before = await readUsage(ctx);
      const { faq, response } = await createFaq(ctx, { keywords: 'alpha, beta' });
      if (typeof (readData(response, 'POST /knowledge/faqs'))['embedding_pending'] !== 'boolean') fail('POST /knowledge/faqs should answer embedding_pending (2.19)', response);
      const after = await readUsage(ctx);
      if (after.items.breakdown.faqs !== before.items.breakdown.faqs + 1 || after.items.current !== before.items.current + 1) {
        fail(`creating an FAQ should add one to breakdown.faqs and items.current (${before.items.current} -> ${after.items.current})`);
      }
      if ((await getFaq(ctx, faq.id)).question !== faq.question) fail(`GET /knowledge/faqs/${faq.id} answers another question`);
      const cleared = await ctx.send({ method: 'PATCH', path: `/knowledge/faqs/${faq.id}`, key, body: { keywords: '' } });
      expectStatus(cleared, 200, 'PATCH /knowledge/faqs/{id} {keywords: ""}');
      if (readData(cleared, 'PATCH /knowledge/faqs/{id}')['keywords'] !== null) fail('keywords "" should clear the keywords (null)', cleared);
      expectStatus(await ctx.send({ method: 'DELETE', path: `/knowledge/faqs/${faq.id}`, key }), 200, `DELETE /knowledge/faqs/${faq.id}`);
      ctx.ledger.forget('faq', faq.id);
      expectError(await ctx.send({ path: `/knowledge/faqs/${faq.id}`, key }), 404, 'not_found', `GET /knowledge/faqs/${faq.id} after delete`);
    },
  },
  {
    id: 'knowledge.faq-validation',
    title: 'FAQ question (1 to 1,000) and answer (1 to 10,000) are required; else 400 naming them',
    clause: '8',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [FAQS],
    cost: costOf(5),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const cases: [string, Record<string, unknown>, string][] = [
        ['no question', { answer: 'a' }, 'question'],
        ['no answer', { question: `${ctx.name('q')}?` }, 'answer'],
        ['a question of 1,001 characters', { question: 'q'.repeat(1_001), answer: 'a' }, 'question'],
        ['an answer of 10,001 characters', { question: `${ctx.name('q')}?`, answer: 'a'.repeat(10_001) }, 'answer'],
        ['an empty question', { question: '', answer: 'a' }, 'question'],
      ];
      for (const [what, body, param] of cases) {
        expectError(await ctx.send({ method: 'POST', path: '/knowledge/faqs', key, body }), 400, 'invalid_param', `POST /knowledge/faqs with ${what}`, { param });
      }
    },
  },
  {
    id: 'knowledge.faq-inactive',
    title: 'GET /knowledge/faqs lists active FAQs unless include_inactive=true',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [FAQS, 'GET /knowledge/faqs'],
    cost: costOf(12),
    async run(ctx) {
      const { faq } = await createFaq(ctx, { active: false });
      const read = await ctx.keyFor('read');
      const active = await walk(ctx, '/knowledge/faqs', { key: read, limit: 100 });
      if (active.items.some((item) => item['id'] === faq.id)) fail(`GET /knowledge/faqs lists inactive FAQ ${faq.id} without include_inactive`);
      const all = await walk(ctx, '/knowledge/faqs', { key: read, limit: 100, query: { include_inactive: 'true' } });
      if (!all.items.some((item) => item['id'] === faq.id)) fail(`GET /knowledge/faqs?include_inactive=true does not list inactive FAQ ${faq.id}`);
    },
  },
  {
    id: 'knowledge.faq-reindex',
    title: 'Changing only active does not re-index an FAQ; changing its answer does (embedding_pending)',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [FAQS, ...FAQ],
    cost: costOf(8),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const { faq } = await createFaq(ctx);
      await waitIndexed(ctx, faq.id);
      const toggled = await ctx.send({ method: 'PATCH', path: `/knowledge/faqs/${faq.id}`, key, body: { active: false } });
      expectStatus(toggled, 200, 'PATCH /knowledge/faqs/{id} {active: false}');
      const off = readData(toggled, 'PATCH /knowledge/faqs/{id}');
      if (off['embedding_pending'] !== false || off['has_embedding'] !== true) fail('changing only active must not re-index (embedding_pending false, has_embedding true)', toggled);
      const edited = await ctx.send({ method: 'PATCH', path: `/knowledge/faqs/${faq.id}`, key, body: { answer: 'A new answer from the conformance kit.' } });
      expectStatus(edited, 200, 'PATCH /knowledge/faqs/{id} {answer}');
      if (readData(edited, 'PATCH /knowledge/faqs/{id}')['embedding_pending'] !== true) fail('changing the answer must re-index (embedding_pending true)', edited);
    },
  },
  {
    id: 'knowledge.service-lifecycle',
    title: 'Service create (price as a two-decimal string, counted in the shared cap), PATCH, DELETE; is_virtual only with calendar and Meet invites',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [USAGE, SERVICES, ...SERVICE, 'GET /ai/config'],
    cost: costOf(9),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const config = await readConfig(ctx);
      const virtualAllowed = config.booking.calendar.connected && config.booking.google_meet_invites;
      const before = await readUsage(ctx);
      const { service, response } = await createService(ctx, { price: 12.5, duration_minutes: 45, is_virtual: true });
      if (service.price !== '12.50') fail(`price 12.5 should be answered as "12.50", got ${JSON.stringify(service.price)}`, response);
      if (service.duration_minutes !== 45) fail(`duration_minutes should be 45, got ${String(service.duration_minutes)}`, response);
      if (service.is_virtual !== virtualAllowed) fail(`is_virtual true should be stored ${virtualAllowed} (calendar connected: ${config.booking.calendar.connected}, Meet invites: ${config.booking.google_meet_invites})`, response);
      const after = await readUsage(ctx);
      if (after.items.breakdown.services !== before.items.breakdown.services + 1 || after.items.current !== before.items.current + 1) {
        fail(`creating a service should add one to breakdown.services and to the shared items.current (${before.items.current} -> ${after.items.current})`);
      }
      const patched = await ctx.send({ method: 'PATCH', path: `/knowledge/services/${service.id}`, key, body: { price: 20 } });
      expectStatus(patched, 200, 'PATCH /knowledge/services/{id} {price: 20}');
      if (readData(patched, 'PATCH /knowledge/services/{id}')['price'] !== '20.00') fail('price 20 should be answered as "20.00"', patched);
      // 4.12 states no result for a service delete: any 2xx.
      expectSuccess(await ctx.send({ method: 'DELETE', path: `/knowledge/services/${service.id}`, key }), `DELETE /knowledge/services/${service.id}`);
      ctx.ledger.forget('service', service.id);
      expectError(await ctx.send({ path: `/knowledge/services/${service.id}`, key }), 404, 'not_found', `GET /knowledge/services/${service.id} after delete`);
    },
  },
  {
    id: 'knowledge.service-validation',
    title: 'Service name (1 to 200) and price (a number at least 0) are required; else 400 naming them',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [SERVICES],
    cost: costOf(5),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const cases: [string, Record<string, unknown>, string][] = [
        ['no price', { name: ctx.name('svc') }, 'price'],
        ['a negative price', { name: ctx.name('svc'), price: -1 }, 'price'],
        ['a price as a string', { name: ctx.name('svc'), price: '10' }, 'price'],
        ['no name', { price: 1 }, 'name'],
        ['a name of 201 characters', { name: 'n'.repeat(201), price: 1 }, 'name'],
      ];
      for (const [what, body, param] of cases) {
        expectError(await ctx.send({ method: 'POST', path: '/knowledge/services', key, body }), 400, 'invalid_param', `POST /knowledge/services with ${what}`, { param });
      }
    },
  },
  {
    id: 'knowledge.shared-cap',
    title: 'One cap covers FAQs, services and documents: the item past it gives 403 plan_limit_reached',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'full',
    routes: [USAGE, FAQS, SERVICES],
    needs: ['simulator', 'control'],
    cost: costOf(10),
    async run(ctx) {
      const before = await readUsage(ctx);
      const lowered = await sandbox(ctx, 'POST', '/knowledge/limit', { items: before.items.current + 2 });
      if (lowered.status !== 200) ctx.skip('needs_knowledge_limit_power');
      try {
        await createFaq(ctx);
        await createService(ctx);
        const full = await readUsage(ctx);
        if (full.items.can_add || full.items.remaining !== 0) fail('with an FAQ and a service added up to the cap, can_add must be false and remaining 0');
        const key = await ctx.keyFor('write');
        const faq = await ctx.send({ method: 'POST', path: '/knowledge/faqs', key, body: { question: `${ctx.name('over')}?`, answer: 'over the cap' } });
        expectError(faq, 403, 'plan_limit_reached', 'POST /knowledge/faqs past the shared cap');
        const service = await ctx.send({ method: 'POST', path: '/knowledge/services', key, body: { name: ctx.name('over'), price: 1 } });
        expectError(service, 403, 'plan_limit_reached', 'POST /knowledge/services past the shared cap');
      } finally {
        await sandbox(ctx, 'POST', '/knowledge/limit', { items: null });
      }
    },
  },
  {
    id: 'knowledge.documents',
    title: 'Documents are listed as metadata; there is no create route (405)',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /knowledge/documents'],
    cost: costOf(2),
    async run(ctx) {
      const listed = await ctx.send({ path: '/knowledge/documents', key: await ctx.keyFor('read'), query: { limit: 100 } });
      expectStatus(listed, 200, 'GET /knowledge/documents');
      for (const item of readList(listed, 'GET /knowledge/documents').data) expectShape(item, KnowledgeDocument, 'document (2.19)', listed);
      if (ctx.profile === 'read-only') return;
      const post = await ctx.send({ method: 'POST', path: '/knowledge/documents', key: await ctx.keyFor('write'), body: {}, harmless: true });
      expectError(post, 405, 'method_not_allowed', 'POST /knowledge/documents');
    },
  },
  {
    id: 'knowledge.document-embedding',
    title: 'A document’s embedding_status moves to completed on the clock; PATCH name/active; DELETE then 404',
    clause: '4.12',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['GET /knowledge/documents/{id}', 'PATCH /knowledge/documents/{id}', 'DELETE /knowledge/documents/{id}'],
    needs: ['simulator', 'control'],
    cost: costOf(8),
    async run(ctx) {
      const added = await sandbox(ctx, 'POST', '/knowledge/documents', { name: `${ctx.name('doc')}.pdf`, type: 'pdf', size_bytes: 20_000 });
      if (added.status === 403) ctx.skip('plan_limit_reached');
      expectStatus(added, 201, 'POST /_sandbox/knowledge/documents');
      const document = expectShape(readData(added, 'POST /_sandbox/knowledge/documents'), KnowledgeDocument, 'document (2.19)', added);
      ctx.ledger.add({ kind: 'document', id: document.id, account: 'a', method: 'DELETE', path: `/knowledge/documents/${document.id}`, seq: added.exchange.seq });
      if (document.embedding_status === 'completed') fail('a new document should not be embedded at once');
      await waitFor(ctx, 60_000);
      const key = await ctx.keyFor('write');
      const read = await ctx.send({ path: `/knowledge/documents/${document.id}`, key });
      expectStatus(read, 200, 'GET /knowledge/documents/{id}');
      const done = readData(read, 'GET /knowledge/documents/{id}');
      if (done['embedding_status'] !== 'completed' || !((done['embedding_count'] as number) > 0)) fail('a minute later the document should be completed with embeddings', read);
      if ('content' in done) fail('a document must never return its content', read);
      const patched = await ctx.send({ method: 'PATCH', path: `/knowledge/documents/${document.id}`, key, body: { name: `${ctx.name('renamed')}.pdf`, active: false } });
      expectStatus(patched, 200, 'PATCH /knowledge/documents/{id}');
      if (readData(patched, 'PATCH /knowledge/documents/{id}')['active'] !== false) fail('PATCH active false did not apply', patched);
      // 4.12: "delete removes embeddings", no result stated: any 2xx.
      expectSuccess(await ctx.send({ method: 'DELETE', path: `/knowledge/documents/${document.id}`, key }), 'DELETE /knowledge/documents/{id}');
      ctx.ledger.forget('document', document.id);
      expectError(await ctx.send({ path: `/knowledge/documents/${document.id}`, key }), 404, 'not_found', 'GET /knowledge/documents/{id} after delete');
    },
  },
  {
    id: 'knowledge.gaps-query',
    title: 'GET /knowledge-gaps: open by default, status/signal_type/channel/since filter, a bad status is 400',
    clause: '4.12',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [GAPS],
    cost: costOf(6),
    async run(ctx) {
      const key = await ctx.keyFor('read');
      const list = async (query: Record<string, string>) => {
        const response = await ctx.send({ path: '/knowledge-gaps', key, query: { limit: '100', ...query } });
        expectStatus(response, 200, `GET /knowledge-gaps ${JSON.stringify(query)}`);
        return readList(response, 'GET /knowledge-gaps').data.map((item) => expectShape(item, KnowledgeGap, 'knowledge gap (2.19)', response));
      };
      if ((await list({})).some((gap) => gap.status !== 'open')) fail('GET /knowledge-gaps without status must list open gaps only');
      if ((await list({ status: 'resolved' })).some((gap) => gap.status !== 'resolved')) fail('status=resolved lists other statuses');
      if ((await list({ status: 'all', signal_type: 'no_knowledge' })).some((gap) => gap.signal_type !== 'no_knowledge')) fail('signal_type=no_knowledge lists other signal types');
      const since = '2030-01-01T00:00:00+00:00';
      if ((await list({ status: 'all', since })).some((gap) => gap.last_seen_at < since)) fail('since filters on last_seen_at');
      expectError(await ctx.send({ path: '/knowledge-gaps', key, query: { status: 'bogus' } }), 400, 'invalid_param', 'GET /knowledge-gaps?status=bogus', { param: 'status' });
    },
  },
  {
    id: 'knowledge.gaps-from-inbound',
    title: 'An inbound question no FAQ answers opens a no_knowledge gap; the same question again adds an occurrence',
    clause: '4.12',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [GAPS, 'GET /ai/channels'],
    needs: ['simulator', 'control'],
    cost: costOf(6),
    async run(ctx) {
      const channels = await ctx.send({ path: '/ai/channels', key: await ctx.keyFor('read') });
      if ((readData(channels, 'GET /ai/channels')['telegram'] as { ai_enabled?: boolean } | undefined)?.ai_enabled !== true) ctx.skip('telegram_ai_off');
      const word = ctx.name('zq').replace(/[^a-z0-9]/g, '');
      const text = `Do you offer ${word} lessons?`;
      const thread = await inbound(ctx, { channel: 'telegram', text });
      await inbound(ctx, { channel: 'telegram', platformUserId: thread.platformUserId, text });
      // The AI hears a question when its reply goes out: with batching on, after the batch window.
      const { behavior } = await readConfig(ctx);
      if (behavior.batch_messages) await waitFor(ctx, behavior.batch_window_ms + 1000);
      const response = await ctx.send({ path: '/knowledge-gaps', key: await ctx.keyFor('read'), query: { channel: 'telegram', limit: '100' } });
      const gap = readList(response, 'GET /knowledge-gaps').data.find((item) => String((item as { user_message?: unknown }).user_message).includes(word)) as
        | { signal_type?: string; occurrence_count?: number; conversation_id?: number }
        | undefined;
      if (!gap) return fail(`no open gap for "${text}"`, response);
      if (gap.signal_type !== 'no_knowledge' || gap.occurrence_count !== 2) fail(`expected a no_knowledge gap seen twice, got ${gap.signal_type} x${String(gap.occurrence_count)}`, response);
      if (gap.conversation_id !== thread.conversationId) fail('the gap should name the conversation it came from', response);
    },
  },
  {
    id: 'knowledge.muted-thread-unheard',
    title: 'A question on a thread whose AI is paused gets no AI line and opens no gap (2.5: the AI is muted there)',
    clause: '2.5',
    // 2.5 mutes the AI on assigned and escalated threads; that a muted AI also records no
    // knowledge gap (whose ai_response would be a reply nobody sent) is the house's reading.
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [GAPS, 'GET /ai/channels', 'PATCH /conversations/{id}', 'GET /conversations/{id}/messages'],
    needs: ['simulator', 'control'],
    cost: costOf(7),
    async run(ctx) {
      const channels = await ctx.send({ path: '/ai/channels', key: await ctx.keyFor('read') });
      if ((readData(channels, 'GET /ai/channels')['telegram'] as { ai_enabled?: boolean } | undefined)?.ai_enabled !== true) ctx.skip('telegram_ai_off');
      const thread = await inbound(ctx, { channel: 'telegram', text: 'Hello from the conformance kit' });
      const paused = await ctx.send({ method: 'PATCH', path: `/conversations/${thread.conversationId}`, key: await ctx.keyFor('write'), body: { ai_paused: true } });
      expectStatus(paused, 200, 'PATCH /conversations/{id} {ai_paused: true}');
      // Lines a flow of the account may have sent to the first message are not the AI's answer.
      const botLines = async (): Promise<number> => {
        const transcript = await ctx.send({ path: `/conversations/${thread.conversationId}/messages`, key: await ctx.keyFor('read'), query: { limit: '100' } });
        return (readList(transcript, 'GET /conversations/{id}/messages').data as { sender_type?: unknown }[]).filter((line) => line.sender_type === 'bot').length;
      };
      const before = await botLines();
      const word = ctx.name('zm').replace(/[^a-z0-9]/g, '');
      const text = `Do you offer ${word} lessons?`;
      await inbound(ctx, { channel: 'telegram', platformUserId: thread.platformUserId, text });
      // A live AI would have answered (and heard the question) by the end of the batch window.
      const { behavior } = await readConfig(ctx);
      if (behavior.batch_messages) await waitFor(ctx, behavior.batch_window_ms + 1000);
      const gaps = await ctx.send({ path: '/knowledge-gaps', key: await ctx.keyFor('read'), query: { status: 'all', channel: 'telegram', limit: '100' } });
      if (readList(gaps, 'GET /knowledge-gaps').data.some((item) => String((item as { user_message?: unknown }).user_message).includes(word))) {
        fail(`a question on a thread with the AI paused opened a gap ("${text}")`, gaps);
      }
      const after = await botLines();
      if (after > before) fail(`the AI wrote on a thread whose AI is paused (${after - before} bot line(s) after the question)`);
    },
  },
];
