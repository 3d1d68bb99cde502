/**
 * One table of requests through both runtimes: the node:http server (`listen`) and MSW
 * (`setupServer(...createHandlers(...))`), each over a fresh simulator with a frozen clock, so
 * the two runs must agree on status, body and the headers that carry meaning.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { createHandlers } from '../src/adapters/msw.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { apiRouteTable, controlRouteTable } from '../src/simulator/tables.js';
import { mp4WithDuration, pngOfSize } from '../src/resources/posts/samples.js';

const FROZEN = { frozenAt: '2026-01-01T00:00:00+00:00' };
const MSW_ORIGIN = 'http://api.switchboard.test';
const COMPARED_HEADERS = [
  'allow',
  // One JSON Content-Type in every runtime, and the frozen clock's Date (audit 13c, C2, C6).
  'content-type',
  'date',
  'retry-after',
  'idempotent-replayed',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface Entry {
  name: string;
  method: string;
  /** From the origin, e.g. `/api/v1/account`; may use earlier outcomes (cursors, ids). */
  path: string | ((earlier: readonly Outcome[]) => string);
  key?: 'full' | 'admin' | 'read' | 'inactive' | 'bogus' | 'bearer' | 'operator';
  headers?: Record<string, string>;
  body?: string;
  /** A multipart form (uploads), built anew for each runtime. */
  form?: () => FormData;
  expectStatus: number;
}

const bigBody = JSON.stringify({ name: 'big', pad: 'x'.repeat(2 * 1024 * 1024) });
// Under 1 MiB in characters but over it in UTF-8 bytes: the limit is on bytes.
const wideBody = JSON.stringify({ name: 'wide', pad: 'é'.repeat(600_000) });
const dataOf = (o: Outcome | undefined) => (o?.body as { data?: Record<string, unknown> } | undefined)?.data;

/** A 3 x 2 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACAQMAAACnuvRZAAAAA1BMVEX/AAAZ4gk3AAAADElEQVQI12NgYGAAAAAEAAEnNCcKAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0));

function uploadForm(bytes: Uint8Array, declaredType: string): FormData {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: declaredType }), 'parity.jpg');
  form.set('name', 'Parity upload');
  form.set('category', 'product');
  return form;
}

const TABLE: Entry[] = [
  { name: 'account', method: 'GET', path: '/api/v1/account', key: 'full', expectStatus: 200 },
  { name: 'account via bearer', method: 'GET', path: '/api/v1/account', key: 'bearer', expectStatus: 200 },
  { name: 'trailing slash', method: 'GET', path: '/api/v1/account/', key: 'read', expectStatus: 200 },
  { name: 'no key', method: 'GET', path: '/api/v1/account', expectStatus: 401 },
  { name: 'unknown key', method: 'GET', path: '/api/v1/account', key: 'bogus', expectStatus: 401 },
  { name: 'add-on inactive', method: 'GET', path: '/api/v1/account', key: 'inactive', expectStatus: 403 },
  { name: 'unknown path', method: 'GET', path: '/api/v1/no-such-thing', key: 'full', expectStatus: 404 },
  { name: 'malformed percent-encoding', method: 'DELETE', path: '/api/v1/api-keys/%E0%A4%A', key: 'full', expectStatus: 404 },
  { name: 'wrong method', method: 'PUT', path: '/api/v1/api-keys', key: 'full', body: '{}', expectStatus: 405 },
  { name: 'invalid json', method: 'POST', path: '/api/v1/api-keys', key: 'full', body: '{"name":', expectStatus: 400 },
  { name: 'invalid param', method: 'POST', path: '/api/v1/api-keys', key: 'full', body: '{"name":5}', expectStatus: 400 },
  { name: 'unknown field', method: 'POST', path: '/api/v1/api-keys', key: 'full', body: '{"name":"a","foo":1}', expectStatus: 400 },
  { name: 'body over 1 MiB', method: 'POST', path: '/api/v1/api-keys', key: 'full', body: bigBody, expectStatus: 413 },
  { name: 'body over 1 MiB in bytes', method: 'POST', path: '/api/v1/api-keys', key: 'full', body: wideBody, expectStatus: 413 },
  { name: 'scope too low', method: 'POST', path: '/api/v1/api-keys', key: 'read', body: '{"name":"r"}', expectStatus: 403 },
  {
    name: 'create with Idempotency-Key',
    method: 'POST',
    path: '/api/v1/api-keys',
    key: 'full',
    headers: { 'Idempotency-Key': 'parity-1' },
    body: '{"name":"parity","scope":"write"}',
    expectStatus: 201,
  },
  {
    name: 'idempotent replay',
    method: 'POST',
    path: '/api/v1/api-keys',
    key: 'full',
    headers: { 'Idempotency-Key': 'parity-1' },
    body: '{ "scope": "write", "name": "parity" }',
    expectStatus: 201,
  },
  {
    name: 'idempotency key reused',
    method: 'POST',
    path: '/api/v1/api-keys',
    key: 'full',
    headers: { 'Idempotency-Key': 'parity-1' },
    body: '{"name":"other"}',
    expectStatus: 422,
  },
  {
    name: 'bad idempotency key',
    method: 'POST',
    path: '/api/v1/api-keys',
    key: 'full',
    headers: { 'Idempotency-Key': 'x'.repeat(129) },
    body: '{"name":"k"}',
    expectStatus: 400,
  },
  { name: 'page 1', method: 'GET', path: '/api/v1/api-keys?limit=2', key: 'read', expectStatus: 200 },
  {
    name: 'page 2',
    method: 'GET',
    path: (earlier) => {
      const page = earlier.find((o) => (o.body as { next_cursor?: unknown }).next_cursor)!.body as { next_cursor: string };
      return `/api/v1/api-keys?limit=2&starting_after=${encodeURIComponent(page.next_cursor)}`;
    },
    key: 'read',
    expectStatus: 200,
  },
  { name: 'bad limit', method: 'GET', path: '/api/v1/api-keys?limit=101', key: 'read', expectStatus: 400 },
  { name: 'bad cursor', method: 'GET', path: '/api/v1/api-keys?starting_after=abc.def', key: 'read', expectStatus: 400 },
  // A new second: the unknown-path and wrong-method rows above count too (section 8), so this
  // second's burst of 20 is spent.
  { name: 'control: a second on, before revoking', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"ms":1000}', expectStatus: 200 },
  {
    name: 'revoke',
    method: 'DELETE',
    path: (earlier) => `/api/v1/api-keys/${(dataOf(earlier[15]) as { id: number }).id}`,
    key: 'admin',
    expectStatus: 200,
  },
  { name: 'cannot revoke self', method: 'DELETE', path: '/api/v1/api-keys/1', key: 'full', expectStatus: 409 },
  { name: 'openapi.json', method: 'GET', path: '/api/v1/openapi.json', expectStatus: 200 },
  { name: 'control: clock', method: 'GET', path: '/_sandbox/clock', key: 'operator', expectStatus: 200 },
  { name: 'control: clock with an account key', method: 'GET', path: '/_sandbox/clock', key: 'admin', expectStatus: 403 },
  { name: 'control: no key', method: 'GET', path: '/_sandbox/clock', expectStatus: 401 },
  { name: 'control: read key', method: 'POST', path: '/_sandbox/clock/advance', key: 'read', body: '{"ms":1}', expectStatus: 403 },
  { name: 'control: advance', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1h"}', expectStatus: 200 },
  { name: 'after advance', method: 'GET', path: '/api/v1/account', key: 'full', expectStatus: 200 },
  // Contacts read with GET are served from kept JSON text (core/wire-json.ts): first and repeated reads.
  { name: 'contact', method: 'GET', path: '/api/v1/contacts/1', key: 'read', expectStatus: 200 },
  { name: 'contact again', method: 'GET', path: '/api/v1/contacts/1', key: 'read', expectStatus: 200 },
  { name: 'contacts page', method: 'GET', path: '/api/v1/contacts?limit=5', key: 'read', expectStatus: 200 },
  { name: 'contacts page again', method: 'GET', path: '/api/v1/contacts?limit=5', key: 'read', expectStatus: 200 },
  // Market intelligence (4.16): tracking, its refusals, the refresh window and the daily snapshot.
  { name: 'market: track', method: 'POST', path: '/api/v1/competitors', key: 'full', body: '{"username":"@NatGeo"}', expectStatus: 201 },
  { name: 'market: track again', method: 'POST', path: '/api/v1/competitors', key: 'full', body: '{"username":"natgeo"}', expectStatus: 409 },
  { name: 'market: past the slots', method: 'POST', path: '/api/v1/competitors', key: 'full', body: '{"username":"nasa"}', expectStatus: 403 },
  { name: 'market: malformed handle', method: 'POST', path: '/api/v1/competitors', key: 'full', body: '{"username":"two words"}', expectStatus: 400 },
  { name: 'market: bad period', method: 'GET', path: '/api/v1/market-intel/leaderboard?period=8', key: 'read', expectStatus: 400 },
  { name: 'market: refresh', method: 'POST', path: '/api/v1/market-intel/refresh', key: 'admin', body: '{}', expectStatus: 200 },
  { name: 'market: refresh too soon', method: 'POST', path: '/api/v1/market-intel/refresh', key: 'admin', body: '{}', expectStatus: 429 },
  {
    name: 'market: untrack',
    method: 'DELETE',
    path: (earlier) => `/api/v1/competitors/${(earlier.map(dataOf).find((d) => (d as { username?: unknown } | undefined)?.username === 'natgeo') as { id: number }).id}`,
    key: 'admin',
    expectStatus: 200,
  },
  { name: 'market: untracked handle', method: 'POST', path: '/api/v1/competitors', key: 'full', body: '{"username":"jess.walks.dogs"}', expectStatus: 422 },
  { name: 'market: a week on', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"7d"}', expectStatus: 200 },
  { name: 'market: history after a week', method: 'GET', path: '/api/v1/market-intel/history?period=7', key: 'read', expectStatus: 200 },
  { name: 'market: leaderboard after a week', method: 'GET', path: '/api/v1/market-intel/leaderboard?period=7', key: 'read', expectStatus: 200 },
  // AI configuration, knowledge base and media library: clamps, refusals, aliases, 405, uploads, public files.
  { name: 'control: advance again', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1h"}', expectStatus: 200 },
  {
    name: 'ai config clamp',
    method: 'PATCH',
    path: '/api/v1/ai/config',
    key: 'admin',
    body: JSON.stringify({ identity: { welcome_message: 'w'.repeat(600) }, behavior: { batch_window_ms: 10 } }),
    expectStatus: 200,
  },
  { name: 'ai config refused', method: 'PATCH', path: '/api/v1/ai/config', key: 'admin', body: '{"followups":{"first_delay_minutes":61}}', expectStatus: 400 },
  { name: 'ai channel alias', method: 'PATCH', path: '/api/v1/ai/channels/instagram', key: 'admin', body: '{"automation_enabled":false}', expectStatus: 200 },
  { name: 'faq create', method: 'POST', path: '/api/v1/knowledge/faqs', key: 'full', body: '{"question":"Parity?","answer":"Yes","keywords":" a, b ,"}', expectStatus: 201 },
  { name: 'service create', method: 'POST', path: '/api/v1/knowledge/services', key: 'full', body: '{"name":"Parity","price":9.999}', expectStatus: 201 },
  { name: 'document create refused', method: 'POST', path: '/api/v1/knowledge/documents', key: 'full', body: '{}', expectStatus: 405 },
  { name: 'gaps, all', method: 'GET', path: '/api/v1/knowledge-gaps?status=all&limit=2', key: 'read', expectStatus: 200 },
  { name: 'media upload', method: 'POST', path: '/api/v1/media', key: 'full', form: () => uploadForm(PNG, 'image/jpeg'), expectStatus: 201 },
  { name: 'media upload, text as png', method: 'POST', path: '/api/v1/media', key: 'full', form: () => uploadForm(new TextEncoder().encode('text'), 'image/png'), expectStatus: 400 },
  { name: 'media upload as json', method: 'POST', path: '/api/v1/media', key: 'full', body: '{"name":"x"}', expectStatus: 400 },
  {
    name: 'media upload, truncated multipart',
    method: 'POST',
    path: '/api/v1/media',
    key: 'full',
    headers: { 'Content-Type': 'multipart/form-data; boundary=p' },
    body: '--p\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    expectStatus: 400,
  },
  { name: 'media list', method: 'GET', path: '/api/v1/media?limit=2', key: 'read', expectStatus: 200 },
  { name: 'media file, no key', method: 'GET', path: (earlier) => new URL(String(dataOf(earlier[entryIndex('media upload')])?.['url'])).pathname, expectStatus: 200 },
  { name: 'media file, unknown', method: 'GET', path: '/_media/00000000000000000000000000000000.png', expectStatus: 404 },
  // Appointments (4.6): the clock is at 2026-01-08T02:00Z by now (frozen, advanced); account 1 books in New York.
  { name: 'appointment availability', method: 'GET', path: '/api/v1/appointments/availability?date=2026-01-12', key: 'read', expectStatus: 200 },
  {
    name: 'appointment book',
    method: 'POST',
    path: '/api/v1/appointments',
    key: 'full',
    body: '{"date":"2026-01-12","time":"10:00","customer":{"name":"Parity","email":"parity@mail.test","phone":"+15550001234"},"conversation_id":1,"cost":"12.5"}',
    expectStatus: 201,
  },
  {
    name: 'appointment book, taken',
    method: 'POST',
    path: '/api/v1/appointments',
    key: 'full',
    body: '{"date":"2026-01-12","time":"10:00","customer":{"name":"Parity","email":"parity@mail.test","phone":"+15550001234"}}',
    expectStatus: 409,
  },
  { name: 'appointment book, missing fields', method: 'POST', path: '/api/v1/appointments', key: 'full', body: '{"date":"2026-01-12","time":"11:00","customer":{}}', expectStatus: 422 },
  { name: 'appointment book, 24:00', method: 'POST', path: '/api/v1/appointments', key: 'full', body: '{"date":"2026-01-12","time":"24:00","customer":{"name":"P"}}', expectStatus: 400 },
  {
    name: 'appointment reschedule',
    method: 'POST',
    path: (earlier) => `/api/v1/appointments/${String(dataOf(earlier[entryIndex('appointment book')])?.['id'])}/reschedule`,
    key: 'full',
    body: '{"date":"2026-01-13","time":"12:00"}',
    expectStatus: 200,
  },
  { name: 'appointment cancel', method: 'POST', path: (earlier) => `/api/v1/appointments/${String(dataOf(earlier[entryIndex('appointment book')])?.['id'])}/cancel`, key: 'full', body: '{}', expectStatus: 200 },
  { name: 'appointment cancel again', method: 'POST', path: (earlier) => `/api/v1/appointments/${String(dataOf(earlier[entryIndex('appointment book')])?.['id'])}/cancel`, key: 'full', body: '{}', expectStatus: 409 },
  { name: 'control: a second on, before the cancelled reschedule', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"ms":1000}', expectStatus: 200 },
  {
    name: 'appointment reschedule, cancelled',
    method: 'POST',
    path: (earlier) => `/api/v1/appointments/${String(dataOf(earlier[entryIndex('appointment book')])?.['id'])}/reschedule`,
    key: 'full',
    body: '{"date":"2026-01-13","time":"13:00"}',
    expectStatus: 409,
  },
  // Overview analytics (2.14): counts after the writes above, the plan-lookup fault (usage null) and back.
  { name: 'overview: a minute on', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1m"}', expectStatus: 200 },
  { name: 'overview', method: 'GET', path: '/api/v1/analytics/overview', key: 'read', expectStatus: 200 },
  { name: 'overview: plan lookup fails', method: 'POST', path: '/_sandbox/analytics/usage', key: 'admin', body: '{"plan_lookup":"fail"}', expectStatus: 200 },
  { name: 'overview: usage null', method: 'GET', path: '/api/v1/analytics/overview', key: 'read', expectStatus: 200 },
  { name: 'overview: bad usage setting', method: 'POST', path: '/_sandbox/analytics/usage', key: 'admin', body: '{"plan_lookup":"maybe"}', expectStatus: 400 },
  { name: 'overview: plan lookup back', method: 'POST', path: '/_sandbox/analytics/usage', key: 'admin', body: '{"plan_lookup":"ok"}', expectStatus: 200 },
  // Flows (4.7, 3.3): validation, create, the lifecycle on seeded flows (account 1: flows 1 to 5).
  // A new second on the frozen clock: the rows above used this second's burst of 20.
  { name: 'control: advance before flows', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1h"}', expectStatus: 200 },
  { name: 'flows: validate', method: 'POST', path: '/api/v1/flows/validate', key: 'full', body: JSON.stringify({ definition: flowGraph('parity') }), expectStatus: 200 },
  { name: 'flows: validate broken', method: 'POST', path: '/api/v1/flows/validate', key: 'full', body: JSON.stringify({ definition: { ...flowGraph('x'), edges: [] } }), expectStatus: 200 },
  { name: 'flows: create', method: 'POST', path: '/api/v1/flows', key: 'full', body: JSON.stringify({ name: 'Parity', definition: flowGraph('parity') }), expectStatus: 201 },
  { name: 'flows: create invalid', method: 'POST', path: '/api/v1/flows', key: 'full', body: JSON.stringify({ name: 'Parity', definition: { ...flowGraph('x'), edges: [] } }), expectStatus: 422 },
  { name: 'flows: publish a draft', method: 'POST', path: '/api/v1/flows/4/publish', key: 'full', body: '{}', expectStatus: 200 },
  { name: 'flows: pause a paused flow', method: 'POST', path: '/api/v1/flows/3/pause', key: 'full', body: '{}', expectStatus: 409 },
  { name: 'flows: PATCH a definition', method: 'PATCH', path: '/api/v1/flows/2', key: 'full', body: JSON.stringify({ definition: flowGraph('fitting') }), expectStatus: 200 },
  { name: 'flows: discard the draft', method: 'POST', path: '/api/v1/flows/2/discard-draft', key: 'full', body: '{}', expectStatus: 200 },
  { name: 'flows: duplicate', method: 'POST', path: '/api/v1/flows/1/duplicate', key: 'full', body: '{}', expectStatus: 201 },
  { name: 'flows: delete', method: 'DELETE', path: '/api/v1/flows/5', key: 'full', expectStatus: 200 },
  // Posts (4.15, 3.5): capabilities, create, media judged by bytes, the actions, a platform fault, the scheduler.
  { name: 'control: advance before posts', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1h"}', expectStatus: 200 },
  { name: 'posts: capabilities', method: 'GET', path: '/api/v1/posts/capabilities', key: 'read', expectStatus: 200 },
  { name: 'posts: create carousel', method: 'POST', path: '/api/v1/posts', key: 'full', body: '{"platform":"both","post_type":"carousel","caption":"Parity carousel","hashtags":["parity"]}', expectStatus: 201 },
  { name: 'posts: create, tiktok carousel', method: 'POST', path: '/api/v1/posts', key: 'full', body: '{"platform":"tiktok","post_type":"carousel"}', expectStatus: 400 },
  { name: 'posts: create, past scheduled_at', method: 'POST', path: '/api/v1/posts', key: 'full', body: '{"platform":"facebook","caption":"x","scheduled_at":"2020-01-01T00:00:00Z"}', expectStatus: 400 },
  { name: 'posts: media 1', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/media`, key: 'full', form: () => postForm(pngOfSize(1080, 2)), expectStatus: 200 },
  { name: 'posts: publish a carousel of one', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/publish`, key: 'full', body: '{}', expectStatus: 400 },
  { name: 'posts: media, 5000 px', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/media`, key: 'full', form: () => postForm(pngOfSize(5000, 1)), expectStatus: 400 },
  { name: 'posts: media, mp4 declared duration', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/media`, key: 'full', form: () => postForm(mp4WithDuration(8_000)), expectStatus: 200 },
  { name: 'posts: media file, no key', method: 'GET', path: (earlier) => new URL(String((dataOf(earlier[entryIndex('posts: media 1')])?.['media'] as { url: string }[])[0]!.url)).pathname, expectStatus: 200 },
  { name: 'posts: schedule', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/schedule`, key: 'full', body: '{"scheduled_at":"2026-01-08T04:30:00+00:00"}', expectStatus: 200 },
  { name: 'posts: unschedule', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/unschedule`, key: 'full', body: '{}', expectStatus: 200 },
  { name: 'control: facebook rejects', method: 'POST', path: '/_sandbox/posts/faults/facebook', key: 'operator', headers: { 'X-Sandbox-Account': '1' }, body: '{"reject":true,"error_message":"Parity says no"}', expectStatus: 200 },
  { name: 'posts: publish, facebook rejects', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/publish`, key: 'full', body: '{}', expectStatus: 422 },
  { name: 'control: facebook takes posts', method: 'POST', path: '/_sandbox/posts/faults/facebook', key: 'operator', headers: { 'X-Sandbox-Account': '1' }, body: '{"reject":false}', expectStatus: 200 },
  { name: 'posts: schedule the failed post', method: 'POST', path: (earlier) => `/api/v1/posts/${postId(earlier)}/schedule`, key: 'full', body: '{"scheduled_at":"2026-01-08T04:30:00+00:00"}', expectStatus: 200 },
  { name: 'control: advance past scheduled_at', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1h"}', expectStatus: 200 },
  { name: 'posts: published by the scheduler', method: 'GET', path: (earlier) => `/api/v1/posts/${postId(earlier)}`, key: 'read', expectStatus: 200 },
  { name: 'posts: delete published', method: 'DELETE', path: (earlier) => `/api/v1/posts/${postId(earlier)}`, key: 'full', expectStatus: 409 },
  { name: 'posts: list', method: 'GET', path: '/api/v1/posts?status=published&limit=2', key: 'read', expectStatus: 200 },
  { name: 'control: advance before comment automation', method: 'POST', path: '/_sandbox/clock/advance', key: 'operator', body: '{"duration":"1h"}', expectStatus: 200 },
  // Comment automation (4.14): a trigger, simulate, a real comment, handled comments, recent posts.
  { name: 'comment triggers: create', method: 'POST', path: '/api/v1/comment-triggers', key: 'full', body: JSON.stringify({ name: 'Parity', platform: 'instagram', keywords: ['parity'], response_mode: 'both', public_replies: ['Check DMs'], dm_templates: ['Here it is'], buttons: [{ title: 'Open', type: 'url', url: 'https://shop.example.test' }] }), expectStatus: 201 },
  { name: 'comment triggers: four buttons', method: 'POST', path: '/api/v1/comment-triggers', key: 'full', body: JSON.stringify({ name: 'Bad', platform: 'instagram', keywords: ['x'], response_mode: 'dm_only', buttons: [1, 2, 3, 4].map((n) => ({ title: `B${n}`, type: 'text', response: 'ok' })) }), expectStatus: 400 },
  { name: 'comment triggers: simulate', method: 'GET', path: '/api/v1/comment-triggers/simulate?text=parity%20please&platform=instagram', key: 'read', expectStatus: 200 },
  { name: 'comment triggers: a customer comments', method: 'POST', path: '/_sandbox/comments', key: 'operator', body: JSON.stringify({ platform: 'instagram', text: 'parity please', commenter: { id: 'parity_1' } }), expectStatus: 200 },
  { name: 'comment triggers: stats', method: 'GET', path: (earlier) => `/api/v1/comment-triggers/${String(dataOf(earlier[entryIndex('comment triggers: create')])?.['id'])}/stats`, key: 'read', expectStatus: 200 },
  { name: 'comments: a comment for the AI', method: 'POST', path: '/_sandbox/comments', key: 'operator', body: JSON.stringify({ platform: 'instagram', text: 'love it', commenter: { id: 'parity_2' } }), expectStatus: 200 },
  { name: 'comments: the queue', method: 'GET', path: '/api/v1/comments?status=pending', key: 'read', expectStatus: 200 },
  { name: 'comments: bulk over 100', method: 'POST', path: '/api/v1/comments/approve', key: 'full', body: JSON.stringify({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }), expectStatus: 400 },
  { name: 'recent posts: facebook', method: 'GET', path: '/api/v1/recent-posts?platform=facebook&limit=1', key: 'read', expectStatus: 200 },
  // Flow runtime (4.8, 2.11-2.13): a keyword DM runs the seed's Gear guide flow (id 1); sessions, events and analytics read back.
  { name: 'flow runtime: automation on again', method: 'PATCH', path: '/api/v1/ai/channels/meta', key: 'admin', body: '{"automation_enabled":true}', expectStatus: 200 },
  { name: 'flow runtime: a keyword DM', method: 'POST', path: '/_sandbox/inbound', key: 'operator', body: '{"channel":"instagram","platform_user_id":"parity_flow_1","text":"guide please"}', expectStatus: 200 },
  { name: 'flow runtime: sessions', method: 'GET', path: '/api/v1/flow-sessions?flow_id=1&limit=3', key: 'read', expectStatus: 200 },
  {
    name: 'flow runtime: tap',
    method: 'POST',
    path: (earlier) => `/_sandbox/flow-sessions/${String((dataOf(earlier[entryIndex('flow runtime: sessions')]) as unknown as { id: number }[])[0]!.id)}/tap`,
    key: 'operator',
    body: '{"button":1}',
    expectStatus: 200,
  },
  { name: 'flow runtime: tap, no such button', method: 'POST', path: (earlier) => `/_sandbox/flow-sessions/${String((dataOf(earlier[entryIndex('flow runtime: sessions')]) as unknown as { id: number }[])[0]!.id)}/tap`, key: 'operator', body: '{"button":3}', expectStatus: 400 },
  { name: 'flow runtime: session', method: 'GET', path: (earlier) => `/api/v1/flow-sessions/${String((dataOf(earlier[entryIndex('flow runtime: sessions')]) as unknown as { id: number }[])[0]!.id)}`, key: 'read', expectStatus: 200 },
  { name: 'flow runtime: session events', method: 'GET', path: (earlier) => `/api/v1/flow-sessions/${String((dataOf(earlier[entryIndex('flow runtime: sessions')]) as unknown as { id: number }[])[0]!.id)}/events?limit=5`, key: 'read', expectStatus: 200 },
  { name: 'flow runtime: unknown session', method: 'GET', path: '/api/v1/flow-sessions/999999', key: 'read', expectStatus: 404 },
  { name: 'flow runtime: unknown contact', method: 'GET', path: '/api/v1/flow-sessions?contact_id=999999', key: 'read', expectStatus: 404 },
  { name: 'flow runtime: events', method: 'GET', path: '/api/v1/flow-events?flow_id=1&limit=5', key: 'read', expectStatus: 200 },
  { name: 'flow runtime: events since the future', method: 'GET', path: '/api/v1/flow-events?since=2099-01-01T00:00:00Z', key: 'read', expectStatus: 200 },
  { name: 'flow runtime: analytics', method: 'GET', path: '/api/v1/flows/1/analytics?range=all', key: 'read', expectStatus: 200 },
  { name: 'flow runtime: analytics, 7 days by channel', method: 'GET', path: '/api/v1/flows/1/analytics?range=7d&channel=instagram', key: 'read', expectStatus: 200 },
  { name: 'flow runtime: analytics, unknown version', method: 'GET', path: '/api/v1/flows/1/analytics?version=99', key: 'read', expectStatus: 404 },
];

const postId = (earlier: readonly Outcome[]) => String(dataOf(earlier[entryIndex('posts: create carousel')])?.['id']);

function postForm(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'parity.bin');
  return form;
}

/** A small valid flow graph (4.7) for the flow rows. */
function flowGraph(keyword: string): Record<string, unknown> {
  return {
    trigger: { source: 'dm', keywords: [keyword] },
    nodes: [
      { id: '1', type: 'trigger' },
      { id: '2', type: 'message', config: { text: 'Hello {first_name}' } },
    ],
    edges: [{ from: '1', to: '2' }],
  };
}

function entryIndex(name: string): number {
  return TABLE.findIndex((entry) => entry.name === name);
}

function newSimulator(): Simulator {
  return createSimulator({ clock: FROZEN, rateLimit: '200/20', logger: silentLogger });
}

function keyHeaders(sim: Simulator, entry: Entry): Record<string, string> {
  const account = sim.accounts[0]!;
  switch (entry.key) {
    case undefined:
      return {};
    case 'inactive':
      return { 'X-Service-Api-Key': sim.accounts[4]!.keys.full! };
    case 'bogus':
      return { 'X-Service-Api-Key': 'sbx_not_a_key' };
    case 'bearer':
      return { Authorization: `Bearer ${account.keys.full!}` };
    case 'operator':
      return { 'X-Sandbox-Token': sim.controlToken, 'X-Sandbox-Account': String(account.id) };
    default:
      return { 'X-Service-Api-Key': account.keys[entry.key]! };
  }
}

/**
 * Every GET route of the registry (API and control plane), built by looping over it: a new group
 * is compared in both runtimes with no edit here. Path parameters get an id no record has.
 */
const REGISTRY_TABLE: Entry[] = [
  ...apiRouteTable().map((route) => ({ route, prefix: '/api/v1' })),
  ...controlRouteTable().map((route) => ({ route, prefix: '/_sandbox' })),
]
  // The snapshot holds the digests of randomly minted keys; the last test compares the states instead.
  .filter(({ route }) => route.method === 'GET' && route.operationId !== 'sandboxSnapshot')
  .map(({ route, prefix }) => ({
    name: `registry: GET ${prefix}${route.path}`,
    method: 'GET',
    path: `${prefix}${route.path.replace(/\{\w+\}/g, '999999999')}`,
    key: 'operator' as const,
    expectStatus: 0,
  }));

async function runTable(sim: Simulator, origin: string, table: readonly Entry[] = TABLE): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const entry of table) {
    const path = typeof entry.path === 'function' ? entry.path(outcomes) : entry.path;
    const headers: Record<string, string> = { ...keyHeaders(sim, entry), ...entry.headers };
    if (entry.body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(`${origin}${path}`, { method: entry.method, headers, body: entry.form ? entry.form() : entry.body });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (COMPARED_HEADERS.includes(name)) out[name] = value;
    });
    const type = response.headers.get('content-type') ?? '';
    if (type !== '' && !type.startsWith('application/json')) {
      // A file the simulator serves (public media): compared by type, length and bytes.
      const bytes = new Uint8Array(await response.arrayBuffer());
      outcomes.push({ status: response.status, headers: out, body: { file: type, length: bytes.length, bytes: [...bytes].join(',') } });
      continue;
    }
    const text = await response.text();
    if (text !== '') expect(type, entry.name).toMatch(/^application\/json/);
    outcomes.push({ status: response.status, headers: out, body: text === '' ? undefined : (JSON.parse(text) as unknown) });
  }
  return outcomes;
}

/** Minted plaintext keys (and their previews) are random; everything else is deterministic under a frozen clock. */
function maskKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    out[name] =
      name === 'api_key' && typeof inner === 'string'
        ? '<plaintext>'
        : name === 'preview'
          ? '<prefix>'
          : (name === 'url' || name === 'thumbnail_url') && typeof inner === 'string'
            ? inner.replace(/^https?:\/\/[^/]+(?=\/_media\/)/, '<origin>') // public files are served from each runtime's own origin
            : maskKeys(inner);
  }
  return out;
}

function comparable(outcome: Outcome): Outcome {
  return { ...outcome, body: maskKeys(outcome.body) };
}

describe('runtime parity: node:http server and MSW', () => {
  let server: RunningServer;
  const mswSim = newSimulator();
  const nodeSim = newSimulator();
  const unhandled: string[] = [];
  const msw = setupServer(...createHandlers(mswSim, { baseUrl: `${MSW_ORIGIN}/api/v1` }));
  let nodeOutcomes: Outcome[] = [];
  let mswOutcomes: Outcome[] = [];
  let nodeRegistry: Outcome[] = [];
  let mswRegistry: Outcome[] = [];

  beforeAll(async () => {
    server = await listen(nodeSim, { port: 0, host: '127.0.0.1' });
    // The node server's own origin must reach the network; anything else unhandled is recorded.
    msw.listen({
      onUnhandledRequest: (request) => {
        if (!request.url.startsWith(server.origin)) unhandled.push(request.url);
      },
    });
    nodeOutcomes = await runTable(nodeSim, server.origin);
    mswOutcomes = await runTable(mswSim, MSW_ORIGIN);
    nodeRegistry = await runTable(nodeSim, server.origin, REGISTRY_TABLE);
    mswRegistry = await runTable(mswSim, MSW_ORIGIN, REGISTRY_TABLE);
  });

  afterAll(async () => {
    msw.close();
    await server?.close();
    nodeSim.close();
    mswSim.close();
  });

  it("answers every request of the table with the expected status in both runtimes", () => {
    expect(nodeOutcomes.map((o, i) => [TABLE[i]!.name, o.status])).toEqual(TABLE.map((e) => [e.name, e.expectStatus]));
    expect(mswOutcomes.map((o, i) => [TABLE[i]!.name, o.status])).toEqual(TABLE.map((e) => [e.name, e.expectStatus]));
  });

  it('agrees on status, body and the meaningful headers, request by request', () => {
    for (const [i, entry] of TABLE.entries()) {
      expect(comparable(mswOutcomes[i]!), entry.name).toEqual(comparable(nodeOutcomes[i]!));
    }
  });

  it('answers a repeated contact read and list page as the first, in both runtimes', () => {
    for (const outcomes of [nodeOutcomes, mswOutcomes]) {
      const named = (name: string) => outcomes[TABLE.findIndex((entry) => entry.name === name)]!.body;
      expect(named('contact again')).toEqual(named('contact'));
      expect(named('contacts page again')).toEqual(named('contacts page'));
      expect((named('contacts page') as { data: unknown[] }).data).toHaveLength(5);
    }
  });

  it('answers every GET route of the registry alike in both runtimes, none with a 5xx', () => {
    expect(REGISTRY_TABLE.length).toBeGreaterThan(20);
    for (const [i, entry] of REGISTRY_TABLE.entries()) {
      expect(nodeRegistry[i]!.status, entry.name).toBeLessThan(500);
      expect(comparable(mswRegistry[i]!), entry.name).toEqual(comparable(nodeRegistry[i]!));
    }
  });

  it('sent every MSW request to the simulator, never to the network', () => {
    expect(unhandled).toEqual([]);
  });

  it('carries the headers that matter', () => {
    const byName = (name: string) => nodeOutcomes[TABLE.findIndex((e) => e.name === name)]!;
    expect(byName('wrong method').headers['allow']).toBe('GET, POST');
    expect(byName('idempotent replay').headers['idempotent-replayed']).toBe('true');
    expect(byName('account').headers['ratelimit-limit']).toBe('200');
    expect(byName('no key').headers['ratelimit-limit']).toBeUndefined();
    const error = (name: string) => (byName(name).body as { error: { code: string; param?: string } }).error;
    expect(error('body over 1 MiB').code).toBe('payload_too_large');
    expect(error('body over 1 MiB in bytes').code).toBe('payload_too_large');
    expect(error('invalid json').code).toBe('invalid_json');
    expect(error('invalid param')).toMatchObject({ code: 'invalid_param', param: 'name' });
    expect(error('bad cursor')).toMatchObject({ code: 'invalid_param', param: 'starting_after' });
    expect(dataOf(byName('media upload'))).toMatchObject({ mime_type: 'image/png', width: 3, height: 2 });
    expect(byName('media file, no key').body).toMatchObject({ file: 'image/png', length: PNG.length });
    expect(error('media upload, text as png')).toMatchObject({ code: 'invalid_param', param: 'file' });
    expect(error('media upload, truncated multipart')).toMatchObject({ code: 'invalid_param', param: 'body' });
    expect(error('ai config refused')).toMatchObject({ param: 'followups.first_delay_minutes' });
  });

  it('left both simulators in the same state', () => {
    const strip = (sim: Simulator) => {
      const snapshot = sim.snapshot();
      // Minted key digests differ (random plaintext); nothing else may.
      const keys = snapshot.store.collections['api_keys']!.map((k) => ({ ...k, key_hash: '', preview: '' }));
      const replays = snapshot.store.collections['idempotency_keys']!.map((r) => {
        const stored = r as typeof r & { status: number; body: unknown };
        return { ...stored, body: comparable({ status: stored.status, headers: {}, body: stored.body }).body };
      });
      const collections = { ...snapshot.store.collections, api_keys: keys, idempotency_keys: replays };
      return { ...snapshot, store: { ...snapshot.store, collections } };
    };
    expect(strip(mswSim)).toEqual(strip(nodeSim));
  });
});
