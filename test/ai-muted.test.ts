/**
 * The AI says nothing where it is muted (audit 7, M1; spec 2.5 "the AI is muted on any thread
 * that is assigned or escalated", 3.1 `ai_paused`, 7.2 opt-outs): a question on such a thread
 * leaves no knowledge gap with an `ai_response` and counts no FAQ use. The seed batches the AI's
 * replies and a question is heard when the reply goes out (audit 8, N2), so every check waits past
 * the batch window (`settle`). Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, FAQ_QUESTION, UNKNOWN_QUESTION, threadHelpers, type Json } from './support/ai-thread.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

const T0 = Date.parse('2030-03-04T10:00:00Z');

function helpers(api: () => RuntimeApi) {
  const { accountId, call, say } = threadHelpers(api, 'instagram');
  /** Past the seed's batch window (6 s): a reply that goes out has been sent, and its questions heard. */
  const settle = () => api().sim.sandbox.clock.advance('10s');
  const gapIds = async () => data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { status: 'all', limit: '100' })).map((gap) => gap['id']);
  const faqUses = async () => data(await call('GET', '/knowledge/faqs/1'))['usage_count'];
  /** Asks both questions and expects neither a gap nor an FAQ use. */
  const expectSilence = async (platformUserId: string, channel: 'instagram' | 'facebook' | 'sms' = 'instagram') => {
    const gaps = await gapIds();
    const uses = await faqUses();
    say(platformUserId, UNKNOWN_QUESTION, channel);
    say(platformUserId, FAQ_QUESTION, channel);
    settle();
    expect(await gapIds()).toEqual(gaps);
    expect(await faqUses()).toBe(uses);
  };
  return { accountId, call, say, settle, gapIds, faqUses, expectSilence };
}

describeRuntimes('a muted thread gets no AI answer (audit 7, M1)', (api) => {
  const { accountId, call, say, settle, gapIds, faqUses, expectSilence } = helpers(api);

  it('on a live thread the same questions make a gap and count an FAQ use (the control)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const gaps = (await gapIds()).length;
    const uses = (await faqUses()) as number;
    const thread = say('ig_m1_live', UNKNOWN_QUESTION);
    say('ig_m1_live', FAQ_QUESTION);
    settle();
    const opened = data<Json[]>(await call('GET', '/knowledge-gaps', undefined, { limit: '1' }))[0]!;
    expect(opened).toMatchObject({ conversation_id: thread.id, ai_response: expect.stringContaining('check with the team') });
    expect((await gapIds()).length).toBe(gaps + 1);
    expect(await faqUses()).toBe(uses + 1);
  });

  it('owner_claimed (PATCH ai_paused: true)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const thread = say('ig_m1_owner', 'hello');
    expect(data(await call('PATCH', `/conversations/${thread.id}`, { ai_paused: true }))).toMatchObject({ ai_pause_reason: 'owner_claimed' });
    await expectSilence('ig_m1_owner');
  });

  it('assigned (POST assign)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const thread = say('ig_m1_assigned', 'hello');
    const members = data<Json[]>(await call('GET', '/team'));
    const assigned = await call('POST', `/conversations/${thread.id}/assign`, { assigned_to: members[0]!['id'] });
    expect(data(assigned)).toMatchObject({ ai_paused: true, ai_pause_reason: 'assigned' });
    await expectSilence('ig_m1_assigned');
  });

  it('escalated (set by the system)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const thread = say('ig_m1_escalated', 'hello');
    api().sim.sandbox.setConversationState(accountId(), thread.id, { status: 'escalated' });
    expect(data(await call('GET', `/conversations/${thread.id}`))).toMatchObject({ status: 'escalated', ai_pause_reason: 'escalated' });
    await expectSilence('ig_m1_escalated');
  });

  it('a portal-only pause (solicitation)', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const thread = say('ig_m1_solicit', 'hello');
    api().sim.sandbox.setConversationState(accountId(), thread.id, { ai_pause_reason: 'solicitation' });
    await expectSilence('ig_m1_solicit');
  });

  it('an SMS customer who texted STOP', async () => {
    api().sim.sandbox.clock.freeze(T0);
    say('+15550006666', 'STOP', 'sms');
    await expectSilence('+15550006666', 'sms');
    // START opts back in: the AI answers again.
    say('+15550006666', 'START', 'sms');
    const gaps = (await gapIds()).length;
    say('+15550006666', UNKNOWN_QUESTION, 'sms');
    settle();
    expect((await gapIds()).length).toBe(gaps + 1);
  });

  it('resuming the AI (PATCH ai_paused: false) makes it answer again', async () => {
    api().sim.sandbox.clock.freeze(T0);
    const thread = say('ig_m1_resume', 'hello');
    await call('PATCH', `/conversations/${thread.id}`, { ai_paused: true });
    await expectSilence('ig_m1_resume');
    await call('PATCH', `/conversations/${thread.id}`, { ai_paused: false });
    const uses = (await faqUses()) as number;
    say('ig_m1_resume', FAQ_QUESTION);
    settle();
    expect(await faqUses()).toBe(uses + 1);
  });
});
