import { describe, expect, it } from 'vitest';
import { data, errorCode, errorParam, messagingSim } from '../../../test/support/messaging.js';

type OptOut = { id: string; channel: string; contact_id: number | null; identifier: string; status: string; scope: string; method: string | null; keyword: string | null; opted_out_at: string | null; opted_in_at: string | null; recorded_at: string };
type Page = { data: OptOut[]; has_more: boolean; next_cursor: string | null };

function seeded() {
  const s = messagingSim();
  s.writeIn('sms', '+15550100001', 'Stop ');
  s.sim.sandbox.clock.advance('1h');
  s.sim.sandbox.optOut(s.accountId, { channel: 'instagram', platform_user_id: 'ig_1', scope: 'comment_dm', method: 'comment_reply', keyword: 'STOP' });
  s.sim.sandbox.clock.advance('1h');
  s.sim.sandbox.optOut(s.accountId, { channel: 'facebook', platform_user_id: 'fb_1', scope: 'broadcast', method: 'button' });
  s.sim.sandbox.clock.advance('1h');
  s.sim.sandbox.smsStop(s.accountId, '+15550100002');
  s.sim.sandbox.clock.advance('1h');
  s.writeIn('sms', '+15550100001', 'START');
  return s;
}

describe('GET /opt-outs', () => {
  it('lists most recently recorded first, with meta:/sms: ids', async () => {
    const s = seeded();
    const list = data<OptOut[]>(await s.get('/opt-outs'));
    expect(list.map((row) => row.id)).toEqual(['sms:1', 'sms:2', 'meta:2', 'meta:1']);
    expect(list[0]).toMatchObject({
      channel: 'sms',
      identifier: '+15550100001',
      status: 'opted_in',
      scope: 'all',
      method: null,
      keyword: null,
      opted_out_at: '2026-01-01T00:00:00+00:00',
      opted_in_at: '2026-01-01T04:00:00+00:00',
      recorded_at: '2026-01-01T04:00:00+00:00',
    });
    expect(typeof list[0]!.contact_id).toBe('number');
    expect(list[3]).toMatchObject({ channel: 'instagram', scope: 'comment_dm', method: 'comment_reply', keyword: 'STOP', contact_id: null });
  });

  it('filters by channel, status (opted_in is SMS only), scope (excludes SMS) and since (inclusive, on recorded_at)', async () => {
    const s = seeded();
    const ids = async (query: Record<string, string>) => data<OptOut[]>(await s.get('/opt-outs', query)).map((row) => row.id);
    expect(await ids({ channel: 'sms' })).toEqual(['sms:1', 'sms:2']);
    expect(await ids({ status: 'opted_in' })).toEqual(['sms:1']);
    expect(await ids({ status: 'opted_out' })).toEqual(['sms:2', 'meta:2', 'meta:1']);
    expect(await ids({ scope: 'all' })).toEqual([]);
    expect(await ids({ scope: 'broadcast' })).toEqual(['meta:2']);
    expect(await ids({ channel: 'sms', scope: 'all' })).toEqual([]);
    expect(await ids({ since: '2026-01-01T02:00:00+00:00' })).toEqual(['sms:1', 'sms:2', 'meta:2']);
    expect(await ids({ since: '2026-01-01T02:00:01+00:00' })).toEqual(['sms:1', 'sms:2']);
  });

  it('refuses invalid filters with 400 invalid_param', async () => {
    const s = seeded();
    for (const [param, value] of [
      ['channel', 'email'],
      ['status', 'unsubscribed'],
      ['scope', 'everything'],
      ['since', '2026-01-01'],
    ] as const) {
      const res = await s.get('/opt-outs', { [param]: value });
      expect([res.status, errorCode(res), errorParam(res)]).toEqual([400, 'invalid_param', param]);
    }
  });

  it('pages with an opaque cursor that survives re-sorting records', async () => {
    const s = seeded();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await s.get('/opt-outs', cursor ? { limit: 1, starting_after: cursor } : { limit: 1 })).body as Page;
      seen.push(...page.data.map((row) => row.id));
      cursor = page.next_cursor;
      if (cursor) expect(cursor).not.toMatch(/^(sms|meta):|^\d+$/);
    } while (cursor);
    expect(seen).toEqual(['sms:1', 'sms:2', 'meta:2', 'meta:1']);
    const tampered = await s.get('/opt-outs', { starting_after: 'eyJsIjoibGlzdE9wdE91dHMiLCJwIjo1fQ.000000000000' });
    expect([tampered.status, errorParam(tampered)]).toEqual([400, 'starting_after']);
  });
});

describe('SMS STOP and START', () => {
  it('STOP keywords create and re-open one record per number; START lifts it; START alone does nothing', async () => {
    const s = messagingSim();
    expect(s.sim.sandbox.smsStart(s.accountId, '+15550100009')).toBeNull();
    expect(data<OptOut[]>(await s.get('/opt-outs'))).toEqual([]);
    for (const word of ['STOP', 'unsubscribe', ' quit ', 'CANCEL', 'END', 'STOPALL']) {
      const result = s.sim.sandbox.inbound(s.accountId, { channel: 'sms', platform_user_id: '+15550100001', text: word });
      expect(result.delivered && result.opt_out?.status).toBe('opted_out');
    }
    s.sim.sandbox.inbound(s.accountId, { channel: 'sms', platform_user_id: '+15550100001', text: 'stop please' });
    const rows = data<OptOut[]>(await s.get('/opt-outs'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('opted_out');
    const start = s.sim.sandbox.inbound(s.accountId, { channel: 'sms', platform_user_id: '+15550100001', text: 'unstop' });
    expect(start.delivered && start.opt_out?.status).toBe('opted_in');
    // The numbers compare by digits.
    expect(s.sim.sandbox.smsStop(s.accountId, '+1 (555) 010-0001')?.id).toBe('sms:1');
  });

  it('only SMS can opt back in; SMS has no scope, method or keyword', () => {
    const s = messagingSim();
    expect(() => s.sim.sandbox.optOut(s.accountId, { channel: 'instagram', platform_user_id: 'x', status: 'opted_in' })).toThrow(/only SMS/);
    expect(() => s.sim.sandbox.optOut(s.accountId, { channel: 'sms', platform_user_id: '+1555', scope: 'all' })).toThrow(/SMS opt-outs/);
  });

  it('keeps the record when the contact is erased, without the link', async () => {
    const s = messagingSim();
    const id = s.writeIn('sms', '+15550100001', 'STOP');
    const contactId = data<{ contact_id: number }>(await s.get(`/conversations/${id}`)).contact_id;
    await s.call('DELETE', `/contacts/${contactId}`);
    expect(data<OptOut[]>(await s.get('/opt-outs'))[0]).toMatchObject({ id: 'sms:1', contact_id: null, status: 'opted_out' });
  });
});
