/**
 * `POST /_sandbox/market/world` holds the numbers it is sent on the day of the edit (docs/sandbox.md;
 * audit 9b, P5): engagement rate, posts, content mix and posts per week read exactly as sent that
 * whole day, through the world route and through the market routes after a refresh, so a test can
 * set up a tie, a win or an opportunity; numbers not sent do not jump; history before the edit is
 * unchanged; the days after move on from the numbers sent. Virtual clock; both runtimes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';
import { testSimulator } from './support/simulator.js';

type Json = Record<string, unknown>;
const NOW = Date.parse('2026-03-01T10:00:00Z');
const data = <T = Json>(res: { body: unknown }) => (res.body as { data: T }).data;

function helpers(api: () => RuntimeApi) {
  const operator = () => ({ 'X-Sandbox-Token': api().sim.controlToken });
  const edit = async (body: Json) => {
    const res = await api().call({ method: 'POST', path: '/_sandbox/market/world', headers: operator(), body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return data<{ today: Json }>(res).today;
  };
  const today = async (username: string) => data<{ today: Json }>(await api().call({ path: `/_sandbox/market/world/${username}`, headers: operator() })).today;
  /** Account 4 (free plan, own handle northwind.studio, no history). */
  const key = (account: number) => api().accounts[account - 1]!.keys.full!;
  const call = (method: string, path: string, account: number, body?: Json, query?: Record<string, string>) =>
    api().call({ method, path, key: key(account), ...(body ? { body } : {}), ...(query ? { query } : {}) });
  const advance = (duration: string) => api().sim.sandbox.clock.advance(duration);
  return { edit, today, call, advance };
}

describeRuntimes('world edits hold on the day of the edit (audit 9b, P5)', (api) => {
  const { edit, today, call, advance } = helpers(api);

  it('reads the sent engagement rate, posts, content mix and posts per week exactly, all day', async () => {
    api().sim.sandbox.clock.freeze(NOW);
    const sent = { engagement_rate: 8, following: 123, posts: 456, content_mix: { reels: 50, photos: 50, carousels: 0 } };
    expect(await edit({ username: 'crumb.and.co', ...sent })).toMatchObject({ ...sent, date: '2026-03-01' });
    advance('13h59m');
    expect(await today('crumb.and.co')).toMatchObject({ ...sent, date: '2026-03-01' });
    // A new account, and a big one with a cadence.
    expect(await edit({ username: 'new.shop', kind: 'creator', followers: 5000, engagement_rate: 2.5 })).toMatchObject({ followers: 5000, engagement_rate: 2.5 });
    const big = { followers: 200_000, engagement_rate: 6, posts_per_week: 7, content_mix: { reels: 1, photos: 1, carousels: 1 } };
    expect(await edit({ username: 'new.shop3', kind: 'business', ...big })).toMatchObject({ ...big, content_mix: { reels: 34, photos: 33, carousels: 33 } });
  });

  it('the days after move on from the numbers sent, not from a fresh draw', async () => {
    api().sim.sandbox.clock.freeze(NOW);
    await edit({ username: 'crumb.and.co', engagement_rate: 8, posts: 456, content_mix: { reels: 50, photos: 50, carousels: 0 } });
    advance('3d');
    const later = await today('crumb.and.co');
    expect(later['engagement_rate'] as number).toBeGreaterThan(8 * 0.8);
    expect(later['engagement_rate'] as number).toBeLessThan(8 * 1.2);
    expect(later['posts'] as number).toBeGreaterThanOrEqual(456);
    expect((later['content_mix'] as Json)['carousels']).toBe(0);
  });

  it('numbers not sent keep today’s reading: an edit of followers moves neither engagement nor mix nor posts', async () => {
    api().sim.sandbox.clock.freeze(NOW);
    const before = await today('harbor.coffee');
    const after = await edit({ username: 'harbor.coffee', followers: 12_345 });
    expect(after).toEqual({ ...before, followers: 12_345 });
  });

  it('equal rates tie: you_lead null, neither a win nor an opportunity; a higher own rate is a win', async () => {
    api().sim.sandbox.clock.freeze(NOW);
    const same = { followers: 5000, engagement_rate: 4.5, posts_per_week: 3 };
    await edit({ username: 'northwind.studio', ...same });
    await edit({ username: 'harbor.coffee', ...same });
    const tracked = await call('POST', '/competitors', 4, { username: 'harbor.coffee' });
    expect(tracked.status).toBe(201);
    expect((await call('POST', '/market-intel/refresh', 4, {})).status).toBe(200);
    const comparison = data<{ metrics: Json[] }>(await call('GET', `/competitors/${data(tracked)['id']}`, 4));
    const metric = (name: string) => comparison.metrics.find((row) => row['metric'] === name);
    expect(metric('engagement_rate')).toEqual({ metric: 'engagement_rate', you: 4.5, them: 4.5, difference: 0, you_lead: null });
    expect(metric('posts_per_week')).toEqual({ metric: 'posts_per_week', you: 3, them: 3, difference: 0, you_lead: null });
    expect(metric('followers')).toMatchObject({ you: 5000, them: 5000, you_lead: null });
    const wins = data<{ wins: Json[]; opportunities: Json[] }>(await call('GET', '/market-intel/wins', 4));
    expect([...wins.wins, ...wins.opportunities].filter((item) => item['metric'] === 'engagement' || item['metric'] === 'posting')).toEqual([]);

    await edit({ username: 'northwind.studio', engagement_rate: 5 });
    advance('5m');
    expect((await call('POST', '/market-intel/refresh', 4, {})).status).toBe(200);
    const after = data<{ wins: Json[]; opportunities: Json[] }>(await call('GET', '/market-intel/wins', 4));
    expect(after.wins.filter((item) => item['metric'] === 'engagement')).toEqual([
      { metric: 'engagement', competitor: 'harbor.coffee', message: "Your engagement rate (5%) is higher than @harbor.coffee's (4.5%)." },
    ]);
    expect(after.opportunities.filter((item) => item['metric'] === 'engagement')).toEqual([]);
  });

  it('history before the edit stays as it was; the refresh on the edit day stores the numbers sent', async () => {
    // Account 1 tracks summit.supply.co with 30 days of history up to the seed's instant.
    const seeded = Date.parse(String(api().sim.sandbox.clock.now()));
    api().sim.sandbox.clock.freeze(seeded);
    const day = new Date(seeded).toISOString().slice(0, 10);
    const history = async () =>
      data<{ series: { username: string; points: Json[] }[] }>(await call('GET', '/market-intel/history', 1, undefined, { period: '30' })).series.find(
        (series) => series.username === 'summit.supply.co',
      )!.points;
    const before = await history();
    expect(before.length).toBeGreaterThan(1);
    await edit({ username: 'summit.supply.co', engagement_rate: 3.33, content_mix: { reels: 0, photos: 100, carousels: 0 } });
    const pastDays = before.filter((point) => point['date'] !== day);
    expect((await history()).slice(0, pastDays.length)).toEqual(pastDays);
    expect((await call('POST', '/market-intel/refresh', 1, {})).status).toBe(200);
    const stored = (await history()).at(-1)!;
    expect(stored).toMatchObject({ date: day, engagement_rate: 3.33 });
    const board = data<{ accounts: Json[] }>(await call('GET', '/market-intel/leaderboard', 1, undefined, { period: '7' }));
    expect(board.accounts.find((row) => row['username'] === 'summit.supply.co')!['content_mix']).toEqual({ reels: 0, photos: 100, carousels: 0 });
  });
});

describe('world edits (property)', () => {
  it('any engagement rate, posts, posts per week and mix sent read exactly at any instant of the edit day', () => {
    const { sim } = testSimulator({ clock: { frozenAt: '2026-03-01T00:00:00Z' } });
    const weight = fc.integer({ min: 0, max: 100 });
    fc.assert(
      fc.property(
        fc.record({
          followers: fc.integer({ min: 0, max: 5_000_000 }),
          posts: fc.integer({ min: 0, max: 5000 }),
          engagement_rate: fc.double({ min: 0, max: 100, noNaN: true }),
          posts_per_week: fc.double({ min: 0.25, max: 70, noNaN: true }),
          content_mix: fc.record({ reels: weight, photos: weight, carousels: weight }).filter((mix) => mix.reels + mix.photos + mix.carousels > 0),
        }),
        fc.constantFrom('harbor.coffee', 'natgeo', 'brand.new.one'),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (sent, username, minute) => {
          sim.reset();
          sim.sandbox.clock.freeze(Date.parse('2026-03-01T00:00:00Z') + minute * 60_000);
          sim.sandbox.market.setWorldAccount({ username, kind: 'business', ...sent });
          const mix = [sent.content_mix.reels, sent.content_mix.photos, sent.content_mix.carousels];
          const total = mix[0]! + mix[1]! + mix[2]!;
          for (const at of ['2026-03-01T00:00:00Z', '2026-03-01T23:59:59.999Z']) {
            sim.sandbox.clock.freeze(Date.parse(at));
            const today = sim.sandbox.market.worldAccount(username).today;
            expect(today).toMatchObject({
              followers: sent.followers,
              posts: sent.posts,
              engagement_rate: Math.round(sent.engagement_rate * 100) / 100,
              posts_per_week: Math.round(sent.posts_per_week * 10) / 10,
            });
            const read = [today.content_mix.reels, today.content_mix.photos, today.content_mix.carousels];
            expect(read.reduce((a, b) => a + b, 0)).toBe(100);
            read.forEach((percent, index) => expect(Math.abs(percent - (mix[index]! * 100) / total)).toBeLessThan(1));
          }
        },
      ),
      { numRuns: 60 },
    );
    sim.close();
  });
});
