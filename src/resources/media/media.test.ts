/** Media library (2.20, 4.13, 8): multipart uploads judged by their bytes, limits, public URLs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';
import { base64ToBytes } from './bytes.js';
import { SAMPLES, type SampleName } from './samples.js';

type Json = Record<string, unknown>;
const FROZEN = '2026-03-02T15:00:00+00:00';
const MB = 1024 * 1024;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const list = (res: { body: unknown }) => (res.body as { data: Json[]; has_more: boolean });
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;
const sample = (name: SampleName) => base64ToBytes(SAMPLES[name].base64);

/** `bytes` padded with zeros to `size` (the type is read from the start). */
function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, Math.min(bytes.length, size)));
  return out;
}

function form(bytes: Uint8Array, fields: Record<string, string> = { name: 'Upload' }, type = 'application/octet-stream', filename = 'upload.bin') {
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

function setup() {
  const t = testSimulator({ clock: { frozenAt: FROZEN } });
  const { sim, keys } = t;
  const upload = (body: unknown, key = keys.write) => sim.request({ method: 'POST', path: '/media', key, body });
  const items = async (key = keys.read) => list(await sim.request({ path: '/media', key, query: { limit: 100 } })).data;
  return { ...t, upload, items };
}

describe('POST /media', () => {
  const cases: [SampleName, Json][] = [
    ['pricing.png', { mime_type: 'image/png', kind: 'image', width: 1080, height: 1080 }],
    ['product.jpg', { mime_type: 'image/jpeg', kind: 'image', width: 1080, height: 1350 }],
    ['testimonial.mp4', { mime_type: 'video/mp4', kind: 'video', width: null, height: null }],
    ['clip.mov', { mime_type: 'video/quicktime', kind: 'video', width: null, height: null }],
  ];
  for (const [name, expected] of cases) {
    it(`takes a ${name.split('.')[1]!.toUpperCase()} judged by its bytes, whatever it was declared as`, async () => {
      const { upload } = setup();
      const bytes = sample(name);
      const res = await upload(form(bytes, { name: 'My file', description: 'A file', category: 'product' }, 'text/plain', 'notes.txt'));
      expect(res.status).toBe(201);
      expect(data(res)).toEqual({
        id: expect.any(Number),
        name: 'My file',
        description: 'A file',
        category: 'product',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:4010\/_media\/[0-9a-f]{32}\.(png|jpg|mp4|mov)$/),
        size_bytes: bytes.length,
        usage_count: 0,
        created_at: FROZEN,
        ...expected,
      });
    });
  }

  const refused: [string, Uint8Array, string][] = [
    ['text declared as a PNG', new TextEncoder().encode('just some text'), 'image/png'],
    ['a PNG signature on a text file', new Uint8Array([...sample('pricing.png').subarray(0, 8), ...new TextEncoder().encode('hello world, not an image')]), 'image/png'],
    ['a zero-byte file', new Uint8Array(0), 'image/png'],
    ['a GIF', new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0]), 'image/gif'],
    ['a JPEG cut before its size', sample('product.jpg').subarray(0, 40), 'image/jpeg'],
  ];
  for (const [label, bytes, type] of refused) {
    it(`refuses ${label} with 400 naming file, storing nothing`, async () => {
      const { upload, items } = setup();
      const before = (await items()).length;
      const res = await upload(form(bytes, { name: 'x' }, type, 'photo.png'));
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'file' });
      expect((await items()).length).toBe(before);
    });
  }

  it('takes images up to 8 MB and videos up to 25 MB; past them 400 invalid_param naming file; past the route limit 413 naming body', async () => {
    const { upload } = setup();
    const png = sample('pricing.png');
    expect((await upload(form(padded(png, 8 * MB)))).status).toBe(201);
    const overImage = await upload(form(padded(png, 8 * MB + 1)));
    expect(overImage.status).toBe(400);
    expect(error(overImage)).toMatchObject({ code: 'invalid_param', param: 'file' });
    const video = await upload(form(padded(sample('testimonial.mp4'), 25 * MB)));
    expect(video.status).toBe(201);
    expect(data(video)).toMatchObject({ size_bytes: 25 * MB, kind: 'video' });
    const overVideo = await upload(form(padded(sample('clip.mov'), 25 * MB + 1)));
    expect(overVideo.status).toBe(400);
    expect(error(overVideo)).toMatchObject({ code: 'invalid_param', param: 'file' });
    const tooBig = await upload(form(padded(sample('clip.mov'), 26 * MB + 1)));
    expect(tooBig.status).toBe(413);
    expect(error(tooBig)).toMatchObject({ code: 'payload_too_large', param: 'body' });
  }, 30_000);

  const badFields: [string, Record<string, string> | null, string][] = [
    ['no name', {}, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name of 101', { name: 'n'.repeat(101) }, 'name'],
    ['an unknown category', { name: 'x', category: 'memes' }, 'category'],
    ['a description of 501', { name: 'x', description: 'd'.repeat(501) }, 'description'],
    ['an unknown field', { name: 'x', url: 'https://cdn.test/x.png' }, 'url'],
  ];
  for (const [label, fields, param] of badFields) {
    it(`refuses ${label} with 400 naming ${param}`, async () => {
      const { upload } = setup();
      expect(error(await upload(form(sample('pricing.png'), fields ?? {})))).toMatchObject({ code: 'invalid_param', param });
    });
  }

  it('needs a file part, a multipart body, and a write key (checked before the body is read)', async () => {
    const { upload, keys } = setup();
    const noFile = new FormData();
    noFile.set('name', 'x');
    expect(error(await upload(noFile))).toMatchObject({ param: 'file' });
    const textFile = new FormData();
    textFile.set('file', 'not a file');
    textFile.set('name', 'x');
    expect(error(await upload(textFile))).toMatchObject({ param: 'file' });
    const json = await upload({ name: 'x' });
    expect(json.status).toBe(400);
    expect(error(json)).toMatchObject({ code: 'invalid_param', param: 'file' });
    expect(error(await upload(form(sample('pricing.png')), keys.read))).toMatchObject({ code: 'insufficient_scope' });
  });

  it('replays an upload sent again with the same Idempotency-Key; another file under it is 422', async () => {
    const { sim, keys, items } = setup();
    const send = (bytes: Uint8Array) =>
      sim.request({ method: 'POST', path: '/media', key: keys.write, headers: { 'Idempotency-Key': 'upload-1' }, body: form(bytes, { name: 'Once' }) });
    const first = await send(sample('pricing.png'));
    const again = await send(sample('pricing.png'));
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await items()).filter((item) => item['name'] === 'Once')).toHaveLength(1);
    expect(error(await send(sample('product.jpg'))).code).toBe('idempotency_key_reused');
  });

  it('answers a truncated multipart body with 400 naming body', async () => {
    const { sim, keys } = setup();
    const res = await sim.request({
      method: 'POST',
      path: '/media',
      key: keys.write,
      headers: { 'Content-Type': 'multipart/form-data; boundary=kit' },
      body: new TextEncoder().encode('--kit\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG'),
    });
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'body' });
  });

  it('holds 20 items: the 21st is 403 plan_limit_reached; deleting one frees a place', async () => {
    const { upload, items, sim, keys } = setup();
    const png = sample('pricing.png');
    for (let count = (await items()).length; count < 20; count++) expect((await upload(form(png))).status).toBe(201);
    const over = await upload(form(png));
    expect(over.status).toBe(403);
    expect(error(over).code).toBe('plan_limit_reached');
    const first = (await items())[0]!;
    await sim.request({ method: 'DELETE', path: `/media/${first['id']}`, key: keys.write });
    expect((await upload(form(png))).status).toBe(201);
  });

  it('is not available below the creator tier (403 feature_unavailable on every route)', async () => {
    const { sim, accounts } = setup();
    const free = accounts[3]!.keys.full!;
    const requests = [
      sim.request({ path: '/media', key: free }),
      sim.request({ method: 'POST', path: '/media', key: free, body: form(sample('pricing.png')) }),
      sim.request({ method: 'PATCH', path: '/media/1', key: free, body: { name: 'x' } }),
      sim.request({ method: 'DELETE', path: '/media/1', key: free }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.status).toBe(403);
      expect(error(res)).toMatchObject({ code: 'feature_unavailable', param: 'media_library' });
    }
  });
});

describe('GET, PATCH, DELETE /media and the public URLs', () => {
  it('lists newest first with URLs that serve the bytes without a key', async () => {
    const { items, sim } = setup();
    const listed = await items();
    expect(listed.map((item) => item['name'])).toEqual(['Customer story: the Adirondacks', 'Rental price list', 'Trail pack 40L']);
    for (const item of listed) {
      const path = new URL(item['url'] as string).pathname;
      const file = await sim.request({ path });
      expect(file.status).toBe(200);
      expect(file.headers['Content-Type']).toBe(item['mime_type']);
      expect((file.body as Uint8Array).length).toBe(item['size_bytes']);
    }
    expect(error(await sim.request({ path: '/_media/00000000000000000000000000000000.png' }))).toMatchObject({ code: 'not_found' });
    expect((await sim.request({ path: '/_media/not-a-file' })).status).toBe(404);
  });

  it('patches name, description and category; refuses the rest', async () => {
    const { sim, keys, items } = setup();
    const id = (await items())[0]!['id'];
    const patch = (body: unknown) => sim.request({ method: 'PATCH', path: `/media/${id}`, key: keys.write, body });
    expect(data(await patch({ name: 'Renamed', description: 'New words', category: 'general' }))).toMatchObject({ name: 'Renamed', description: 'New words', category: 'general' });
    expect(data(await patch({ description: '' }))['description']).toBeNull();
    expect(error(await patch({ mime_type: 'image/png' }))).toMatchObject({ param: 'mime_type' });
    expect(error(await patch({}))).toMatchObject({ code: 'invalid_param' });
    expect(error(await patch({ category: 'memes' }))).toMatchObject({ param: 'category' });
  });

  it('deletes: the URL stops serving, again is 404, another account cannot', async () => {
    const { sim, keys, items, accounts } = setup();
    const item = (await items())[0]!;
    expect((await sim.request({ method: 'DELETE', path: `/media/${item['id']}`, key: accounts[1]!.keys.write })).status).toBe(404);
    expect(data(await sim.request({ method: 'DELETE', path: `/media/${item['id']}`, key: keys.write }))).toEqual({ id: item['id'], object: 'media', deleted: true });
    expect((await sim.request({ path: new URL(item['url'] as string).pathname })).status).toBe(404);
    expect((await sim.request({ method: 'DELETE', path: `/media/${item['id']}`, key: keys.write })).status).toBe(404);
  });

  it('keeps uploads through snapshot and restore', async () => {
    const { sim, upload } = setup();
    const url = data(await upload(form(sample('product.jpg'))))['url'] as string;
    const snapshot = JSON.parse(JSON.stringify(sim.snapshot()));
    sim.reset();
    expect((await sim.request({ path: new URL(url).pathname })).status).toBe(404);
    sim.restore(snapshot);
    expect(((await sim.request({ path: new URL(url).pathname })).body as Uint8Array).length).toBe(sample('product.jpg').length);
  });
});

describe('random uploads', () => {
  it('never answer 5xx, and a refused upload stores nothing', async () => {
    const { sim, keys, items } = setup();
    const starts = [sample('pricing.png'), sample('product.jpg'), sample('testimonial.mp4'), sample('clip.mov'), new Uint8Array(0)];
    const arbBytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.tuple(fc.constantFrom(...starts), fc.nat({ max: 200 }), fc.uint8Array({ maxLength: 32 })).map(([start, cut, tail]) => new Uint8Array([...start.subarray(0, cut), ...tail])),
      fc.constantFrom(...starts),
    );
    const arbText = fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('product', 'general', 'Upload', ''));
    const arbForm = fc.record(
      {
        file: fc.option(fc.tuple(arbBytes, fc.constantFrom('image/png', 'image/jpeg', 'video/mp4', 'text/plain', ''), fc.string({ maxLength: 20 }))),
        name: fc.option(arbText),
        description: fc.option(arbText),
        category: fc.option(arbText),
        extra: fc.option(arbText),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(arbForm, async (fields) => {
        const body = new FormData();
        if (fields.file) body.set('file', new Blob([new Uint8Array(fields.file[0])], { type: fields.file[1] }), fields.file[2] || 'f');
        for (const name of ['name', 'description', 'category', 'extra'] as const) {
          const value = fields[name];
          if (value !== undefined && value !== null) body.set(name, value);
        }
        const before = (await items()).length;
        const res = await sim.request({ method: 'POST', path: '/media', key: keys.write, body });
        expect([201, 400, 403, 413]).toContain(res.status);
        if (res.status === 201) await sim.request({ method: 'DELETE', path: `/media/${data(res)['id']}`, key: keys.write });
        else expect((await items()).length).toBe(before);
      }),
      { numRuns: 80, seed: 20260302 },
    );
  });
});
