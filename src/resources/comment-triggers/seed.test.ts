/** The default seed's comment automation: triggers active, paused and created_paused; handled comments in every status; a bad seed names its path. */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { list } from '../../../test/support/flow-graphs.js';
import { testSimulator } from '../../../test/support/simulator.js';
import { createSimulator } from '../../simulator.js';
import { silentLogger } from '../../core/logger.js';

describe('default seed', () => {
  it('holds triggers active, paused and created_paused, with stats and tags', async () => {
    const { sim, accounts } = testSimulator();
    const triggers = list(await sim.request({ path: '/comment-triggers', key: accounts[0]!.keys.read! }));
    expect(triggers.map((t) => [t['name'], t['active'], t['created_paused']])).toEqual([
      ['Spring giveaway (ended)', false, false],
      ['Price list', true, false],
      ['Boot size guide', true, false],
    ]);
    expect(triggers[2]).toMatchObject({ post_id: '179000000000001', tag_id: expect.any(Number), stats: { fires: 42, dms_sent: 39, public_replies: 42 } });
    const creator = list(await sim.request({ path: '/comment-triggers', key: accounts[2]!.keys.read! }));
    expect(creator.find((t) => t['name'] === 'Birthday cakes')).toMatchObject({ active: false, created_paused: true });
  });

  it('gives every trigger that has fired a last fire before now (last_fired_ago), and none to one that has not', async () => {
    const { sim, accounts } = testSimulator();
    let fired = 0;
    for (const account of accounts) {
      const answer = await sim.request({ path: '/comment-triggers', key: account.keys.read! });
      if (answer.status !== 200) continue;
      for (const trigger of list(answer)) {
        const stats = trigger['stats'] as { fires: number; last_fired_at: string | null };
        if (stats.fires === 0) expect(stats.last_fired_at, String(trigger['name'])).toBeNull();
        else {
          fired++;
          expect(Date.parse(stats.last_fired_at!), String(trigger['name'])).toBeLessThanOrEqual(Date.parse(sim.sandbox.clock.now()));
        }
      }
    }
    expect(fired).toBeGreaterThan(0);
    const guide = list(await sim.request({ path: '/comment-triggers', key: accounts[0]!.keys.read! })).find((t) => t['name'] === 'Boot size guide')!;
    // 32d before the seed time (the clock runs on, at whole seconds, since the load): history
    // from before the simulator, so outside the 7- and 30-day windows it tracks (audit 9c, Q2).
    const sinceLastFire = Date.parse(sim.sandbox.clock.now()) - Date.parse((guide['stats'] as { last_fired_at: string }).last_fired_at);
    expect(sinceLastFire).toBeGreaterThanOrEqual(32 * 86_400_000);
    expect(sinceLastFire).toBeLessThan(32 * 86_400_000 + 60_000);
  });

  it('holds handled comments in every status but skipped (no plan cap was reached), and recent posts', async () => {
    const { sim, accounts } = testSimulator();
    const key = accounts[0]!.keys.read!;
    const comments = list(await sim.request({ path: '/comments', key }));
    expect(new Set(comments.map((c) => c['status']))).toEqual(new Set(['pending', 'sent', 'moderated', 'rejected', 'failed']));
    expect(comments.find((c) => c['status'] === 'sent')).toMatchObject({ reply: { sent_text: expect.any(String), meta_reply_id: expect.any(String) } });
    expect(comments.find((c) => c['status'] === 'moderated')).toMatchObject({ moderation: { action: 'hidden', flags: ['competitor_links'] } });
    expect(list(await sim.request({ path: '/recent-posts', key })).map((post) => post['id'])).toEqual(expect.arrayContaining(['179000000000001', '179000000000005']));
  });

  it('refuses a seeded trigger that breaks a rule, naming its path', () => {
    const seed = defaultSeed();
    const account = seed.accounts[0] as Record<string, unknown>;
    account['comment_triggers'] = [{ name: 'x', platform: 'instagram', keywords: ['x'], response_mode: 'dm_only' }];
    expect(() => createSimulator({ seed, logger: silentLogger })).toThrow(/comment_triggers\[0\]/);
  });
});
