/**
 * Media library (4.13, 2.20, 8): real multipart uploads judged by their bytes (JPEG, PNG, MP4,
 * MOV; the declared type and name do not count), width and height from the header, public URLs
 * that serve the file back, PATCH and DELETE, and the 20-item cap. Every upload is in the ledger
 * (the auto-ledger watches POST /media) and deleted.
 */
import { MediaItem } from '../../../src/resources/media/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData } from '../../runner/expect.js';
import { costOf, walk } from '../helpers.js';
import { PNG_3X2, uploadForm } from './shared.js';

const group = 'media';
const UPLOAD = 'POST /media';
const LIST = 'GET /media';
const ITEM = ['PATCH /media/{id}', 'DELETE /media/{id}'];
const TEXT = new TextEncoder().encode('plain text, not an image at all\n');

async function upload(ctx: CheckContext, form: FormData) {
  const response = await ctx.send({ method: 'POST', path: '/media', key: await ctx.keyFor('write'), form });
  if (response.status === 403 && (response.json as { error?: { code?: string } } | undefined)?.error?.code === 'feature_unavailable') {
    ctx.skip('feature_unavailable', 'the account’s plan has no media library');
  }
  return response;
}

async function uploadPng(ctx: CheckContext, declaredType = 'image/png', filename = 'kit.png') {
  const response = await upload(ctx, uploadForm(PNG_3X2, declaredType, filename, { name: ctx.name('media'), category: 'product' }));
  if (response.status === 403) ctx.skip('plan_limit_reached', 'the media library is full');
  // 4.13 states no status for an upload: any 2xx; 201 is media.create-answer's (assumption).
  expectSuccess(response, `POST /media (a PNG declared ${declaredType})`);
  return { response, item: expectShape(readData(response, 'POST /media'), MediaItem, 'media item (2.20)', response) };
}

async function remove(ctx: CheckContext, id: number): Promise<void> {
  // 4.13 states no result for DELETE /media/{id}: any 2xx.
  expectSuccess(await ctx.send({ method: 'DELETE', path: `/media/${id}`, key: await ctx.keyFor('write') }), `DELETE /media/${id}`);
  ctx.ledger.forget('media', id);
}

/** The public URL's answer, when it is on the target's own origin (the kit fetches nothing else). */
async function fetchPublic(ctx: CheckContext, url: string) {
  const target = new URL(url);
  if (target.origin !== ctx.client.origin) return undefined;
  return ctx.send({ path: `${target.pathname}${target.search}`, fromOrigin: true, key: null });
}

export const mediaChecks: CheckDefinition[] = [
  {
    id: 'media.upload',
    title: 'POST /media (multipart): a PNG is 201 with kind, mime_type, size, width and height from the file; listed with a URL that serves it',
    clause: '4.13',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [UPLOAD, LIST, ...ITEM],
    cost: costOf(10),
    async run(ctx) {
      const { item, response } = await uploadPng(ctx);
      const want = { mime_type: 'image/png', kind: 'image', size_bytes: PNG_3X2.length, width: 3, height: 2 };
      for (const [field, value] of Object.entries(want)) {
        if ((item as Record<string, unknown>)[field] !== value) fail(`${field} should be ${String(value)}, got ${String((item as Record<string, unknown>)[field])}`, response);
      }
      const listed = await walk(ctx, '/media', { key: await ctx.keyFor('read'), limit: 100 });
      const found = listed.items.find((entry) => entry['id'] === item.id);
      if (!found || typeof found['url'] !== 'string') fail(`GET /media does not list item ${item.id} with a URL`);
      const served = await fetchPublic(ctx, String(found['url']));
      if (served) {
        expectStatus(served, 200, `GET ${String(found['url'])} (the public URL)`);
        if (!served.headers.get('content-type')?.startsWith('image/png')) fail(`the public URL answers ${served.headers.get('content-type')}, not image/png`, served);
      }
      const patched = await ctx.send({ method: 'PATCH', path: `/media/${item.id}`, key: await ctx.keyFor('write'), body: { name: ctx.name('renamed'), description: 'kit', category: 'pricing' } });
      expectStatus(patched, 200, 'PATCH /media/{id}');
      const changed = readData(patched, 'PATCH /media/{id}');
      if (changed['category'] !== 'pricing' || changed['description'] !== 'kit') fail('PATCH /media/{id} did not apply description and category', patched);
      await remove(ctx, item.id);
      expectError(await ctx.send({ method: 'DELETE', path: `/media/${item.id}`, key: await ctx.keyFor('write') }), 404, 'not_found', `DELETE /media/${item.id} again`);
    },
  },
  {
    id: 'media.type-from-bytes',
    title: 'The type is judged from the bytes: text declared image/png is 400 naming file, a PNG declared image/jpeg is a PNG',
    clause: '4.13',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [UPLOAD, ...ITEM],
    cost: costOf(6),
    async run(ctx) {
      const cases: [string, Uint8Array][] = [
        ['text declared image/png', TEXT],
        ['a PNG signature followed by text', new Uint8Array([...PNG_3X2.subarray(0, 8), ...TEXT])],
        ['an empty file', new Uint8Array(0)],
      ];
      for (const [what, bytes] of cases) {
        const response = await upload(ctx, uploadForm(bytes, 'image/png', 'photo.png', { name: ctx.name('bad') }));
        expectError(response, 400, 'invalid_param', `POST /media with ${what}`, { param: 'file' });
      }
      const { item, response } = await uploadPng(ctx, 'image/jpeg', 'photo.jpg');
      if (item.mime_type !== 'image/png' || item.kind !== 'image') fail(`a PNG declared image/jpeg should be image/png, got ${item.mime_type}`, response);
      await remove(ctx, item.id);
    },
  },
  {
    id: 'media.fields',
    title: 'POST /media needs a file and a name; an unknown category is 400; a JSON body is refused',
    clause: '4.13',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [UPLOAD],
    cost: costOf(4),
    async run(ctx) {
      const noFile = new FormData();
      noFile.set('name', ctx.name('nofile'));
      expectError(await upload(ctx, noFile), 400, 'invalid_param', 'POST /media without file', { param: 'file' });
      expectError(await upload(ctx, uploadForm(PNG_3X2, 'image/png', 'a.png', {})), 400, 'invalid_param', 'POST /media without name', { param: 'name' });
      expectError(await upload(ctx, uploadForm(PNG_3X2, 'image/png', 'a.png', { name: ctx.name('cat'), category: 'kit_unknown' })), 400, 'invalid_param', 'POST /media with an unknown category', {
        param: 'category',
      });
      const json = await ctx.send({ method: 'POST', path: '/media', key: await ctx.keyFor('write'), body: { name: ctx.name('json') } });
      if (json.status < 400 || json.status >= 500) fail(`POST /media with a JSON body must be refused (uploads are multipart/form-data); got HTTP ${json.status}`, json);
    },
  },
  {
    id: 'media.cap',
    title: 'The media library holds 20 items: the 21st upload gives 403 plan_limit_reached',
    clause: '4.13',
    level: 'spec',
    group,
    profile: 'full',
    routes: [UPLOAD, LIST, 'DELETE /media/{id}'],
    cost: costOf(45),
    async run(ctx) {
      const existing = await walk(ctx, '/media', { key: await ctx.keyFor('read'), limit: 100 });
      const created: number[] = [];
      try {
        for (let count = existing.items.length; count < 20; count++) created.push((await uploadPng(ctx)).item.id);
        const over = await upload(ctx, uploadForm(PNG_3X2, 'image/png', 'kit.png', { name: ctx.name('over') }));
        expectError(over, 403, 'plan_limit_reached', 'POST /media for a 21st item');
      } finally {
        for (const id of created) await remove(ctx, id);
      }
    },
  },
];
