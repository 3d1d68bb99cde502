/**
 * Posts need their media (audit 7: L2, L8, L7; docs/decisions.md "Posts need their media").
 * - L2: a post whose kind cannot exist without media is not published without it, on any
 *   platform: a Reel needs its video, a story an image or a video, every TikTok post media, a
 *   carousel 2+ items, an Instagram target media (3.5). Publish now answers 400 `invalid_param`
 *   naming `media` and changes nothing; the scheduler fails such a post (3.5's failed path).
 *   Only a Facebook feed post publishes as text alone. Each kind publishes with its media.
 * - L8: `cover_offset_ms` must fall inside the post's video, judged at publish (and by the
 *   scheduler): 400 naming `cover_offset_ms` past the last frame or on a post with no video.
 * - L7: a duration refusal states the exact length ("2.999 s", not "3.0 s").
 * Every case through both runtimes (node:http and MSW), uploads as multipart.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from '../../../test/support/runtimes.js';
import { mp4WithDuration, pngOfSize } from './samples.js';

const NOW = '2026-06-10T12:00:00+00:00';
const DUE = '2026-06-10T12:10:00+00:00';

type Json = Record<string, unknown>;
type PostJson = Json & { id: number; status: string; error_message: string | null; media: Json[] };
const data = (res: { body: unknown }) => (res.body as { data: PostJson }).data;
const error = (res: { body: unknown }) => (res.body as { error: Json }).error;

const PLATFORMS = ['instagram', 'facebook', 'tiktok', 'both', 'instagram_tiktok', 'facebook_tiktok', 'all'] as const;
const POST_TYPES = ['feed_post', 'carousel', 'reels', 'story'] as const;
type Platform = (typeof PLATFORMS)[number];
type PostType = (typeof POST_TYPES)[number];

/** Every platform x post type a post can be (TikTok takes feed posts and Reels only, 4.15). */
const hasTikTok = (platform: Platform) => platform.includes('tiktok') || platform === 'all';
const KINDS: { platform: Platform; post_type: PostType }[] = PLATFORMS.flatMap((platform) =>
  POST_TYPES.filter((postType) => !hasTikTok(platform) || postType === 'feed_post' || postType === 'reels').map((post_type) => ({ platform, post_type })),
);

/** Only a Facebook feed post may be text alone; every other kind needs media to publish. */
const mayBeTextAlone = (kind: { platform: Platform; post_type: PostType }) => kind.platform === 'facebook' && kind.post_type === 'feed_post';

/** The least media that makes each kind publishable. */
function mediaFor(postType: PostType): Uint8Array[] {
  if (postType === 'carousel') return [pngOfSize(1080, 2), pngOfSize(720, 2)];
  if (postType === 'reels') return [mp4WithDuration(3_000)];
  return [pngOfSize(1080, 2)];
}

function form(bytes: Uint8Array): FormData {
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'upload.bin');
  return body;
}

describeRuntimes(
  'posts need their media (audit 7: L2, L8, L7)',
  (api) => {
    const call = (method: string, path: string, body?: unknown) => api().call({ method, path, key: api().keys.full!, ...(body !== undefined ? { body } : {}) });
    const create = async (body: Json) => {
      const res = await call('POST', '/posts', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return data(res);
    };
    const upload = async (id: number, bytes: Uint8Array) => {
      const res = await call('POST', `/posts/${id}/media`, form(bytes));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return data(res);
    };
    const get = async (id: number) => data(await call('GET', `/posts/${id}`));
    const failedEvents = () => {
      const seen: { id: number; error_message: unknown; results: unknown }[] = [];
      api().sim.onEvent((event) => {
        const payload = event.data as { post: { id: number }; error_message?: unknown; results?: unknown };
        if (event.type === 'post.failed') seen.push({ id: payload.post.id, error_message: payload.error_message, results: payload.results });
      });
      return seen;
    };

    it('covers every platform x post type (20 kinds)', () => {
      expect(KINDS.length).toBe(20);
    });

    for (const kind of KINDS) {
      const name = `${kind.platform} ${kind.post_type}`;
      if (mayBeTextAlone(kind)) {
        it(`${name} with no media publishes (text alone), now and by the scheduler`, async () => {
          const now = await create({ ...kind, caption: 'Text alone' });
          expect(data(await call('POST', `/posts/${now.id}/publish`, {}))).toMatchObject({ status: 'published' });
          const later = await create({ ...kind, caption: 'Text alone', scheduled_at: DUE });
          api().sim.sandbox.clock.advance('10m');
          expect(await get(later.id)).toMatchObject({ status: 'published', published_at: DUE });
        });
        continue;
      }
      it(`${name} with no media: publish is 400 invalid_param naming media, nothing changes`, async () => {
        const post = await create({ ...kind, caption: 'No media' });
        const res = await call('POST', `/posts/${post.id}/publish`, {});
        expect(res.status).toBe(400);
        expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'media' });
        expect(await get(post.id)).toMatchObject({ status: 'draft', published_at: null, error_message: null });
      });

      it(`${name} with no media, scheduled: the scheduler fails it with the same reason and post.failed`, async () => {
        const post = await create({ ...kind, caption: 'No media', scheduled_at: DUE });
        expect(post.status).toBe('scheduled');
        const refusal = error(await call('POST', `/posts/${(await create({ ...kind, caption: 'twin' })).id}/publish`, {}));
        const seen = failedEvents();
        api().sim.sandbox.clock.advance('10m');
        const after = await get(post.id);
        expect(after).toMatchObject({ status: 'failed', published_at: null, error_message: refusal['message'] });
        expect(seen).toEqual([{ id: post.id, error_message: refusal['message'], results: [] }]);
      });

      it(`${name} with its media publishes`, async () => {
        const post = await create({ ...kind, caption: 'With media' });
        for (const bytes of mediaFor(kind.post_type)) await upload(post.id, bytes);
        const res = await call('POST', `/posts/${post.id}/publish`, {});
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(data(res)).toMatchObject({ status: 'published', published_at: NOW });
      });
    }

    it('a Facebook story without a caption still needs media, and publishes with a video', async () => {
      const story = await create({ platform: 'facebook', post_type: 'story' });
      expect(error(await call('POST', `/posts/${story.id}/publish`, {}))).toMatchObject({ code: 'invalid_param', param: 'media', message: expect.stringContaining('story') });
      await upload(story.id, mp4WithDuration(15_000));
      expect(data(await call('POST', `/posts/${story.id}/publish`, {}))).toMatchObject({ status: 'published' });
    });

    it('scheduling does not check media (3.5): a scheduled Reel takes its video until due; one whose video was removed fails', async () => {
      const filled = await create({ platform: 'tiktok', post_type: 'reels', caption: 'Filled in time' });
      const emptied = await create({ platform: 'facebook', post_type: 'reels', caption: 'Emptied' });
      for (const post of [filled, emptied]) expect(data(await call('POST', `/posts/${post.id}/schedule`, { scheduled_at: DUE })).status).toBe('scheduled');
      await upload(filled.id, mp4WithDuration(20_000));
      const video = (await upload(emptied.id, mp4WithDuration(20_000))).media[0]!;
      expect((await call('DELETE', `/posts/${emptied.id}/media/${String(video['id'])}`)).status).toBe(200);
      api().sim.sandbox.clock.advance('10m');
      expect(await get(filled.id)).toMatchObject({ status: 'published', published_at: DUE });
      expect(await get(emptied.id)).toMatchObject({ status: 'failed', error_message: expect.stringContaining('A Reel needs its video') });
    });

    it('a TikTok feed post takes a video as well as a photo', async () => {
      const post = await create({ platform: 'tiktok', post_type: 'feed_post', caption: 'Video post' });
      await upload(post.id, mp4WithDuration(45_000));
      expect(data(await call('POST', `/posts/${post.id}/publish`, {}))).toMatchObject({ status: 'published' });
    });

    it('a retry of a failed post checks its media too: 400 naming media, retry_count unchanged', async () => {
      const post = await create({ platform: 'facebook', post_type: 'reels', caption: 'No video', scheduled_at: DUE });
      api().sim.sandbox.clock.advance('10m');
      expect((await get(post.id)).status).toBe('failed');
      const res = await call('POST', `/posts/${post.id}/retry`, {});
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'media' });
      expect(await get(post.id)).toMatchObject({ status: 'failed', retry_count: 0 });
    });

    // L8: cover_offset_ms inside the video, judged at publish.
    for (const platform of ['instagram', 'facebook', 'tiktok'] as const) {
      it(`${platform} Reel of 3,000 ms: cover_offset_ms 3000 is 400 naming cover_offset_ms; 2999 publishes`, async () => {
        const post = await create({ platform, post_type: 'reels', caption: 'Cover', cover_offset_ms: 3_000 });
        await upload(post.id, mp4WithDuration(3_000));
        const res = await call('POST', `/posts/${post.id}/publish`, {});
        expect(res.status).toBe(400);
        expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'cover_offset_ms', message: expect.stringContaining('0 to 2999') });
        expect(await get(post.id)).toMatchObject({ status: 'draft', published_at: null });
        expect((await call('PATCH', `/posts/${post.id}`, { cover_offset_ms: 2_999 })).status).toBe(200);
        const published = await call('POST', `/posts/${post.id}/publish`, {});
        expect(published.status, JSON.stringify(published.body)).toBe(200);
        expect(data(published)).toMatchObject({ status: 'published', advanced: expect.objectContaining({ cover_offset_ms: 2_999 }) });
      });
    }

    it('the audit repro: 5,000 ms on a 3 s Reel is refused; 0 (the first frame) publishes', async () => {
      const post = await create({ platform: 'instagram', post_type: 'reels', caption: 'r', cover_offset_ms: 5_000 });
      await upload(post.id, mp4WithDuration(3_000));
      expect(error(await call('POST', `/posts/${post.id}/publish`, {}))).toMatchObject({ param: 'cover_offset_ms' });
      await call('PATCH', `/posts/${post.id}`, { cover_offset_ms: 0 });
      expect(data(await call('POST', `/posts/${post.id}/publish`, {})).status).toBe('published');
    });

    it('cover_offset_ms on a post with no video (an image feed post) is 400 naming cover_offset_ms; null publishes', async () => {
      const post = await create({ platform: 'instagram', caption: 'r', cover_offset_ms: 100 });
      await upload(post.id, pngOfSize(1080, 2));
      const res = await call('POST', `/posts/${post.id}/publish`, {});
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'cover_offset_ms', message: expect.stringContaining('no video') });
      const text = await create({ platform: 'facebook', caption: 'text', cover_offset_ms: 0 });
      expect(error(await call('POST', `/posts/${text.id}/publish`, {}))).toMatchObject({ param: 'cover_offset_ms' });
      await call('PATCH', `/posts/${post.id}`, { cover_offset_ms: null });
      expect(data(await call('POST', `/posts/${post.id}/publish`, {})).status).toBe('published');
    });

    it('a carousel with videos: the offset must fall inside every one (the shortest decides)', async () => {
      const post = await create({ platform: 'instagram', post_type: 'carousel', caption: 'c', cover_offset_ms: 3_000 });
      await upload(post.id, mp4WithDuration(4_000));
      await upload(post.id, mp4WithDuration(3_000));
      await upload(post.id, pngOfSize(1080, 2));
      expect(error(await call('POST', `/posts/${post.id}/publish`, {}))).toMatchObject({ param: 'cover_offset_ms', message: expect.stringContaining('the shortest video lasts 3 s, so the offset must be 0 to 2999') });
      await call('PATCH', `/posts/${post.id}`, { cover_offset_ms: 2_999 });
      expect(data(await call('POST', `/posts/${post.id}/publish`, {})).status).toBe('published');
    });

    it('a scheduled Reel whose cover is past its video: the scheduler fails it naming cover_offset_ms', async () => {
      const post = await create({ platform: 'facebook', post_type: 'reels', caption: 'r', cover_offset_ms: 3_001, scheduled_at: DUE });
      await upload(post.id, mp4WithDuration(3_001));
      const seen = failedEvents();
      api().sim.sandbox.clock.advance('10m');
      const after = await get(post.id);
      expect(after).toMatchObject({ status: 'failed', error_message: expect.stringContaining('cover_offset_ms 3001') });
      expect(seen.map((event) => event.id)).toEqual([post.id]);
    });

    // L7: the exact length in duration refusals.
    const durations: [string, Json, number, string][] = [
      ['a 2,999 ms Reel', { platform: 'instagram', post_type: 'reels' }, 2_999, 'Reels last 3 s to 15 min; this video lasts 2.999 s.'],
      ['a 900,001 ms Reel', { platform: 'facebook', post_type: 'reels' }, 900_001, 'Reels last 3 s to 15 min; this video lasts 900.001 s.'],
      ['a 60,001 ms story video', { platform: 'instagram', post_type: 'story' }, 60_001, 'Story videos last up to 60 s; this one lasts 60.001 s.'],
      ['a 60,010 ms story video', { platform: 'facebook', post_type: 'story' }, 60_010, 'Story videos last up to 60 s; this one lasts 60.01 s.'],
      ['a 600,001 ms TikTok video', { platform: 'tiktok', post_type: 'feed_post' }, 600_001, 'TikTok takes videos up to 600 s (capabilities max_video_post_duration_sec); this one lasts 600.001 s.'],
    ];
    for (const [what, kind, ms, message] of durations) {
      it(`${what} is refused with its exact length: "${message}"`, async () => {
        const post = await create({ ...kind, caption: 'd' });
        const res = await call('POST', `/posts/${post.id}/media`, form(mp4WithDuration(ms)));
        expect(res.status).toBe(400);
        expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'file', message: expect.stringContaining(message) });
      });
    }
  },
  { clock: { frozenAt: NOW } },
);
