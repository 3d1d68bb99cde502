/** AI configuration (2.17, 4.11): nine sections, plan gates, clamps, rejections, side rules, starters. */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const FROZEN = '2026-03-02T15:00:00+00:00';
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;
const section = (config: Json, name: string) => config[name] as Json;

function setup() {
  const t = testSimulator({ clock: { frozenAt: FROZEN } });
  const { sim, keys } = t;
  const get = async (key = keys.read) => data(await sim.request({ path: '/ai/config', key }));
  const patch = (body: unknown, key = keys.admin) => sim.request({ method: 'PATCH', path: '/ai/config', key, body });
  return { ...t, get, patch };
}

describe('GET /ai/config', () => {
  it('answers all nine sections; available follows the plan table', async () => {
    const { get, accounts } = setup();
    const expected: Record<string, Record<string, boolean>> = {
      business: { file_handling: true, followups: true, csat: true, comment_ai: true },
      pro: { file_handling: true, followups: true, csat: false, comment_ai: true },
      creator: { file_handling: true, followups: true, csat: false, comment_ai: false },
      free: { file_handling: false, followups: false, csat: false, comment_ai: false },
    };
    for (const account of accounts.slice(0, 4)) {
      const config = await get(account.keys.read);
      expect(Object.keys(config)).toEqual(['identity', 'behavior', 'restrictions', 'starters', 'file_handling', 'followups', 'csat', 'comment_ai', 'booking']);
      const available = Object.fromEntries(['file_handling', 'followups', 'csat', 'comment_ai'].map((name) => [name, section(config, name)['available']]));
      expect(available, account.plan).toEqual(expected[account.plan]);
      expect((section(config, 'behavior')['business_hours'] as unknown[]).length).toBe(7);
    }
  });

  it('answers csat.custom_message as text: "" when none is set, and null clears it to "" (audit 12g C7)', async () => {
    const { get, patch, accounts } = setup();
    for (const account of accounts.slice(0, 4)) expect(section(await get(account.keys.read), 'csat')['custom_message'], account.plan).toBe('');
    expect(section(data(await patch({ csat: { custom_message: 'Thanks for chatting!' } })), 'csat')['custom_message']).toBe('Thanks for chatting!');
    expect(section(data(await patch({ csat: { custom_message: null } })), 'csat')['custom_message']).toBe('');
    expect(section(await get(), 'csat')['custom_message']).toBe('');
  });

  it('shows the booking timing in the account time zone and the active services in display order', async () => {
    const { get } = setup();
    const booking = section(await get(), 'booking');
    expect(booking['timing']).toMatchObject({ timezone: 'America/New_York', buffer_minutes: 15 });
    expect(booking['calendar']).toEqual({ connected: true, provider: 'google' });
    const services = booking['bookable_services'] as Json[];
    expect(services.map((s) => s['name'])).toEqual(['Boot fitting', 'Ski and snowboard tune-up', 'Climbing gear safety check', 'Virtual trip-planning call', 'Tent rental']);
    expect(services[0]).toEqual({ id: expect.any(Number), name: 'Boot fitting', duration_minutes: 45, price: '0.00', currency: 'USD', is_virtual: false });
  });

  it('needs a read key; PATCH needs admin (5)', async () => {
    const { sim, keys, patch } = setup();
    expect((await sim.request({ path: '/ai/config', key: keys.read })).status).toBe(200);
    expect(error(await patch({}, keys.write))).toMatchObject({ code: 'insufficient_scope' });
  });
});

describe('PATCH /ai/config', () => {
  it('takes any subset and answers the full configuration', async () => {
    const { patch, get } = setup();
    const res = await patch({ identity: { tone: 'formal' }, restrictions: { off_limits: { pricing: true } } });
    expect(res.status).toBe(200);
    const config = data(res);
    expect(section(config, 'identity')['tone']).toBe('formal');
    expect(section(config, 'restrictions')['off_limits']).toMatchObject({ pricing: true, medical: true, legal: false });
    expect(await get()).toEqual(config);
    expect((await patch({})).status).toBe(200);
  });

  it('clamps the welcome message to 500, the batch window to 5000 ms and the name to 100', async () => {
    const { patch } = setup();
    const config = data(await patch({ identity: { welcome_message: 'w'.repeat(700), name: 'n'.repeat(150) }, behavior: { batch_window_ms: 10 } }));
    expect(section(config, 'identity')['welcome_message']).toBe('w'.repeat(500));
    expect(section(config, 'identity')['name']).toBe('n'.repeat(100));
    expect(section(config, 'behavior')['batch_window_ms']).toBe(5000);
    const emoji = data(await patch({ identity: { welcome_message: '😀'.repeat(501) } }));
    expect([...(section(emoji, 'identity')['welcome_message'] as string)]).toHaveLength(500);
    expect(section(data(await patch({ behavior: { batch_window_ms: 7000 } })), 'behavior')['batch_window_ms']).toBe(7000);
  });

  it('clamps a batch window over five minutes down to 300000 ms, as 4.11 clamps the batch window (audit 14b B5)', async () => {
    const { patch } = setup();
    for (const [sent, kept] of [[300_000, 300_000], [300_001, 300_000], [600_000, 300_000]] as const) {
      const res = await patch({ behavior: { batch_window_ms: sent } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(section(data(res), 'behavior')['batch_window_ms']).toBe(kept);
    }
  });

  const refusals: [string, Json, string][] = [
    ['instructions over 15,000', { identity: { instructions: 'i'.repeat(15_001) } }, 'identity.instructions'],
    ['a first delay of 4 minutes', { followups: { first_delay_minutes: 4 } }, 'followups.first_delay_minutes'],
    ['a first delay of 61 minutes', { followups: { first_delay_minutes: 61 } }, 'followups.first_delay_minutes'],
    ['a second delay of 0 hours', { followups: { second_delay_hours: 0 } }, 'followups.second_delay_hours'],
    ['a second delay of 24 hours', { followups: { second_delay_hours: 24 } }, 'followups.second_delay_hours'],
    ['a fractional delay', { followups: { first_delay_minutes: 5.5 } }, 'followups.first_delay_minutes'],
    ['five starter questions', { starters: { instagram: { questions: ['a', 'b', 'c', 'd', 'e'] } } }, 'starters.instagram.questions'],
    ['a starter question of 81', { starters: { facebook: { questions: ['q'.repeat(81)] } } }, 'starters.facebook.questions.0'],
    ['an empty starter question', { starters: { instagram: { questions: [' '] } } }, 'starters.instagram.questions.0'],
    ['starters enabled without questions', { starters: { instagram: { enabled: true, questions: [] } } }, 'starters.instagram.questions'],
    ['ice breakers without questions', { starters: { facebook: { questions: [] } } }, 'starters.facebook.questions'],
    ['an unknown CSAT template', { csat: { template: 'fancy' } }, 'csat.template'],
    ['a CSAT message over 500', { csat: { custom_message: 'm'.repeat(501) } }, 'csat.custom_message'],
    ['comment instructions over 5000', { comment_ai: { instructions: 'c'.repeat(5001) } }, 'comment_ai.instructions'],
    ['an unknown section', { persona: {} }, 'persona'],
    ['an unknown field', { identity: { mood: 'happy' } }, 'identity.mood'],
    ['a wrong type', { behavior: { batch_messages: 'yes' } }, 'behavior.batch_messages'],
    ['an unknown tone', { identity: { tone: 'sarcastic' } }, 'identity.tone'],
    ['a bad quiet-hours time', { followups: { quiet_hours: { start: '25:00' } } }, 'followups.quiet_hours.start'],
    ['a bad exclude rule', { comment_ai: { exclude_rules: [{ type: 'hashtag', value: 'x' }] } }, 'comment_ai.exclude_rules.0.type'],
    ['a website that is not http', { identity: { website_url: 'ftp://atlas.test' } }, 'identity.website_url'],
    ['a bad email', { identity: { business_contact_email: 'nope' } }, 'identity.business_contact_email'],
    ['read-only instructions_source', { identity: { instructions_source: 'manual' } }, 'identity.instructions_source'],
    ['read-only business hours', { behavior: { business_hours: [] } }, 'behavior.business_hours'],
    ['read-only starters.published', { starters: { published: {} } }, 'starters.published'],
    ['read-only available', { csat: { available: true } }, 'csat.available'],
    ['read-only booking timing', { booking: { timing: { buffer_minutes: 0 } } }, 'booking.timing'],
    ['read-only booking calendar', { booking: { calendar: null } }, 'booking.calendar'],
    ['read-only bookable services', { booking: { bookable_services: [] } }, 'booking.bookable_services'],
  ];
  for (const [label, body, param] of refusals) {
    it(`refuses ${label} with 400 naming ${param}, changing nothing`, async () => {
      const { patch, get } = setup();
      const before = await get();
      const res = await patch({ identity: { welcome_message: 'should not stick' }, ...body });
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param });
      expect(await get()).toEqual(before);
    });
  }

  it('accepts the edges: 15,000 instructions, delays 5/60 and 1/23, four questions of 80', async () => {
    const { patch } = setup();
    const res = await patch({
      identity: { instructions: 'i'.repeat(15_000) },
      followups: { first_delay_minutes: 60, second_delay_hours: 1 },
      starters: { instagram: { questions: ['q'.repeat(80), 'b', 'c', 'd'] } },
    });
    expect(res.status).toBe(200);
    expect(section(data(await patch({ followups: { first_delay_minutes: 5, second_delay_hours: 23 } })), 'followups')).toMatchObject({
      first_delay_minutes: 5,
      second_delay_hours: 23,
    });
  });

  it('marks instructions written through the API as manual', async () => {
    const { patch, accounts } = setup();
    const key = accounts[2]!.keys.admin;
    const config = data(await patch({ identity: { instructions: 'Be kind.' } }, key));
    expect(section(config, 'identity')).toMatchObject({ instructions: 'Be kind.', instructions_source: 'manual' });
  });

  it('gives 403 feature_unavailable naming the section the plan lacks, even for one field', async () => {
    const { patch, accounts, get } = setup();
    const free = accounts[3]!.keys.admin;
    for (const name of ['file_handling', 'followups', 'csat', 'comment_ai']) {
      const res = await patch({ [name]: { enabled: false } }, free);
      expect(res.status, name).toBe(403);
      expect(error(res)).toMatchObject({ code: 'feature_unavailable', param: name });
    }
    const before = await get(accounts[3]!.keys.read);
    expect((await patch({ identity: { tone: 'casual' }, csat: { enabled: true } }, free)).status).toBe(403);
    expect(await get(accounts[3]!.keys.read)).toEqual(before);
    expect(error(await patch({ csat: { enabled: true } }, accounts[1]!.keys.admin))).toMatchObject({ param: 'csat' });
    expect(error(await patch({ comment_ai: { enabled: true } }, accounts[2]!.keys.admin))).toMatchObject({ param: 'comment_ai' });
    expect((await patch({ followups: { enabled: true } }, accounts[2]!.keys.admin)).status).toBe(200);
  });

  it('turns batching on with file handling, and keeps it on while file handling is', async () => {
    const { patch, accounts } = setup();
    const key = accounts[2]!.keys.admin;
    const on = data(await patch({ behavior: { batch_messages: false }, file_handling: { enabled: true } }, key));
    expect(section(on, 'behavior')['batch_messages']).toBe(true);
    expect(section(data(await patch({ behavior: { batch_messages: false } }, key)), 'behavior')['batch_messages']).toBe(true);
    await patch({ file_handling: { enabled: false } }, key);
    expect(section(data(await patch({ behavior: { batch_messages: false } }, key)), 'behavior')['batch_messages']).toBe(false);
  });

  it('refuses Meet invites without a calendar; with one they make the email field required', async () => {
    const { patch, sim, accounts } = setup();
    const creator = accounts[2]!;
    const refused = await patch({ booking: { google_meet_invites: true } }, creator.keys.admin);
    expect(error(refused)).toMatchObject({ code: 'invalid_param', param: 'booking.google_meet_invites' });
    sim.sandbox.setAiBooking(creator.id, { calendar: { provider: 'google' } });
    const booking = section(data(await patch({ booking: { google_meet_invites: true, required_fields: { email: false } } }, creator.keys.admin)), 'booking');
    expect(booking).toMatchObject({ google_meet_invites: true, required_fields: { email: true }, calendar: { connected: true, provider: 'google' } });
    expect(section(data(await patch({ booking: { required_fields: { email: false } } }, creator.keys.admin)), 'booking')['required_fields']).toMatchObject({ email: true });
    // Disconnecting the calendar turns the invites off.
    expect(sim.sandbox.setAiBooking(creator.id, { calendar: { provider: null } })).toMatchObject({ google_meet_invites: false, calendar: { connected: false } });
  });

  it("forces the email only while invites are on: the owner's own choice comes back when they go off (audit 15c B2)", async () => {
    const { patch, sim, accounts } = setup();
    const creator = accounts[2]!;
    const key = creator.keys.admin;
    sim.sandbox.setAiBooking(creator.id, { calendar: { provider: 'google' } });
    await patch({ booking: { google_meet_invites: false, required_fields: { email: false } } }, key);
    const on = section(data(await patch({ booking: { google_meet_invites: true } }, key)), 'booking');
    expect(on['required_fields']).toMatchObject({ email: true });
    const off = section(data(await patch({ booking: { google_meet_invites: false } }, key)), 'booking');
    expect(off['required_fields']).toMatchObject({ email: false });
    // Disconnecting the calendar turns invites off: the same choice comes back.
    await patch({ booking: { google_meet_invites: true } }, key);
    expect(sim.sandbox.setAiBooking(creator.id, { calendar: { provider: null } })).toMatchObject({ google_meet_invites: false, required_fields: { email: false } });
  });

  it('answers required_fields.name true whatever was sent: 4.6 requires the name of every booking (audit 15c B1)', async () => {
    const { patch } = setup();
    const booking = section(data(await patch({ booking: { required_fields: { name: false } } })), 'booking');
    expect(booking['required_fields']).toMatchObject({ name: true });
  });

  it('replaces exclude_rules whole and merges nested objects field by field', async () => {
    const { patch } = setup();
    await patch({ comment_ai: { exclude_rules: [{ type: 'keyword', value: 'a' }, { type: 'keyword', value: 'b' }] } });
    const config = data(await patch({ comment_ai: { exclude_rules: [{ type: 'post_id', value: '1' }], moderation: { spam: false } } }));
    expect(section(config, 'comment_ai')['exclude_rules']).toEqual([{ type: 'post_id', value: '1' }]);
    expect(section(config, 'comment_ai')['moderation']).toMatchObject({ spam: false, profanity: true });
  });

  it('never changes the per-channel AI switches', async () => {
    const { patch, sim, keys } = setup();
    const before = await sim.request({ path: '/ai/channels', key: keys.read });
    await patch({ identity: { tone: 'formal' }, behavior: { goals: ['answer_questions'] }, file_handling: { enabled: false } });
    expect((await sim.request({ path: '/ai/channels', key: keys.read })).body).toEqual(before.body);
  });
});

describe('starters publish', () => {
  it('publishes to both platforms at once when starters are sent', async () => {
    const { patch, sim } = setup();
    sim.sandbox.clock.advance('1h');
    const published = section(section(data(await patch({ starters: { instagram: { questions: ['Hours?'] } } })), 'starters'), 'published');
    expect(published).toEqual({
      instagram_published_at: '2026-03-02T16:00:00+00:00',
      instagram_error: null,
      facebook_published_at: '2026-03-02T16:00:00+00:00',
      facebook_error: null,
    });
  });

  it('saves locally and reports the error when a platform refuses or is not connected', async () => {
    const { patch, sim, accounts, get } = setup();
    const id = accounts[0]!.id;
    expect(sim.sandbox.setStarterPublishFaults(id, { instagram: 'Instagram rejected the ice breakers.' })).toEqual({ instagram: 'Instagram rejected the ice breakers.', facebook: null });
    sim.sandbox.setChannel(id, 'facebook', { connected: false });
    const before = section(section(await get(), 'starters'), 'published');
    const starters = section(data(await patch({ starters: { instagram: { questions: ['New?'] } } })), 'starters');
    expect(section(starters, 'instagram')['questions']).toEqual(['New?']);
    expect(section(starters, 'published')).toMatchObject({
      instagram_error: 'Instagram rejected the ice breakers.',
      instagram_published_at: before['instagram_published_at'],
      facebook_error: expect.stringContaining('not connected'),
    });
    sim.sandbox.setStarterPublishFaults(id, { instagram: null });
    sim.sandbox.setChannel(id, 'facebook', { connected: true });
    expect(section(section(data(await patch({ starters: {} })), 'starters'), 'published')).toMatchObject({ instagram_error: null, facebook_error: null });
  });

  it('does not publish on a PATCH without starters', async () => {
    const { patch, sim, get } = setup();
    const before = section(section(await get(), 'starters'), 'published');
    sim.sandbox.clock.advance('1h');
    expect(section(section(data(await patch({ identity: { tone: 'formal' } })), 'starters'), 'published')).toEqual(before);
  });
});

describe('sandbox booking settings', () => {
  it('sets business hours, timing and calendar; refuses hours out of order', async () => {
    const { sim, accounts, get } = setup();
    const id = accounts[0]!.id;
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
    const hours = days.map((day) => (day === 'sunday' ? { day, closed: true, open: null, close: null } : { day, closed: false, open: '08:00', close: '12:00' }));
    const state = sim.sandbox.setAiBooking(id, { business_hours: hours, timing: { buffer_minutes: 0 } });
    expect(state).toMatchObject({ business_hours: hours, timing: { buffer_minutes: 0, minimum_notice_minutes: 120, timezone: 'America/New_York' } });
    expect(section(await get(), 'behavior')['business_hours']).toEqual(hours);
    expect(() => sim.sandbox.setAiBooking(id, { business_hours: [...hours].reverse() })).toThrow(/day/);
    const backwards = hours.map((entry) => (entry.day === 'monday' ? { ...entry, open: '12:00', close: '08:00' } : entry));
    const res = await sim.request({ method: 'POST', path: '/_sandbox/ai/booking', key: accounts[0]!.keys.admin, body: { business_hours: backwards } });
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'business_hours.0.open' });
  });
});
