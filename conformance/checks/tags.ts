/**
 * Tags (4.5, 2.4, 8): create is 201 then 200 with the colour unchanged, a bad colour is 400 naming
 * `color`, names are 1 to 50 characters, the list is the whole set ordered by name, delete answers
 * `{id, deleted: true}` and a second delete is 404, and another account's tag is out of reach.
 */
import { Tag } from '../../src/resources/tags/schemas.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../runner/expect.js';
import { costOf, skipIfScopeRefused } from './helpers.js';

const group = 'tags';
const CREATE = 'POST /tags';
const LIST = 'GET /tags';
const DELETE = 'DELETE /tags/{id}';

async function createTag(ctx: CheckContext, key: string, name: string, color?: string): Promise<{ id: number; status: number }> {
  const response = await ctx.send({ method: 'POST', path: '/tags', key, body: color === undefined ? { name } : { name, color } });
  expectStatus(response, [200, 201], `POST /tags {name: ${name}}`);
  const tag = expectShape(readData(response, 'POST /tags'), Tag, 'tag (2.4)', response);
  if (tag.name !== name) fail(`POST /tags: the tag came back named "${tag.name}", not "${name}"`, response);
  return { id: tag.id, status: response.status };
}

async function listTags(ctx: CheckContext, key = 'a'): Promise<Record<string, unknown>[]> {
  const response = await ctx.send({ path: '/tags', key });
  expectStatus(response, 200, 'GET /tags');
  const list = readList(response, 'GET /tags');
  if (list.has_more) fail('GET /tags is a whole-set list: has_more false (2.1)', response);
  return list.data as Record<string, unknown>[];
}

export const tagChecks: CheckDefinition[] = [
  {
    id: 'tags.create-then-existing',
    title: 'POST /tags: 201 for a new name, 200 with the colour unchanged for an existing one',
    clause: '4.5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE],
    cost: costOf(2),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const name = ctx.name('tag');
      const first = await ctx.send({ method: 'POST', path: '/tags', key, body: { name, color: '#22C55E' } });
      expectStatus(first, 201, 'POST /tags with a new name');
      const tag = expectShape(readData(first, 'POST /tags'), Tag, 'tag (2.4)', first);
      const again = await ctx.send({ method: 'POST', path: '/tags', key, body: { name, color: '#EF4444' } });
      expectStatus(again, 200, 'POST /tags with an existing name');
      const existing = expectShape(readData(again, 'POST /tags'), Tag, 'tag (2.4)', again);
      if (existing.id !== tag.id) fail('POST /tags with an existing name answered another tag', again);
      if (existing.color.toUpperCase() !== '#22C55E') fail(`POST /tags with an existing name changed its colour to ${existing.color}`, again);
    },
  },
  {
    id: 'tags.bad-color',
    title: 'A colour that is not #RRGGBB gives 400 invalid_param naming color',
    clause: '4.5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE],
    cost: costOf(3),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      for (const color of ['red', '#12345', '22C55E']) {
        const response = await ctx.send({ method: 'POST', path: '/tags', key, body: { name: ctx.name('color'), color } });
        expectError(response, 400, 'invalid_param', `POST /tags with color "${color}"`, { param: 'color' });
      }
    },
  },
  {
    id: 'tags.name-length',
    title: 'Tag names are 1 to 50 characters',
    clause: '8',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE],
    cost: costOf(3),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const base = ctx.name('len');
      await createTag(ctx, key, base.padEnd(50, 'x'));
      for (const name of ['', base.padEnd(51, 'x')]) {
        const response = await ctx.send({ method: 'POST', path: '/tags', key, body: { name } });
        expectError(response, 400, 'invalid_param', `POST /tags with a ${name.length}-character name`, { param: 'name' });
      }
    },
  },
  {
    id: 'tags.list-by-name',
    title: 'GET /tags is the whole set, ordered by name',
    clause: '4.5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE, LIST],
    cost: costOf(4),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const stem = ctx.name('order');
      const names = [`${stem}_m`, `${stem}_c`, `${stem}_x`];
      await ctx.setup('create three tags', async () => {
        for (const name of names) await createTag(ctx, key, name);
      });
      const ours = (await listTags(ctx)).map((tag) => tag['name']).filter((name) => typeof name === 'string' && name.startsWith(stem));
      const expected = [...names].sort();
      if (JSON.stringify(ours) !== JSON.stringify(expected)) fail(`GET /tags: expected ${expected.join(', ')} in this order, got ${ours.join(', ')}`);
    },
  },
  {
    id: 'tags.delete',
    title: 'DELETE /tags/{id} answers {id, deleted: true}; the tag is gone; again is 404',
    clause: '4.5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE, LIST, DELETE],
    cost: costOf(4),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const { id } = await ctx.setup('create a tag', () => createTag(ctx, key, ctx.name('del')));
      const removed = await ctx.send({ method: 'DELETE', path: `/tags/${id}`, key });
      // 4.5 states the result body, so the success must carry it (a 204 cannot).
      expectSuccess(removed, `DELETE /tags/${id}`);
      const data = readData(removed, 'DELETE /tags/{id}');
      if (data['id'] !== id || data['deleted'] !== true) fail('DELETE /tags/{id} should answer {data: {id, deleted: true}}', removed);
      ctx.ledger.forget('tag', id);
      if ((await listTags(ctx)).some((tag) => tag['id'] === id)) fail(`GET /tags still lists deleted tag ${id}`);
      expectError(await ctx.send({ method: 'DELETE', path: `/tags/${id}`, key }), 404, 'not_found', `DELETE /tags/${id} a second time`);
    },
  },
  {
    id: 'tags.other-account',
    title: "Another account's tag is neither listed nor deletable (404)",
    clause: '4.5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE, LIST, DELETE],
    needs: ['key_b'],
    cost: costOf(4),
    async run(ctx) {
      const foreignName = ctx.name('foreign');
      const { id } = await ctx.setup("create a tag in account B", async () => {
        const name = foreignName;
        const response = await ctx.send({ method: 'POST', path: '/tags', key: 'b', body: { name } });
        skipIfScopeRefused(ctx, response, 'write');
        expectStatus(response, [200, 201], 'account B: POST /tags');
        return { id: expectShape(readData(response, 'POST /tags'), Tag, 'tag (2.4)', response).id };
      });
      const key = await ctx.keyFor('write');
      const mine = await listTags(ctx);
      if (mine.some((tag) => tag['id'] === id && tag['name'] === foreignName)) fail(`GET /tags lists tag ${id} of another account`);
      // Ids may be per account: a tag of A's own with that id must not be deleted by the probe.
      if (mine.some((tag) => tag['id'] === id)) return;
      expectError(await ctx.send({ method: 'DELETE', path: `/tags/${id}`, key }), 404, 'not_found', `DELETE /tags/${id} (another account's tag)`);
    },
  },
];
