/**
 * Test kit for the messaging groups (conversations, sending, team, opt-outs, blocked users): a
 * small seed (no default data to step around), a frozen clock, and short request helpers.
 */
import type { Plan, SimResponse } from '../../src/core/types.js';
import { testSimulator, type TestSimulator } from './simulator.js';

export const T0 = '2026-01-01T00:00:00+00:00';

export interface SeedOptions {
  plan?: Plan;
  /** Extra per-account seed fields (team, conversations, opt_outs...) for account 1. */
  extra?: Record<string, unknown>;
}

function key(account: number, scope: string): string {
  return `sbx_test_${account}_${scope}_key`;
}

export function messagingSeed(options: SeedOptions = {}) {
  const account = (id: number, plan: Plan, extra: Record<string, unknown> = {}) => ({
    id,
    business_name: `Test Co ${id}`,
    plan,
    addon: 'active',
    api_keys: ['full', 'admin', 'write', 'read'].map((scope) => ({ name: `${scope} key`, scope, key: key(id, scope) })),
    ...extra,
  });
  return {
    format: 'switchboard-seed',
    version: 1,
    accounts: [account(1, options.plan ?? 'business', options.extra), account(2, 'pro')],
  };
}

export interface MessagingSim extends TestSimulator {
  accountId: number;
  otherKey: string;
  call(method: string, path: string, body?: unknown, key?: string, headers?: Record<string, string>): Promise<SimResponse>;
  get(path: string, query?: Record<string, string | number>, key?: string): Promise<SimResponse>;
  /** A customer writes in; returns the conversation id. */
  writeIn(channel: string, platformUserId: string, text?: string, extra?: Record<string, unknown>): number;
  send(body: Record<string, unknown>, key?: string): Promise<SimResponse>;
  eventTypes(): string[];
}

let sendCounter = 0;

export function messagingSim(options: SeedOptions = {}): MessagingSim {
  const t = testSimulator({ clock: { frozenAt: T0 }, seed: messagingSeed(options) });
  const accountId = t.accounts[0]!.id;
  const fullKey = t.keys.full!;
  const otherKey = t.accounts[1]!.keys.full!;
  return {
    ...t,
    accountId,
    otherKey,
    call: (method, path, body, callKey = fullKey, headers) =>
      t.sim.request({ method, path, key: callKey, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) }),
    get: (path, query, callKey = fullKey) =>
      t.sim.request({
        path,
        key: callKey,
        ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
      }),
    writeIn(channel, platformUserId, text = 'hello', extra = {}) {
      const result = t.sim.sandbox.inbound(accountId, {
        channel: channel as 'instagram',
        platform_user_id: platformUserId,
        text,
        ...extra,
      });
      if (!result.delivered) throw new Error('inbound was dropped');
      return result.conversation.id;
    },
    send: (body, callKey = fullKey) =>
      t.sim.request({ method: 'POST', path: '/messages', key: callKey, body: { idempotency_key: `k-${++sendCounter}`, ...body } }),
    eventTypes: () => t.sim.sandbox.events(accountId, { limit: 1000 }).map((event) => event.type),
  };
}

/** The `data` of a response body. */
export function data<T = Record<string, unknown>>(response: SimResponse): T {
  return (response.body as { data: T }).data;
}

export function errorCode(response: SimResponse): string | undefined {
  return (response.body as { error?: { code?: string } }).error?.code;
}

export function errorParam(response: SimResponse): string | undefined {
  return (response.body as { error?: { param?: string } }).error?.param;
}
