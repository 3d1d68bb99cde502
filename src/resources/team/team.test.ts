import { describe, expect, it } from 'vitest';
import { data, errorCode, errorParam, messagingSim } from '../../../test/support/messaging.js';

type Member = { id: number; name: string; email: string; role: string; channels: string[] | null; active_conversations: number };
type Invitation = { id: number; email: string; role: string; channels: string[] | null; status: string; expires_at: string; email_sent: boolean; invite_link?: string };

const invite = (s: ReturnType<typeof messagingSim>, body: Record<string, unknown>) => s.call('POST', '/team/invitations', body, s.keys.admin);

describe('GET /team', () => {
  it('orders members by name (case-insensitive) in one page, with the read scope', async () => {
    const s = messagingSim({
      extra: {
        team: [
          { name: 'zoe Park', email: 'zoe@t.example' },
          { name: 'Adam Ng', email: 'adam@t.example', role: 'manager' },
          { name: 'Mia Roy', email: 'mia@t.example', channels: ['sms'] },
        ],
      },
    });
    const res = await s.get('/team', undefined, s.keys.read);
    expect(res.status).toBe(200);
    expect(data<Member[]>(res).map((m) => m.name)).toEqual(['Adam Ng', 'Mia Roy', 'zoe Park']);
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(data<Member[]>(res)[1]).toMatchObject({ channels: ['sms'], role: 'agent', active_conversations: 0 });
    // Credentials and permissions are never shown.
    expect(Object.keys(data<Member[]>(res)[0]!).sort()).toEqual(
      ['active_conversations', 'avatar_url', 'channels', 'created_at', 'email', 'id', 'name', 'role', 'status', 'total_resolved'],
    );
  });

  it('counts a member’s open assigned conversations', async () => {
    const s = messagingSim({ extra: { team: [{ name: 'Dana', email: 'dana@t.example' }] } });
    const a = s.writeIn('instagram', 'ig_1');
    const b = s.writeIn('instagram', 'ig_2');
    await s.call('POST', `/conversations/${a}/assign`, { assigned_to: 1 });
    await s.call('POST', `/conversations/${b}/assign`, { assigned_to: 1 });
    expect(data<Member[]>(await s.get('/team'))[0]!.active_conversations).toBe(2);
    await s.call('PATCH', `/conversations/${b}`, { status: 'resolved' });
    expect(data<Member[]>(await s.get('/team'))[0]).toMatchObject({ active_conversations: 1, total_resolved: 1 });
  });
});

describe('POST /team/invitations', () => {
  it('creates a pending invitation that expires in 7 days; admin scope needed', async () => {
    const s = messagingSim();
    const denied = await s.call('POST', '/team/invitations', { email: 'a@b.com', name: 'A' }, s.keys.write);
    expect([denied.status, errorCode(denied)]).toEqual([403, 'insufficient_scope']);
    const res = await invite(s, { email: 'new.hire@acme.com', name: 'New Hire' });
    expect(res.status).toBe(201);
    expect(data<Invitation>(res)).toMatchObject({
      email: 'new.hire@acme.com',
      role: 'agent',
      channels: null,
      status: 'pending',
      expires_at: '2026-01-08T00:00:00+00:00',
      created_at: '2026-01-01T00:00:00+00:00',
      email_sent: true,
    });
    expect('invite_link' in data<Invitation>(res)).toBe(false);
    expect(data<Invitation[]>(await s.get('/team/invitations', undefined, s.keys.read))).toHaveLength(1);
  });

  it('shows invite_link only when the email was not sent', async () => {
    const s = messagingSim();
    const res = data<Invitation>(await invite(s, { email: 'someone@acme.test', name: 'Someone', role: 'manager', channels: ['instagram'] }));
    expect(res).toMatchObject({ email_sent: false, role: 'manager', channels: ['instagram'] });
    expect(res.invite_link).toMatch(/^https:\/\/.+\/invite\/[A-Za-z0-9]+$/);
  });

  it('validates its fields', async () => {
    const s = messagingSim();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'No Email' }, 'email'],
      [{ email: 'not-an-email', name: 'X' }, 'email'],
      [{ email: 'a@acme.com' }, 'name'],
      [{ email: 'a@acme.com', name: '   ' }, 'name'],
      [{ email: 'a@acme.com', name: 'A', role: 'owner' }, 'role'],
      [{ email: 'a@acme.com', name: 'A', channels: [] }, 'channels'],
      [{ email: 'a@acme.com', name: 'A', channels: ['sms', 'sms'] }, 'channels'],
      [{ email: 'a@acme.com', name: 'A', channels: ['email'] }, 'channels.0'],
      [{ email: 'a@acme.com', name: 'A', password: 'x' }, 'password'],
    ];
    for (const [body, param] of cases) {
      const res = await invite(s, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorParam(res), JSON.stringify(body)).toBe(param);
    }
    expect((await invite(s, { email: 'a@acme.com', name: 'A', channels: null })).status).toBe(201);
  });

  it('409 already_member and invitation_pending for a known address, case-insensitively', async () => {
    const s = messagingSim({ extra: { team: [{ name: 'Dana', email: 'dana@acme.com' }] } });
    const member = await invite(s, { email: 'DANA@acme.com', name: 'Dana again' });
    expect([member.status, errorCode(member)]).toEqual([409, 'already_member']);
    await invite(s, { email: 'kim@acme.com', name: 'Kim' });
    const pending = await invite(s, { email: 'Kim@Acme.com', name: 'Kim' });
    expect([pending.status, errorCode(pending)]).toEqual([409, 'invitation_pending']);
  });

  it('expires after 7 days on the virtual clock, which frees the address and the seat', async () => {
    const s = messagingSim();
    await invite(s, { email: 'kim@acme.com', name: 'Kim' });
    s.sim.sandbox.clock.advance('6d23h59m59s');
    expect(data<Invitation[]>(await s.get('/team/invitations'))).toHaveLength(1);
    s.sim.sandbox.clock.advance('1s');
    expect(data<Invitation[]>(await s.get('/team/invitations'))).toHaveLength(0);
    expect((await invite(s, { email: 'kim@acme.com', name: 'Kim' })).status).toBe(201);
  });
});

describe('GET /team/invitations pages (2.1: not a whole-set list)', () => {
  it('newest first, limit 1 to 100 (default 25), a cursor walk equal to one page, bad values 400', async () => {
    const s = messagingSim();
    for (const name of ['P', 'Q', 'R']) {
      expect((await invite(s, { email: `${name.toLowerCase()}@acme.test`, name })).status).toBe(201);
      s.sim.sandbox.clock.advance('1m');
    }
    const whole = await s.get('/team/invitations');
    const all = data<Invitation[]>(whole);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.slice(0, 3).map((invitation) => invitation.email)).toEqual(['r@acme.test', 'q@acme.test', 'p@acme.test']);
    const walked: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await s.get('/team/invitations', { limit: '1', ...(cursor ? { starting_after: cursor } : {}) });
      const body = page.body as { data: Invitation[]; has_more: boolean; next_cursor: string | null };
      expect(body.data).toHaveLength(1);
      walked.push(body.data[0]!.id);
      cursor = body.has_more ? body.next_cursor! : undefined;
    } while (cursor);
    expect(walked).toEqual(all.map((invitation) => invitation.id));
    for (const limit of ['0', '101', 'abc']) {
      const bad = await s.get('/team/invitations', { limit });
      expect([bad.status, errorCode(bad), errorParam(bad)]).toEqual([400, 'invalid_param', 'limit']);
    }
    const badCursor = await s.get('/team/invitations', { starting_after: 'not-a-cursor' });
    expect([badCursor.status, errorParam(badCursor)]).toEqual([400, 'starting_after']);
  });
});

describe('seats', () => {
  it('a pending invitation holds a seat; cancel and expiry free it (creator plan: 3 seats)', async () => {
    const s = messagingSim({ plan: 'creator', extra: { team: [{ name: 'Owner Helper', email: 'h@acme.com' }] } });
    const first = data<Invitation>(await invite(s, { email: 'a@acme.com', name: 'A' }));
    await invite(s, { email: 'b@acme.com', name: 'B' });
    const full = await invite(s, { email: 'c@acme.com', name: 'C' });
    expect([full.status, errorCode(full)]).toEqual([403, 'plan_limit_reached']);
    expect((full.body as { error: { message: string } }).error.message).toBe('The plan has 3 seats and every one is taken (members and pending invitations).');
    expect((await s.call('DELETE', `/team/invitations/${first.id}`, undefined, s.keys.admin)).status).toBe(200);
    expect((await invite(s, { email: 'c@acme.com', name: 'C' })).status).toBe(201);
    expect(errorCode(await invite(s, { email: 'd@acme.com', name: 'D' }))).toBe('plan_limit_reached');
    s.sim.sandbox.clock.advance('7d');
    expect((await invite(s, { email: 'd@acme.com', name: 'D' })).status).toBe(201);
  });

  it('the free plan has one seat', async () => {
    const s = messagingSim({ plan: 'free' });
    expect((await invite(s, { email: 'a@acme.com', name: 'A' })).status).toBe(201);
    const full = await invite(s, { email: 'b@acme.com', name: 'B' });
    expect(errorCode(full)).toBe('plan_limit_reached');
    // "1 seat", not "1 seats" (audit 9b note).
    expect((full.body as { error: { message: string } }).error.message).toBe('The plan has 1 seat and every one is taken (members and pending invitations).');
  });

  it('accepting passes the seat from the invitation to the new member', async () => {
    const s = messagingSim({ plan: 'free' });
    const invitation = data<Invitation>(await invite(s, { email: 'a@acme.com', name: 'Alex', role: 'manager' }));
    const member = s.sim.sandbox.acceptInvitation(s.accountId, invitation.id);
    expect(member).toMatchObject({ name: 'Alex', email: 'a@acme.com', role: 'manager', channels: null });
    expect(data<Invitation[]>(await s.get('/team/invitations'))).toEqual([]);
    expect(data<Member[]>(await s.get('/team'))).toHaveLength(1);
    expect(errorCode(await invite(s, { email: 'b@acme.com', name: 'B' }))).toBe('plan_limit_reached');
    expect(errorCode(await invite(s, { email: 'a@acme.com', name: 'Alex' }))).toBe('already_member');
  });
});

describe('resend and cancel', () => {
  it('resend issues a new link and resets the expiry', async () => {
    const s = messagingSim();
    const created = data<Invitation>(await invite(s, { email: 'x@acme.test', name: 'X' }));
    s.sim.sandbox.clock.advance('3d');
    const resent = await s.call('POST', `/team/invitations/${created.id}/resend`, undefined, s.keys.admin);
    expect(resent.status).toBe(200);
    expect(data<Invitation>(resent).expires_at).toBe('2026-01-11T00:00:00+00:00');
    expect(data<Invitation>(resent).invite_link).not.toBe(created.invite_link);
    s.sim.sandbox.clock.advance('6d');
    expect(data<Invitation[]>(await s.get('/team/invitations'))).toHaveLength(1);
    expect((await s.call('POST', `/team/invitations/${created.id}/resend`, undefined, s.keys.write)).status).toBe(403);
  });

  it('resend reads its body like every action: malformed JSON or an unknown field is 400 and resends nothing', async () => {
    const s = messagingSim();
    const created = data<Invitation>(await invite(s, { email: 'y@acme.test', name: 'Y' }));
    s.sim.sandbox.clock.advance('3d');
    const malformed = await s.call('POST', `/team/invitations/${created.id}/resend`, '{"a":', s.keys.admin);
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'invalid_json']);
    const unknown = await s.call('POST', `/team/invitations/${created.id}/resend`, { zz: 1 }, s.keys.admin);
    expect([unknown.status, errorCode(unknown)]).toEqual([400, 'invalid_param']);
    const [listed] = data<Invitation[]>(await s.get('/team/invitations'));
    expect(listed!.expires_at).toBe(created.expires_at);
    expect((await s.call('POST', `/team/invitations/${created.id}/resend`, {}, s.keys.admin)).status).toBe(200);
  });

  it('cancel frees the seat; a repeat, an expired or an unknown invitation is 404', async () => {
    const s = messagingSim();
    const created = data<Invitation>(await invite(s, { email: 'x@acme.com', name: 'X' }));
    const res = await s.call('DELETE', `/team/invitations/${created.id}`, undefined, s.keys.admin);
    expect(data(res)).toEqual({ id: created.id, object: 'team_invitation', deleted: true });
    expect((await s.call('DELETE', `/team/invitations/${created.id}`, undefined, s.keys.admin)).status).toBe(404);
    expect((await s.call('POST', `/team/invitations/${created.id}/resend`, undefined, s.keys.admin)).status).toBe(404);
    const other = data<Invitation>(await invite(s, { email: 'y@acme.com', name: 'Y' }));
    s.sim.sandbox.clock.advance('7d');
    expect((await s.call('POST', `/team/invitations/${other.id}/resend`, undefined, s.keys.admin)).status).toBe(404);
    expect((await s.call('DELETE', '/team/invitations/999999', undefined, s.keys.admin)).status).toBe(404);
  });
});

describe('PATCH and DELETE /team/{id}', () => {
  it('changes role and channels (null = every channel); admin scope', async () => {
    const s = messagingSim({ extra: { team: [{ name: 'Dana', email: 'dana@acme.com', channels: ['sms'] }] } });
    expect((await s.call('PATCH', '/team/1', { role: 'manager' }, s.keys.write)).status).toBe(403);
    expect(data<Member>(await s.call('PATCH', '/team/1', { role: 'manager' }, s.keys.admin))).toMatchObject({ role: 'manager', channels: ['sms'] });
    expect(data<Member>(await s.call('PATCH', '/team/1', { channels: null }, s.keys.admin)).channels).toBeNull();
    expect(data<Member>(await s.call('PATCH', '/team/1', { channels: ['instagram', 'facebook'] }, s.keys.admin)).channels).toEqual([
      'instagram',
      'facebook',
    ]);
    for (const body of [{}, { role: 'owner' }, { channels: [] }, { email: 'new@acme.com' }]) {
      expect((await s.call('PATCH', '/team/1', body, s.keys.admin)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await s.call('PATCH', '/team/999', { role: 'agent' }, s.keys.admin)).status).toBe(404);
    expect((await s.call('PATCH', '/team/1', { role: 'agent' }, s.otherKey)).status).toBe(404);
  });

  it('removes a member with admin scope only', async () => {
    const s = messagingSim({ extra: { team: [{ name: 'Dana', email: 'dana@acme.com' }] } });
    expect((await s.call('DELETE', '/team/1', undefined, s.keys.write)).status).toBe(403);
    expect(data(await s.call('DELETE', '/team/1', undefined, s.keys.admin))).toEqual({
      id: 1,
      object: 'team_member',
      deleted: true,
      conversations_unassigned: 0,
    });
    expect(data<Member[]>(await s.get('/team'))).toEqual([]);
  });
});
