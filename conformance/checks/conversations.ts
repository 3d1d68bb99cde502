/**
 * Conversations and messages (4.4, 3.1, 2.5, 2.6, 2.7, 7.2). Threads can only be created by a
 * customer writing in, which the kit can do on the simulator alone (inbound injection); on a
 * real deployment these checks skip and the read-only ones still run.
 */
import { Conversation, DeletedConversation } from '../../src/resources/conversations/schemas.js';
import { Message } from '../../src/resources/messages/schemas.js';
import { SendResult } from '../../src/resources/sending/schemas.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectShape, expectStatus, fail, readData, readList } from '../runner/expect.js';
import { timestamp } from './filters.js';
import { costOf, walk } from './helpers.js';
import { freshPhone, inbound, sandbox } from './sandbox.js';

const group = 'conversations';

async function conversation(ctx: CheckContext, id: number, what: string) {
  const response = await ctx.send({ path: `/conversations/${id}` });
  expectStatus(response, 200, what);
  return { response, data: expectShape(readData(response, what), Conversation, 'conversation (2.5)', response) };
}

async function patch(ctx: CheckContext, id: number, body: Record<string, unknown>) {
  const key = await ctx.keyFor('write');
  return ctx.send({ method: 'PATCH', path: `/conversations/${id}`, key, body });
}

async function send(ctx: CheckContext, body: Record<string, unknown>) {
  return ctx.send({ method: 'POST', path: '/messages', key: await ctx.keyFor('write'), body });
}

const READS = ['GET /conversations', 'GET /conversations/{id}'];

export const conversationChecks: CheckDefinition[] = [
  {
    id: 'conversations.list-shape',
    title: 'GET /conversations answers conversations of the 2.5 shape',
    clause: '2.5',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /conversations'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/conversations', query: { limit: 10 } });
      expectStatus(response, 200, 'GET /conversations');
      for (const item of readList(response, 'GET /conversations').data) expectShape(item, Conversation, 'conversation (2.5)', response);
      expectError(await ctx.send({ path: '/conversations', query: { status: 'bogus' } }), 400, 'invalid_param', 'GET /conversations?status=bogus', { param: 'status' });
    },
  },
  {
    id: 'conversations.inbound-thread',
    title: 'A customer message opens an active thread whose transcript shows it inbound',
    clause: '2.6',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...READS, 'GET /conversations/{id}/messages', 'GET /contacts/{id}'],
    cost: costOf(5),
    async run(ctx) {
      const thread = await inbound(ctx, { text: 'first words' });
      const { data, response } = await conversation(ctx, thread.conversationId, 'GET /conversations/{id} of a new thread');
      if (data.status !== 'active' || data.contact_id !== thread.contactId) fail('a new thread should be active and name its contact', response);
      const messages = await ctx.send({ path: `/conversations/${thread.conversationId}/messages` });
      const list = readList(messages, 'GET /conversations/{id}/messages');
      const first = expectShape(list.data[0], Message, 'message (2.6)', messages);
      if (first.direction !== 'inbound' || first.sender_type !== 'user' || first.text !== 'first words') fail('the customer message should read inbound, sender_type user, with its text', messages);
      expectStatus(await ctx.send({ path: `/contacts/${thread.contactId}` }), 200, 'GET /contacts/{contact_id} of the thread');
      const listed = await ctx.send({ path: '/conversations', query: { channel: 'telegram', status: 'active', limit: 100 } });
      if (!readList(listed, 'GET /conversations').data.some((c) => (c as { id?: unknown }).id === thread.conversationId)) fail('GET /conversations?channel=telegram&status=active leaves out the new thread', listed);
    },
  },
  {
    id: 'conversations.status',
    title: 'PATCH status: active, resolved, archived allowed; pending and escalated refused (400)',
    clause: '3.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...READS, 'PATCH /conversations/{id}'],
    cost: costOf(5),
    async run(ctx) {
      const { conversationId: id } = await inbound(ctx);
      for (const status of ['resolved', 'archived', 'active']) {
        const response = await patch(ctx, id, { status });
        expectStatus(response, 200, `PATCH /conversations/{id} status=${status}`);
        if (readData(response, 'PATCH')['status'] !== status) fail(`status should read ${status}`, response);
      }
      for (const status of ['pending', 'escalated']) {
        expectStatus(await patch(ctx, id, { status }), 400, `PATCH /conversations/{id} status=${status} (set by the system only)`);
      }
    },
  },
  {
    id: 'conversations.ai-pause',
    title: 'ai_paused true claims the thread (owner_claimed, reopens resolved); false resumes',
    clause: '3.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...READS, 'PATCH /conversations/{id}'],
    cost: costOf(3),
    async run(ctx) {
      const { conversationId: id } = await inbound(ctx);
      // Status first, then ai_paused: pausing a thread resolved in the same PATCH reopens it.
      const claimed = await patch(ctx, id, { status: 'resolved', ai_paused: true });
      expectStatus(claimed, 200, 'PATCH {status: resolved, ai_paused: true}');
      const data = readData(claimed, 'PATCH');
      if (data['ai_paused'] !== true || data['ai_pause_reason'] !== 'owner_claimed') fail('ai_paused true should read ai_paused true, reason owner_claimed', claimed);
      if (data['status'] !== 'active') fail(`a resolved thread taken from the AI is reopened; status reads ${String(data['status'])}`, claimed);
      const resumed = await patch(ctx, id, { ai_paused: false });
      expectStatus(resumed, 200, 'PATCH {ai_paused: false}');
      if (readData(resumed, 'PATCH')['ai_paused'] !== false || readData(resumed, 'PATCH')['ai_pause_reason'] !== null) fail('ai_paused false should resume the AI (reason null)', resumed);
    },
  },
  {
    id: 'conversations.assign',
    title: 'Assigning an escalated thread makes it active and mutes the AI; an unknown id is 400',
    clause: '3.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...READS, 'POST /conversations/{id}/assign', 'GET /team'],
    cost: costOf(5),
    async run(ctx) {
      const team = readList(await ctx.send({ path: '/team' }), 'GET /team').data;
      const member = (team[0] as { id?: unknown } | undefined)?.id;
      if (typeof member !== 'number') return ctx.skip('no_team_member');
      const { conversationId: id } = await inbound(ctx);
      expectStatus(await sandbox(ctx, 'PATCH', `/conversations/${id}`, { status: 'escalated' }), 200, 'sandbox: escalate the thread');
      const key = await ctx.keyFor('write');
      expectStatus(await ctx.send({ method: 'POST', path: `/conversations/${id}/assign`, key, body: { assigned_to: 999_999_999 } }), 400, 'assign to an unknown team member id');
      const assigned = await ctx.send({ method: 'POST', path: `/conversations/${id}/assign`, key, body: { assigned_to: member } });
      expectStatus(assigned, 200, 'POST /conversations/{id}/assign');
      const data = expectShape(readData(assigned, 'assign'), Conversation, 'conversation (2.5)', assigned);
      if (data.status !== 'active') fail(`an escalated thread assigned should be active, reads ${data.status}`, assigned);
      if (data.assigned_to !== member || typeof data.assigned_to_name !== 'string') fail('assigned_to and assigned_to_name should name the member', assigned);
      if (!data.ai_paused) fail('the AI is muted on any assigned thread (2.5)', assigned);
    },
  },
  {
    id: 'conversations.delete',
    title: 'DELETE /conversations/{id}: the deletion result, then 404; the contact survives',
    clause: '4.4',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...READS, 'DELETE /conversations/{id}', 'GET /contacts/{id}'],
    cost: costOf(4),
    async run(ctx) {
      const thread = await inbound(ctx);
      const key = await ctx.keyFor('write');
      const removed = await ctx.send({ method: 'DELETE', path: `/conversations/${thread.conversationId}`, key });
      expectStatus(removed, 200, 'DELETE /conversations/{id}');
      const data = expectShape(readData(removed, 'DELETE'), DeletedConversation, 'deletion result (4.4)', removed);
      if (data.id !== thread.conversationId || data.removed.messages < 1) fail('the result should name the thread and count its messages', removed);
      expectError(await ctx.send({ path: `/conversations/${thread.conversationId}` }), 404, 'not_found', 'GET of a deleted conversation');
      expectError(await ctx.send({ method: 'DELETE', path: `/conversations/${thread.conversationId}`, key }), 404, 'not_found', 'DELETE of a deleted conversation');
      expectStatus(await ctx.send({ path: `/contacts/${thread.contactId}` }), 200, 'GET /contacts/{id} after its conversation was deleted');
    },
  },
  {
    id: 'conversations.messages-pages',
    title: 'A transcript walks newest first, each message once',
    clause: '4.4',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...READS, 'GET /conversations/{id}/messages'],
    cost: costOf(6),
    async run(ctx) {
      const thread = await inbound(ctx, { text: 'one' });
      for (const text of ['two', 'three']) await inbound(ctx, { platformUserId: thread.platformUserId, text });
      const walked = await walk(ctx, `/conversations/${thread.conversationId}/messages`, { limit: 2 });
      const texts = walked.items.map((m) => m['text']);
      if (JSON.stringify(texts) !== JSON.stringify(['three', 'two', 'one'])) fail(`the transcript walked as [${texts.join(', ')}], expected [three, two, one]`, walked.pages[0]);
    },
  },
  {
    id: 'conversations.updated-since-follows-contact',
    title: "Renaming a thread's contact changes its customer_name and moves its updated_at: GET /conversations?updated_since= lists it",
    clause: '4.4',
    // 2.5 shows customer_name on the thread and 4.4 filters on updated_at; that a change the
    // thread shows moves its updated_at is the house's reading (docs/decisions.md, audit 5 J1).
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [...READS, 'PATCH /contacts/{id}'],
    cost: costOf(6),
    async run(ctx) {
      const thread = await inbound(ctx);
      const { data: before } = await conversation(ctx, thread.conversationId, 'GET /conversations/{id}');
      // Timestamps are to the second (2.1): an instant after the thread's last change, then the change.
      await ctx.wait(2_100);
      const since = timestamp(Date.parse(before.updated_at) + 1_000);
      const renamed = `${ctx.prefix} renamed`;
      const patched = await ctx.send({ method: 'PATCH', path: `/contacts/${thread.contactId}`, key: await ctx.keyFor('write'), body: { name: renamed } });
      expectStatus(patched, 200, 'PATCH /contacts/{id} {name}');
      const { response, data: after } = await conversation(ctx, thread.conversationId, 'GET /conversations/{id} after the rename');
      if (after.customer_name !== renamed) fail(`the thread should show its contact's new name ${JSON.stringify(renamed)}, got ${JSON.stringify(after.customer_name)}`, response);
      if (Date.parse(after.updated_at) <= Date.parse(before.updated_at)) fail(`the thread's updated_at should move when the name it shows changes (${before.updated_at} -> ${after.updated_at})`, response);
      const listed = await walk(ctx, '/conversations', { query: { updated_since: since }, limit: 100 });
      if (!listed.items.some((item) => item['id'] === thread.conversationId)) fail(`GET /conversations?updated_since=${since} should list the renamed contact's thread`, listed.pages[0]);
    },
  },
  {
    id: 'messages.send',
    title: 'POST /messages answers the send result; the transcript gains one outbound message',
    clause: '2.7',
    level: 'spec',
    group: 'messages',
    profile: 'safe',
    routes: ['POST /messages', 'GET /conversations/{id}/messages'],
    cost: costOf(4),
    async run(ctx) {
      const { conversationId } = await inbound(ctx);
      const body = { idempotency_key: ctx.name('send'), conversation_id: conversationId, message_text: 'Reply from the kit' };
      const sent = await send(ctx, body);
      expectStatus(sent, 200, 'POST /messages');
      const result = expectShape(readData(sent, 'POST /messages'), SendResult, 'send result (2.7)', sent);
      if (result.conversation_id !== conversationId) fail('the send result should name the conversation', sent);
      // Section 4.4: POST /messages also deduplicates on the body field idempotency_key.
      const again = await send(ctx, body);
      expectStatus(again, 200, 'POST /messages with the same idempotency_key');
      if (readData(again, 'POST /messages')['request_id'] !== result.request_id) fail('a repeated idempotency_key should answer the same request_id', again);
      const transcript = readList(await ctx.send({ path: `/conversations/${conversationId}/messages` }), 'transcript').data;
      const outbound = transcript.filter((m) => (m as { direction?: unknown; text?: unknown }).direction === 'outbound');
      if (outbound.length !== 1) fail(`the transcript holds ${outbound.length} outbound messages after one send sent twice with one idempotency_key`, again);
    },
  },
  {
    id: 'messages.send-errors',
    title: 'Send errors use the 7.2 codes: invalid_request, not_found, recipient_opted_out',
    clause: '7.2',
    level: 'spec',
    group: 'messages',
    profile: 'safe',
    routes: ['POST /messages'],
    cost: costOf(5),
    async run(ctx) {
      const { conversationId } = await inbound(ctx);
      expectError(await send(ctx, { idempotency_key: ctx.name('e1'), conversation_id: conversationId }), 400, 'invalid_request', 'POST /messages without message_text');
      expectError(await send(ctx, { idempotency_key: ctx.name('e2'), conversation_id: 999_999_999, message_text: 'hi' }), 404, 'not_found', 'POST /messages to no conversation');
      const phone = freshPhone();
      await inbound(ctx, { channel: 'sms', platformUserId: phone });
      expectStatus(await sandbox(ctx, 'POST', '/opt-outs', { channel: 'sms', platform_user_id: phone, status: 'opted_out' }), 200, 'sandbox: SMS STOP');
      const response = await send(ctx, { idempotency_key: ctx.name('e3'), to_phone: phone, message_text: 'hi' });
      expectError(response, 410, 'recipient_opted_out', 'POST /messages to an SMS recipient who sent STOP');
    },
  },
  {
    id: 'messages.phone-recipient-is-a-number',
    title: 'A cold SMS or WhatsApp send to a recipient that is not a phone number is refused (400 invalid_request or 422 unprocessable_send), by platform_user_id as by to_phone',
    clause: '7.1',
    // 2.2: on SMS the platform_user_id "is the phone number"; 7.1 refuses an invalid recipient
    // (422) and 7.2 an invalid field (400): either is a refusal, a 2xx is not. Both routings of
    // 4.4 are held to it, so the check does not rest on which code a server picks.
    level: 'spec',
    group: 'messages',
    profile: 'full',
    routes: ['POST /messages'],
    cost: costOf(4),
    async run(ctx) {
      // No digits at all: a run-unique name could hold seven digits by chance, and that is a number.
      const notANumber = 'kit-not-a-phone-number';
      let judged = 0;
      for (const [what, body] of [
        ['SMS by platform_user_id', { platform: 'sms', platform_user_id: notANumber, message_text: 'kit: must not be sent' }],
        ['SMS by to_phone', { to_phone: notANumber, message_text: 'kit: must not be sent' }],
        ['WhatsApp by platform_user_id', { platform: 'whatsapp', platform_user_id: notANumber, message_text: 'kit: must not be sent' }],
        ['WhatsApp by to_phone', { platform: 'whatsapp', to_phone: notANumber, message_text: 'kit: must not be sent' }],
      ] as const) {
        const response = await send(ctx, { idempotency_key: ctx.name(`pn-${what}`), ...body });
        if (response.status === 404 || response.status === 412) continue; // the channel is not there to judge it
        if (response.status >= 200 && response.status < 300) fail(`a cold ${what} send to "${notANumber}" was accepted (${response.status})`, response);
        const code = (response.json as { error?: { code?: string } } | undefined)?.error?.code;
        const refused = (response.status === 400 && code === 'invalid_request') || (response.status === 422 && code === 'unprocessable_send');
        if (!refused) fail(`a cold ${what} send to "${notANumber}": expected 400 invalid_request or 422 unprocessable_send, got ${response.status} ${code ?? ''}`, response);
        judged++;
      }
      if (judged === 0) ctx.skip('not_connected', 'neither SMS nor WhatsApp is there to send on');
    },
  },
  {
    id: 'messages.private-reply-needs-comment',
    title: 'A comment_id no comment has is 400 invalid_request naming comment_id: it opens no thread and sends nothing',
    clause: '4.4',
    // 4.4 makes comment_id "a private reply to a comment" and 7.2 answers an invalid field with
    // 400; that an id the account never received is such a field is the house's reading.
    level: 'assumption',
    group: 'messages',
    profile: 'safe',
    routes: ['POST /messages', 'GET /conversations/{id}/messages'],
    cost: costOf(5),
    async run(ctx) {
      const { conversationId } = await inbound(ctx, { channel: 'instagram' });
      const madeUp = ctx.name('no-such-comment');
      const onThread = await send(ctx, { idempotency_key: ctx.name('pr1'), conversation_id: conversationId, comment_id: madeUp, message_text: 'kit: must not be sent' });
      expectError(onThread, 400, 'invalid_request', 'POST /messages with a comment_id no comment has', { param: 'comment_id' });
      // The private reply is the one way to reach someone on Instagram who never wrote (4.4): not with an invented comment.
      const cold = await send(ctx, { idempotency_key: ctx.name('pr2'), platform: 'instagram', platform_user_id: ctx.name('never-wrote'), comment_id: madeUp, message_text: 'kit: must not be sent' });
      expectError(cold, 400, 'invalid_request', 'POST /messages to someone who never wrote, with an invented comment_id', { param: 'comment_id' });
      const transcript = readList(await ctx.send({ path: `/conversations/${conversationId}/messages` }), 'transcript').data;
      if (transcript.some((m) => (m as { text?: unknown }).text === 'kit: must not be sent')) fail('a refused private reply reached the transcript', onThread);
    },
  },
];
