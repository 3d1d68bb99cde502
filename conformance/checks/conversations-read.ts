/**
 * Conversations and messages read-side (2.5, 2.6, 4.4) on the account's existing threads: these
 * need no inbound injection, so they judge any deployment that has conversations, where the
 * simulator-only checks (conversations.ts) skip.
 *
 * - a thread reads the same by id as in the list, and obeys 2.5's own rules: `ai_pause_reason` is
 *   null exactly when the AI is live, the AI is muted on any assigned or escalated thread,
 *   `assigned_to_name` is null for a null or negative assignment, and its contact exists with the
 *   same channel and platform user;
 * - a transcript is newest first, each message once across pages, with `direction` derived from
 *   `sender_type` and no text on a purged body.
 */
import { Conversation } from '../../src/resources/conversations/schemas.js';
import { Message } from '../../src/resources/messages/schemas.js';
import type { CheckDefinition } from '../runner/check.js';
import { expectShape, expectStatus, fail, readData, readList } from '../runner/expect.js';
import { costOf, walk } from './helpers.js';

const group = 'conversations';
const OUTBOUND = new Set(['bot', 'agent', 'followup']);
/** Threads looked at per run: enough to meet the rules, few enough to spare a live quota. */
const SAMPLE = 3;

export const conversationReadChecks: CheckDefinition[] = [
  {
    id: 'conversations.read-consistency',
    title: "A thread reads the same by id as in the list and keeps 2.5's rules (AI pause, assignment, contact)",
    clause: '2.5',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /conversations', 'GET /conversations/{id}'],
    cost: costOf(1 + 2 * SAMPLE),
    async run(ctx) {
      const listed = await ctx.send({ path: '/conversations', query: { limit: 20 } });
      expectStatus(listed, 200, 'GET /conversations');
      const items = readList(listed, 'GET /conversations').data.map((item) => expectShape(item, Conversation, 'conversation (2.5)', listed));
      if (items.length === 0) return ctx.skip('nothing_to_compare', 'the account has no conversations');
      for (const item of items) {
        const what = `conversation ${item.id}`;
        if (item.ai_paused !== (item.ai_pause_reason !== null)) fail(`${what}: ai_pause_reason is null exactly when the AI is live (2.5); got ai_paused ${item.ai_paused}, reason ${String(item.ai_pause_reason)}`, listed);
        if ((item.assigned_to !== null || item.status === 'escalated') && !item.ai_paused) fail(`${what}: the AI is muted on any assigned or escalated thread (2.5), but ai_paused is false`, listed);
        if ((item.assigned_to === null || item.assigned_to < 0) && item.assigned_to_name !== null) fail(`${what}: assigned_to_name is null for a null or negative assignment (2.5)`, listed);
      }
      for (const item of items.slice(0, SAMPLE)) {
        const read = await ctx.send({ path: `/conversations/${item.id}` });
        expectStatus(read, 200, `GET /conversations/${item.id} (listed)`);
        const one = expectShape(readData(read, 'GET /conversations/{id}'), Conversation, 'conversation (2.5)', read);
        for (const field of ['id', 'channel', 'platform_user_id', 'contact_id', 'created_at'] as const) {
          if (one[field] !== item[field]) fail(`GET /conversations/${item.id}: ${field} reads ${String(one[field])}, the list said ${String(item[field])}`, read);
        }
        if (!ctx.serves('GET', '/contacts/{id}')) continue;
        const contact = await ctx.send({ path: `/contacts/${item.contact_id}` });
        expectStatus(contact, 200, `GET /contacts/${item.contact_id} (the contact of conversation ${item.id})`);
        const data = readData(contact, 'GET /contacts/{id}');
        if (data['channel'] !== item.channel || data['platform_user_id'] !== item.platform_user_id) {
          fail(`conversation ${item.id} and its contact ${item.contact_id} disagree on channel or platform_user_id (2.5: "as contact")`, contact);
        }
      }
    },
  },
  {
    id: 'conversations.transcript-read',
    title: 'A transcript is newest first, each message once across pages, direction derived from sender_type',
    clause: '4.4',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /conversations', 'GET /conversations/{id}/messages'],
    cost: costOf(12),
    async run(ctx) {
      const listed = await ctx.send({ path: '/conversations', query: { limit: 10 } });
      expectStatus(listed, 200, 'GET /conversations');
      const threads = readList(listed, 'GET /conversations').data as { id?: unknown }[];
      let judged = 0;
      for (const thread of threads) {
        if (judged >= 2 || typeof thread.id !== 'number') continue;
        const path = `/conversations/${thread.id}/messages`;
        const page = await ctx.send({ path, query: { limit: 6 } });
        expectStatus(page, 200, `GET ${path}`);
        const messages = readList(page, `GET ${path}`).data.map((item) => expectShape(item, Message, 'message (2.6)', page));
        if (messages.length < 2) continue;
        judged++;
        for (const message of messages) {
          if (message.sender_type === 'user' && message.direction !== 'inbound') fail(`message ${message.id}: sender_type user makes direction inbound (2.6), got ${message.direction}`, page);
          if (OUTBOUND.has(message.sender_type) && message.direction !== 'outbound') fail(`message ${message.id}: sender_type ${message.sender_type} makes direction outbound (2.6), got ${message.direction}`, page);
          if (message.body_purged && message.text !== null) fail(`message ${message.id}: a purged body has text null (2.6)`, page);
        }
        for (let i = 1; i < messages.length; i++) {
          if (Date.parse(messages[i]!.created_at) > Date.parse(messages[i - 1]!.created_at)) fail(`GET ${path}: not newest first at position ${i}`, page);
        }
        // The first three pages of two: the six messages of the single page, whatever the transcript's length.
        const walked = await walk(ctx, path, { limit: 2, maxPages: 3, firstPagesOnly: true });
        const walkedIds = walked.items.map((item) => item['id']);
        const expected = messages.slice(0, walkedIds.length).map((message) => message.id);
        if (new Set(walkedIds).size !== walkedIds.length) fail(`GET ${path} with limit=2: a message appears twice across pages`, walked.pages[walked.pages.length - 1]);
        if (JSON.stringify(walkedIds) !== JSON.stringify(expected)) fail(`GET ${path} with limit=2 walked [${walkedIds.join(', ')}], the single page starts [${expected.join(', ')}]`, walked.pages[0]);
      }
      if (judged === 0) ctx.skip('nothing_to_compare', 'no conversation with two messages or more');
    },
  },
];
