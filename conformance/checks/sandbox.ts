/**
 * The simulator's customer side (`/_sandbox/...`): inbound messages, opt-outs, thread states and
 * invitation acceptance. A real deployment has no such routes, so checks that need one skip with
 * `needs_inbound_injection` there. What these calls create is put in the ledger by hand (the
 * auto-ledger only watches API creates).
 */
import type { KitResponse } from '../http/client.js';
import type { CheckContext } from '../runner/check.js';
import { errorCodeOf, expectStatus, fail, readData } from '../runner/expect.js';

export async function sandbox(ctx: CheckContext, method: string, path: string, body?: unknown): Promise<KitResponse> {
  // The customer's side takes the account's key (no operator token): any proven simulator has it.
  if (!ctx.target.simulator || ctx.profile === 'read-only') ctx.skip('needs_inbound_injection');
  // Playing the customer writes, so it takes a key that covers write: with a read-only --api-key
  // the kit mints one (or skips needs_key_of_scope), instead of meeting the sandbox's right 403.
  const key = method === 'GET' ? undefined : await ctx.keyFor('write');
  const response = await ctx.send({ method, path: `/_sandbox${path}`, fromOrigin: true, ...(key === undefined ? {} : { key }), ...(body === undefined ? {} : { body }) });
  if (response.status === 404 || response.status === 405) ctx.skip('needs_inbound_injection', `${method} /_sandbox${path} is not available`);
  if (response.status === 403 && errorCodeOf(response) === 'insufficient_scope') ctx.skip('needs_key_of_scope', `${method} /_sandbox${path} refused the kit's key (insufficient_scope)`);
  return response;
}

export interface InboundThread {
  readonly conversationId: number;
  readonly contactId: number;
  readonly platformUserId: string;
}

let phones = 0;

/** A fresh SMS number per call (SMS identities are phone numbers, so they cannot carry the prefix). */
export function freshPhone(): string {
  phones++;
  return `+1555${String(Date.now() % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`;
}

/** A customer writes in; returns the thread. The contact goes in the ledger (its delete erases the thread). */
export async function inbound(ctx: CheckContext, options: { channel?: string; platformUserId?: string; text?: string } = {}): Promise<InboundThread> {
  const channel = options.channel ?? 'telegram';
  const platformUserId = options.platformUserId ?? ctx.name('customer');
  // The sandbox is the simulator's customer, not a clause of the spec: its departures are a setup
  // failure (inconclusive), never charged to the clause the check judges.
  return ctx.setup('a customer writes in (POST /_sandbox/inbound)', async () => {
    const response = await sandbox(ctx, 'POST', '/inbound', {
      channel,
      platform_user_id: platformUserId,
      text: options.text ?? 'Hello from the conformance kit',
      name: `${ctx.prefix} customer`,
    });
    expectStatus(response, 200, 'POST /_sandbox/inbound');
    const data = readData(response, 'POST /_sandbox/inbound');
    const conversation = data['conversation'] as { id?: unknown } | undefined;
    const contactId = data['contact_id'];
    if (typeof conversation?.id !== 'number' || typeof contactId !== 'number') fail('POST /_sandbox/inbound: the result lacks conversation.id or contact_id', response);
    ctx.ledger.add({ kind: 'contact', id: contactId, account: 'a', method: 'DELETE', path: `/contacts/${contactId}`, seq: response.exchange.seq });
    // The thread is the kit's too (its customer is): the safe profile's guard, which matches ids
    // by kind, lets the checks change it; the sweep deletes it before its contact.
    ctx.ledger.add({ kind: 'conversation', id: conversation.id, account: 'a', method: 'DELETE', path: `/conversations/${conversation.id}`, seq: response.exchange.seq });
    return { conversationId: conversation.id, contactId, platformUserId };
  });
}
