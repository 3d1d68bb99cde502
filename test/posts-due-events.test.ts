/**
 * Scheduled posts' events at their due instants (audit 9b P6; 3.5, 6; docs/decisions.md "Scheduled
 * posts' events at their due instants"): a clock jump over due posts publishes or fails each at
 * its own instant, and the `post.published` / `post.failed` events in the journal carry that
 * instant as `created_at` (the post's `published_at`, the failure instant), not the instant the
 * clock landed on. Their order follows the due instants. Both runtimes, through HTTP.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

const NOW = '2030-03-04T15:00:00+00:00';
type Json = Record<string, unknown>;
interface JournalEvent {
  id: string;
  type: string;
  created_at: string;
  data: { post: { id: number; status: string; published_at: string | null } };
}
const data = <T = Json>(res: { body: unknown }): T => (res.body as { data: T }).data;

describeRuntimes(
  'scheduled posts: events at their due instants',
  (api) => {
    const call = (method: string, path: string, body?: unknown) => api().call({ method, path, key: api().keys.full, ...(body !== undefined ? { body } : {}) });
    const advance = async (duration: string) => {
      const res = await api().call({ method: 'POST', path: '/_sandbox/clock/advance', headers: { 'X-Sandbox-Token': api().sim.controlToken }, body: { duration } });
      expect(res.status).toBe(200);
    };
    /** The journal's post events after the events seen so far (`/_sandbox/events`, read key). */
    const mark = async (): Promise<string | undefined> => data<JournalEvent[]>(await api().call({ path: '/_sandbox/events', key: api().keys.read, query: { limit: 100 } })).at(-1)?.id;
    const postEventsAfter = async (after: string | undefined): Promise<JournalEvent[]> => {
      const res = await api().call({ path: '/_sandbox/events', key: api().keys.read, query: { limit: 100, ...(after ? { after } : {}) } });
      expect(res.status).toBe(200);
      return data<JournalEvent[]>(res).filter((event) => event.type === 'post.published' || event.type === 'post.failed');
    };
    const scheduled = async (body: Json) => {
      const res = await call('POST', '/posts', { platform: 'facebook', caption: 'Due', ...body });
      expect(res.status).toBe(201);
      return data<{ id: number }>(res).id;
    };

    it('a 2-day jump over a post due at +10 min: post.published is stamped with published_at, not the landing', async () => {
      const id = await scheduled({ scheduled_at: '2030-03-04T15:10:00+00:00' });
      const before = await mark();
      await advance('2d');
      const post = data<{ status: string; published_at: string }>(await call('GET', `/posts/${id}`));
      expect(post).toMatchObject({ status: 'published', published_at: '2030-03-04T15:10:00+00:00' });
      // The seed's own scheduled posts fall due in two days too: this post's event only.
      const events = (await postEventsAfter(before)).filter((event) => event.data.post.id === id);
      expect(events.map((event) => [event.type, event.data.post.id, event.created_at])).toEqual([['post.published', id, '2030-03-04T15:10:00+00:00']]);
      expect(events[0]!.data.post.published_at).toBe(events[0]!.created_at);
    });

    it('three posts in one jump, with a publish latency and a fault: each event at its own instant, in due order', async () => {
      expect((await call('POST', '/_sandbox/posts/publish-latency', { publish_latency_ms: 60_000 })).status).toBe(200);
      const first = await scheduled({ scheduled_at: '2030-03-04T15:10:00+00:00' });
      // Instagram with no media: not publishable, fails at its due instant without waiting for the platforms.
      const broken = await scheduled({ platform: 'instagram', scheduled_at: '2030-03-04T15:20:00+00:00' });
      const third = await scheduled({ scheduled_at: '2030-03-04T15:30:00+00:00' });
      const before = await mark();
      await advance('1h');
      const events = await postEventsAfter(before);
      expect(events.map((event) => [event.type, event.data.post.id, event.created_at])).toEqual([
        ['post.published', first, '2030-03-04T15:11:00+00:00'],
        ['post.failed', broken, '2030-03-04T15:20:00+00:00'],
        ['post.published', third, '2030-03-04T15:31:00+00:00'],
      ]);
      for (const event of events) if (event.type === 'post.published') expect(event.data.post.published_at).toBe(event.created_at);
      expect(data<{ published_at: string }>(await call('GET', `/posts/${third}`)).published_at).toBe('2030-03-04T15:31:00+00:00');
    });

    it('a platform fault found by the scheduler: post.failed at the instant the platforms answered', async () => {
      expect((await call('POST', '/_sandbox/posts/faults/facebook', { reject: true, error_message: 'Facebook is down.' })).status).toBe(200);
      const id = await scheduled({ scheduled_at: '2030-03-04T15:45:00+00:00' });
      const before = await mark();
      await advance('3h');
      const events = await postEventsAfter(before);
      expect(events.map((event) => [event.type, event.data.post.id, event.created_at])).toEqual([['post.failed', id, '2030-03-04T15:45:00+00:00']]);
      expect(data<{ status: string }>(await call('GET', `/posts/${id}`)).status).toBe('failed');
    });

    it('publish now still stamps the instant of the call', async () => {
      const draft = await call('POST', '/posts', { platform: 'facebook', caption: 'Now' });
      const before = await mark();
      expect((await call('POST', `/posts/${data<{ id: number }>(draft).id}/publish`, {})).status).toBe(200);
      const events = await postEventsAfter(before);
      expect(events.map((event) => [event.type, event.created_at])).toEqual([['post.published', NOW]]);
    });
  },
  { clock: { frozenAt: NOW } },
);
