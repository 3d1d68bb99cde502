/**
 * The `publishing` state (3.5, 2.25, 4.15) made visible: with a sandbox publish latency, a due
 * scheduled post is `publishing` on the virtual clock until the platforms answer; meanwhile every
 * edit is 409 `not_editable`; then the scheduler completes it into published (or failed, with
 * its event) at scheduled_at + latency. The default latency (0) keeps the old timing. Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

const NOW = '2026-06-10T12:00:00+00:00';
const DUE = '2026-06-10T12:10:00+00:00';
const LATENCY_MS = 45_000;
const DONE = '2026-06-10T12:10:45+00:00';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json & { id: number; status: string } }).data;

describeRuntimes(
  'the publishing state (3.5)',
  (api) => {
    const key = () => api().keys.full!;
    const call = (method: string, path: string, body?: unknown) => api().call({ method, path, key: key(), ...(body !== undefined ? { body } : {}) });
    const setLatency = (ms: number) => call('POST', '/_sandbox/posts/publish-latency', { publish_latency_ms: ms });
    const get = async (id: number) => data(await call('GET', `/posts/${id}`));
    const scheduled = async (body: Json = {}) => {
      const res = await call('POST', '/posts', { platform: 'facebook', caption: 'Due soon', scheduled_at: DUE, ...body });
      expect(res.status).toBe(201);
      return data(res);
    };
    const events = () => {
      const seen: { type: string; id: number; status: string }[] = [];
      api().sim.onEvent((event) => {
        const post = (event.data as { post?: { id: number; status: string } }).post;
        if (event.type.startsWith('post.') && post) seen.push({ type: event.type, id: post.id, status: post.status });
      });
      return seen;
    };

    it('by default (latency 0) a due post is published at scheduled_at, never seen publishing', async () => {
      expect(data(await call('GET', '/_sandbox/posts/publish-latency'))).toEqual({ publish_latency_ms: 0 });
      const post = await scheduled();
      api().sim.sandbox.clock.advance('10m');
      expect(await get(post.id)).toMatchObject({ status: 'published', published_at: DUE });
    });

    it('with a latency: publishing from scheduled_at, every edit 409 not_editable, then published at scheduled_at + latency with post.published', async () => {
      expect(data(await setLatency(LATENCY_MS))).toEqual({ publish_latency_ms: LATENCY_MS });
      const post = await scheduled();
      const seen = events();
      api().sim.sandbox.clock.advance('10m');
      expect(await get(post.id)).toMatchObject({ status: 'publishing', scheduled_at: DUE, published_at: null });
      expect((await call('GET', '/posts', undefined)).body).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ id: post.id, status: 'publishing' })]) });
      const refusals = [
        await call('PATCH', `/posts/${post.id}`, { caption: 'Too late' }),
        await call('PATCH', `/posts/${post.id}`, { scheduled_at: null }),
        await call('POST', `/posts/${post.id}/publish`, {}),
        await call('POST', `/posts/${post.id}/unschedule`, {}),
        await call('POST', `/posts/${post.id}/schedule`, { scheduled_at: '2026-06-11T09:00:00+00:00' }),
        await call('POST', `/posts/${post.id}/retry`, {}),
        await call('DELETE', `/posts/${post.id}`),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ error: { code: 'not_editable' } });
      }
      expect(seen).toEqual([]);
      expect(await get(post.id)).toMatchObject({ status: 'publishing', caption: 'Due soon' });
      api().sim.sandbox.clock.advance('44s');
      expect((await get(post.id)).status).toBe('publishing');
      api().sim.sandbox.clock.advance('1s');
      expect(await get(post.id)).toMatchObject({ status: 'published', published_at: DONE });
      expect(seen).toEqual([{ type: 'post.published', id: post.id, status: 'published' }]);
    });

    it('a platform fault shows once the latency passes: failed with error_message and post.failed', async () => {
      await setLatency(LATENCY_MS);
      await call('POST', '/_sandbox/posts/faults/facebook', { reject: true, error_message: 'Facebook is down.' });
      const post = await scheduled();
      const seen = events();
      api().sim.sandbox.clock.advance('10m');
      expect((await get(post.id)).status).toBe('publishing');
      api().sim.sandbox.clock.advance('45s');
      expect(await get(post.id)).toMatchObject({ status: 'failed', error_message: expect.stringContaining('Facebook is down.') });
      expect(seen).toEqual([{ type: 'post.failed', id: post.id, status: 'failed' }]);
    });

    it('a post that cannot be published fails at scheduled_at, without waiting for the platforms', async () => {
      await setLatency(LATENCY_MS);
      const post = await scheduled({ platform: 'instagram', caption: 'No media' });
      api().sim.sandbox.clock.advance('10m');
      expect(await get(post.id)).toMatchObject({ status: 'failed', error_message: expect.stringContaining('media') });
    });

    it('one jump past both instants publishes in time order, each at its own instant', async () => {
      await setLatency(LATENCY_MS);
      const first = await scheduled();
      const second = await scheduled({ scheduled_at: '2026-06-10T12:10:30+00:00', caption: 'Second' });
      const seen = events();
      api().sim.sandbox.clock.advance('1h');
      expect(seen.map((event) => event.id)).toEqual([first.id, second.id]);
      expect(await get(first.id)).toMatchObject({ status: 'published', published_at: DONE });
      expect(await get(second.id)).toMatchObject({ status: 'published', published_at: '2026-06-10T12:11:15+00:00' });
    });

    it('a publishing post survives snapshot and restore and still completes', async () => {
      await setLatency(LATENCY_MS);
      const post = await scheduled();
      api().sim.sandbox.clock.advance('10m');
      const snapshot = api().sim.snapshot();
      api().sim.reset();
      api().sim.restore(snapshot);
      expect((await get(post.id)).status).toBe('publishing');
      api().sim.sandbox.clock.advance('1m');
      expect(await get(post.id)).toMatchObject({ status: 'published', published_at: DONE });
    });

    it('refuses a latency past an hour or below 0: 400 naming publish_latency_ms', async () => {
      for (const bad of [-1, 3_600_001, 1.5]) {
        const res = await setLatency(bad);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: { param: 'publish_latency_ms' } });
      }
    });
  },
  { clock: { frozenAt: NOW } },
);
