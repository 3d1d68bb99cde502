/**
 * Property tests over random sequences of inbound messages, sends, status changes, pauses,
 * assigns, blocks, opt-outs, clock jumps, channel states and armed faults. After every step:
 *
 * 1. the 3.1 state machine holds: each API step moves a thread exactly as the rules say (an
 *    independent model below), the API never sets pending or escalated, and the 2.5 AI-mute rule
 *    holds on every thread;
 * 2. a blocked or opted-out customer is never sent to;
 * 3. every error is in the 7.1/7.2 envelope with a catalogued code and its status;
 * 4. a failed request changes nothing, except the cold-send rule (contact + conversation).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from '../../core/errors.js';
import type { SimResponse } from '../../core/types.js';
import { data, messagingSim, type MessagingSim } from '../../../test/support/messaging.js';

type Status = 'active' | 'resolved' | 'pending' | 'archived' | 'escalated';
interface Thread {
  id: number;
  status: Status;
  assigned_to: number | null;
  ai_paused: boolean;
  ai_pause_reason: string | null;
  channel: string;
  platform_user_id: string;
}
interface State {
  status: Status;
  assigned_to: number | null;
  reason: string | null;
}

const PEOPLE = [
  { channel: 'instagram', puid: 'ig_a', ig: 'a.person' },
  { channel: 'facebook', puid: 'fb_b' },
  { channel: 'sms', puid: '+15550100001' },
  { channel: 'whatsapp', puid: '447700900001' },
  { channel: 'telegram', puid: 'tg_e' },
] as const;
const LOCK = new Set(['solicitation', 'fraud', 'connected_account']);
const WINDOW_MS: Record<string, number | null> = { facebook: 86_400_000, instagram: 86_400_000, whatsapp: 86_400_000, sms: null, telegram: null };
const SPEC_CODES = new Set(Object.entries(ERROR_CATALOGUE).filter(([, info]) => info.source !== 'decision').map(([code]) => code));
const VOLATILE = new Set(['send_audit', 'send_faults', 'idempotency_keys', 'api_keys']);

// ---- the independent model of 3.1 (and our recorded choices where 3.1 is silent) ----
const handBack = (reason: string | null) => (reason !== null && LOCK.has(reason) ? reason : null);
function modelStatus(s: State, status: Status): State {
  return status === 'active' ? { ...s, status } : { status, assigned_to: null, reason: handBack(s.reason) };
}
function modelPause(s: State, paused: boolean): State {
  if (paused) return { ...s, status: s.status === 'resolved' ? 'active' : s.status, reason: s.reason !== null && LOCK.has(s.reason) ? s.reason : 'owner_claimed' };
  if (s.reason === null) return s;
  return { status: s.status === 'escalated' ? 'active' : s.status, assigned_to: null, reason: null };
}
function modelAssign(s: State, member: number | null): State {
  const status = s.status === 'pending' || s.status === 'escalated' ? 'active' : s.status;
  if (member !== null) return { status, assigned_to: member, reason: s.reason !== null && LOCK.has(s.reason) ? s.reason : 'assigned' };
  return { status, assigned_to: null, reason: s.reason === 'assigned' || s.reason === 'escalated' ? null : s.reason };
}

// ---- commands ----
const person = fc.integer({ min: 0, max: PEOPLE.length - 1 });
const command = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('inbound' as const), p: person, text: fc.constantFrom('hi', 'hi', 'STOP', 'START') }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      p: person,
      route: fc.constantFrom('conversation', 'platform', 'phone'),
      action: fc.constantFrom('send_message', 'send_message', 'react', 'unreact', 'typing_on'),
      template: fc.boolean(),
      comment: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('patch' as const),
      p: person,
      status: fc.constantFrom(undefined, 'active', 'resolved', 'archived', 'pending', 'escalated'),
      paused: fc.constantFrom(undefined, true, false),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('assign' as const), p: person, member: fc.constantFrom(1, 2, 99, null) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('block' as const), p: person, by: fc.constantFrom('username', 'conversation') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unblock' as const), p: person }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('optOut' as const), p: person, scope: fc.constantFrom('all', 'broadcast', 'comment_dm', 'start') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 0, max: 30 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('system' as const),
      p: person,
      status: fc.constantFrom('active', 'resolved', 'pending', 'archived', 'escalated'),
      reason: fc.constantFrom(null, 'escalated', 'solicitation', 'fraud', 'connected_account', 'owner_claimed'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), p: person }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('channel' as const), p: person, connected: fc.boolean(), permitted: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fault' as const), p: person, code: fc.constantFrom('service_unavailable', 'unprocessable_send', 'rate_limited') }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** What the customer's side has done, as the test knows it. */
interface World {
  blocks: Map<number, number>; // person -> active block id
  smsStopped: boolean;
  metaScopes: Map<number, Set<string>>;
}

function optedOutFor(world: World, p: number, comment: boolean): boolean {
  if (PEOPLE[p]!.channel === 'sms') return world.smsStopped;
  const scopes = world.metaScopes.get(p) ?? new Set();
  return scopes.has('all') || scopes.has(comment ? 'comment_dm' : 'broadcast');
}

async function threads(s: MessagingSim): Promise<Thread[]> {
  return data<Thread[]>(await s.get('/conversations', { limit: 100 }));
}

function stateOf(thread: Thread): State {
  return { status: thread.status, assigned_to: thread.assigned_to, reason: thread.ai_pause_reason };
}

function collections(s: MessagingSim): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, rows] of Object.entries(s.sim.snapshot().store.collections)) if (!VOLATILE.has(name)) out[name] = rows;
  return out;
}

function checkEnvelope(res: SimResponse, where: string): void {
  if (res.status < 400) return;
  const error = (res.body as { error?: { code?: unknown; message?: unknown; param?: unknown } }).error;
  expect(error, where).toBeDefined();
  expect(typeof error!.code, where).toBe('string');
  expect(typeof error!.message, where).toBe('string');
  if (error!.param !== undefined) expect(typeof error!.param, where).toBe('string');
  expect(SPEC_CODES.has(error!.code as string), `${where}: code ${String(error!.code)}`).toBe(true);
  expect(res.status, where).toBe(ERROR_CATALOGUE[error!.code as ErrorCode].status);
}

async function run(commands: Command[]): Promise<void> {
  const s = messagingSim({ extra: { team: [{ name: 'Ann', email: 'ann@t.example' }, { name: 'Bob', email: 'bob@t.example' }] } });
  const world: World = { blocks: new Map(), smsStopped: false, metaScopes: new Map() };
  const lastInbound = new Map<number, number>();
  let now = Date.parse('2026-01-01T00:00:00Z');
  let keySeq = 0;

  // Every person writes in first, so most steps act on a real thread (later deletes may undo that).
  const opening: Command[] = PEOPLE.map((_, p) => ({ kind: 'inbound' as const, p, text: 'hi' }));
  for (const [step, cmd] of [...opening, ...commands].entries()) {
    const where = `step ${step} ${JSON.stringify(cmd)}`;
    const before = await threads(s);
    let beforeStore = collections(s);
    const auditBefore = s.sim.sandbox.sends(s.accountId).length;
    const who = 'p' in cmd ? PEOPLE[cmd.p]! : undefined;
    const mine = who ? before.find((t) => t.channel === who.channel && t.platform_user_id === who.puid) : undefined;
    const convId = mine?.id ?? 999999;
    let res: SimResponse | undefined;
    let expected: State | undefined;

    switch (cmd.kind) {
      case 'inbound': {
        const result = s.sim.sandbox.inbound(s.accountId, {
          channel: who!.channel,
          platform_user_id: who!.puid,
          text: cmd.text,
          ...('ig' in who! ? { ig_username: who.ig } : {}),
        });
        if (world.blocks.has(cmd.p)) expect(result.delivered, where).toBe(false);
        if (result.delivered) {
          lastInbound.set(cmd.p, now);
          if (who!.channel === 'sms' && cmd.text === 'STOP') world.smsStopped = true;
          if (who!.channel === 'sms' && cmd.text === 'START') world.smsStopped = false;
          if (mine) expected = { ...stateOf(mine), status: mine.status === 'resolved' || mine.status === 'archived' ? 'active' : mine.status };
        }
        break;
      }
      case 'send': {
        const body: Record<string, unknown> = { idempotency_key: `prop-${++keySeq}`, action: cmd.action };
        if (cmd.route === 'conversation') body['conversation_id'] = convId;
        else if (cmd.route === 'phone' && (who!.channel === 'sms' || who!.channel === 'whatsapp')) {
          body['to_phone'] = `+${who!.puid.replace(/\D/g, '')}`;
          body['platform'] = who!.channel;
        } else {
          body['platform'] = who!.channel;
          body['platform_user_id'] = who!.puid;
        }
        if (cmd.action !== 'typing_on') {
          if (cmd.template && cmd.action === 'send_message') body['template_name'] = 'update';
          else body['message_text'] = 'hello';
        }
        if (cmd.comment && cmd.action === 'send_message' && !cmd.template) {
          // A private reply rests on a real comment by this person (a blocked one's is dropped, so it stays unknown).
          const meta = who!.channel === 'facebook' || who!.channel === 'instagram';
          body['comment_id'] = meta
            ? s.sim.sandbox.comment(s.accountId, { platform: who!.channel as 'facebook', text: 'nice post', commenter: { id: who!.puid } }).comment_id
            : 'c1';
          // The comment arriving is its own customer action: invariant 4 is about the send alone.
          beforeStore = collections(s);
        }
        const outboundBefore = mine ? (await outbound(s, mine.id)) : 0;
        res = await s.call('POST', '/messages', body);
        // Invariant 2: never sent to a blocked or opted-out customer.
        const refused = world.blocks.has(cmd.p) || optedOutFor(world, cmd.p, body['comment_id'] !== undefined);
        if (refused) {
          expect(res.status, where).not.toBe(200);
          if (mine) expect(await outbound(s, mine.id), where).toBe(outboundBefore);
        }
        if (res.status === 200 && mine) {
          expect(await outbound(s, mine.id), where).toBe(outboundBefore + (cmd.action === 'send_message' ? 1 : 0));
        }
        if (mine) expected = stateOf(mine);
        break;
      }
      case 'patch': {
        const body: Record<string, unknown> = {};
        if (cmd.status !== undefined) body['status'] = cmd.status;
        if (cmd.paused !== undefined) body['ai_paused'] = cmd.paused;
        res = await s.call('PATCH', `/conversations/${convId}`, body);
        if (mine && res.status === 200) {
          let next = stateOf(mine);
          if (cmd.status !== undefined) next = modelStatus(next, cmd.status as Status);
          if (cmd.paused !== undefined) next = modelPause(next, cmd.paused);
          expected = next;
        }
        if (mine) {
          const settable = cmd.status === undefined || ['active', 'resolved', 'archived'].includes(cmd.status);
          if (!settable || (cmd.status === undefined && cmd.paused === undefined)) expect(res.status, where).toBe(400);
          else if (cmd.paused === true) {
            const window = WINDOW_MS[who!.channel] ?? null;
            const last = lastInbound.get(cmd.p);
            const closed = window !== null && (last === undefined || now >= last + window);
            const code = world.blocks.has(cmd.p) ? 'blocked' : optedOutFor(world, cmd.p, false) && (who!.channel === 'sms' || world.metaScopes.get(cmd.p)?.has('all')) ? 'opted_out' : closed ? 'window_closed' : undefined;
            expect([res.status, (res.body as { error?: { code: string } }).error?.code], where).toEqual(code ? [409, code] : [200, undefined]);
          } else if (cmd.paused === false) {
            const reasonAfterStatus = cmd.status !== undefined ? modelStatus(stateOf(mine), cmd.status as Status).reason : mine.ai_pause_reason;
            expect(res.status, where).toBe(reasonAfterStatus !== null && LOCK.has(reasonAfterStatus) ? 409 : 200);
          } else expect(res.status, where).toBe(200);
        }
        break;
      }
      case 'assign': {
        res = await s.call('POST', `/conversations/${convId}/assign`, { assigned_to: cmd.member });
        if (mine) {
          expect(res.status, where).toBe(cmd.member === 99 ? 400 : 200);
          expected = cmd.member === 99 ? stateOf(mine) : modelAssign(stateOf(mine), cmd.member);
        }
        break;
      }
      case 'block': {
        const body = cmd.by === 'username' && 'ig' in who! ? { ig_username: who.ig } : { conversation_id: convId };
        res = await s.call('POST', '/blocked-users', body);
        if (res.status === 201) world.blocks.set(cmd.p, data<{ id: number }>(res).id);
        if (mine) expected = stateOf(mine);
        break;
      }
      case 'unblock': {
        res = await s.call('DELETE', `/blocked-users/${world.blocks.get(cmd.p) ?? 999999}`);
        if (res.status === 200) world.blocks.delete(cmd.p);
        if (mine) expected = stateOf(mine);
        break;
      }
      case 'optOut': {
        if (who!.channel === 'sms') {
          if (cmd.scope === 'start') {
            s.sim.sandbox.smsStart(s.accountId, who!.puid);
            world.smsStopped = false;
          } else {
            s.sim.sandbox.smsStop(s.accountId, who!.puid);
            world.smsStopped = true;
          }
        } else if (cmd.scope !== 'start') {
          s.sim.sandbox.optOut(s.accountId, { channel: who!.channel, platform_user_id: who!.puid, scope: cmd.scope });
          world.metaScopes.set(cmd.p, new Set([...(world.metaScopes.get(cmd.p) ?? []), cmd.scope]));
        }
        if (mine) expected = stateOf(mine);
        break;
      }
      case 'advance':
        s.sim.sandbox.clock.advance(cmd.hours * 3_600_000);
        now += cmd.hours * 3_600_000;
        break;
      case 'system':
        if (mine) {
          try {
            s.sim.sandbox.setConversationState(s.accountId, mine.id, { status: cmd.status, ai_pause_reason: cmd.reason });
          } catch {
            // Refused: the AI-mute rule would break (e.g. no reason on an assigned thread).
          }
        }
        break;
      case 'delete':
        res = await s.call('DELETE', `/conversations/${convId}`);
        if (res.status === 200) lastInbound.delete(cmd.p);
        break;
      case 'channel':
        s.sim.sandbox.setChannel(s.accountId, who!.channel as 'sms', { connected: cmd.connected, messaging_permitted: cmd.permitted });
        break;
      case 'fault':
        s.sim.sandbox.failNextSends(s.accountId, { channel: who!.channel as 'sms', platform_user_id: who!.puid, error: cmd.code as 'service_unavailable' });
        break;
    }

    const after = await threads(s);
    // Invariant 3: every error in the envelope.
    if (res) checkEnvelope(res, where);
    // Invariant 4: a failed request changes nothing, except what a failed cold send creates.
    if (res && res.status >= 400) {
      const audit = s.sim.sandbox.sends(s.accountId);
      const cold = audit.length > auditBefore && audit.at(-1)!.cold_created;
      const afterStore = collections(s);
      if (cold) {
        expect(after.length, where).toBe(before.length + 1);
        const created = after.find((t) => !before.some((b) => b.id === t.id))!;
        expect([created.channel, created.platform_user_id], where).toEqual([who!.channel, created.platform_user_id]);
        expect(afterStore['messages'], where).toEqual(beforeStore['messages']);
        for (const name of Object.keys(afterStore)) {
          if (!['contacts', 'conversations', 'events'].includes(name)) expect(afterStore[name], `${where} ${name}`).toEqual(beforeStore[name]);
        }
      } else {
        expect(afterStore, where).toEqual(beforeStore);
      }
    }
    // Invariant 1: the state machine.
    for (const thread of after) {
      expect(thread.ai_paused, where).toBe(thread.ai_pause_reason !== null);
      if (thread.status === 'escalated' || thread.assigned_to !== null) expect(thread.ai_paused, `${where}: AI live on ${thread.id}`).toBe(true);
      const previous = before.find((b) => b.id === thread.id);
      if (previous && cmd.kind !== 'system' && ['pending', 'escalated'].includes(thread.status)) {
        expect(thread.status, `${where}: the API set ${thread.status}`).toBe(previous.status);
      }
      if (previous && previous.ai_pause_reason !== null && LOCK.has(previous.ai_pause_reason) && cmd.kind !== 'system') {
        expect(thread.ai_pause_reason, `${where}: portal-only pause lifted`).toBe(previous.ai_pause_reason);
      }
    }
    if (expected && mine && !(res && res.status >= 400)) {
      const now = after.find((t) => t.id === mine.id);
      expect(now && stateOf(now), where).toEqual(expected);
    }
    if (mine && ['advance', 'channel', 'fault', 'optOut'].includes(cmd.kind)) {
      expect(stateOf(after.find((t) => t.id === mine.id)!), where).toEqual(stateOf(mine));
    }
  }
}

async function outbound(s: MessagingSim, id: number): Promise<number> {
  const page = data<{ direction: string }[]>(await s.get(`/conversations/${id}/messages`, { limit: 100 }));
  return page.filter((m) => m.direction === 'outbound').length;
}

describe('conversation and sending properties', () => {
  it('hold over random sequences of customer, owner and system actions', async () => {
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 60, size: 'medium' }), run), { numRuns: 80 });
  }, 240_000);
});
