/**
 * What the group offers other groups, through a stand-in group composed here: the
 * `commentTriggerFired` hook (the flow runtime), `createPostScopedTrigger` (the posts group,
 * 4.15 comment_auto_reply) and `firesBetween` (overview analytics, 2.14).
 */
import { describe, expect, it } from 'vitest';
import { data } from '../../../test/support/flow-graphs.js';
import { dmTrigger, seedWithoutCommentAutomation } from '../../../test/support/comment-triggers.js';
import { testSimulator } from '../../../test/support/simulator.js';
import { defineGroup } from '../../groups/define.js';
import type { CoreServices } from '../../groups/services.js';
import { registry } from '../index.js';
import type { FiredTrigger } from './hooks.js';
import { commentTriggersGroup } from './index.js';
import type { CommentTriggersModel } from './model.js';

const heard: [number, FiredTrigger][] = [];
let reach: { model: CommentTriggersModel; core: CoreServices } | undefined;

const standIn = defineGroup({
  name: 'standIn',
  description: 'Listens and calls the way the flow runtime, posts and analytics will.',
  needs: [commentTriggersGroup],
  model: () => ({}),
  listen: ({ on, needs, core }) => {
    reach = { model: needs.commentTriggers, core };
    on.commentTriggers.commentTriggerFired.add((accountId, fired) => void heard.push([accountId, fired]));
  },
});

function setup() {
  heard.length = 0;
  const t = testSimulator({ groups: [...registry, standIn], seed: seedWithoutCommentAutomation() });
  const { model, core } = reach!;
  return { ...t, model, inTransaction: <T>(work: () => T): T => core.store.transaction(work) };
}

describe('commentTriggerFired', () => {
  it('runs once per fire with the trigger, comment, post, keyword, contact, conversation and channel', async () => {
    const { sim, keys, accounts } = setup();
    const id = data((await sim.request({ method: 'POST', path: '/comment-triggers', key: keys.full, body: dmTrigger() })))['id'];
    const result = sim.sandbox.comment(accounts[0]!.id, { platform: 'instagram', post_id: 'p1', text: 'link!', comment_id: 'c_1', commenter: { id: 'ig_9' } });
    expect(heard).toEqual([
      [accounts[0]!.id, { trigger_id: id, comment_id: 'c_1', post_id: 'p1', matched_keyword: 'link', contact_id: result.contact_id, conversation_id: result.dm.conversation_id, channel: 'instagram' }],
    ]);
    sim.sandbox.comment(accounts[0]!.id, { platform: 'instagram', text: 'hello', commenter: { id: 'ig_9' } });
    expect(heard).toHaveLength(1);
  });
});

describe('createPostScopedTrigger', () => {
  it('makes a trigger scoped to the post, live when the cap allows, visible through the API', async () => {
    const { sim, keys, model, inTransaction } = setup();
    const trigger = inTransaction(() =>
      model.createPostScopedTrigger(1, 'post_77', 'both', {
        keywords: ['want'],
        response_mode: 'both',
        public_replies: ['Check your DMs'],
        dm_templates: ['Here you go'],
        buttons: [{ title: 'Shop', type: 'url', url: 'https://shop.example.test' }],
      }),
    );
    expect(trigger).toMatchObject({ post_id: 'post_77', platform: 'both', active: true, match_type: 'contains', keywords: ['want'] });
    const shown = await sim.request({ path: `/comment-triggers/${trigger.id}`, key: keys.read });
    expect(data(shown)).toMatchObject({ post_id: 'post_77' });
    const sim2 = await sim.request({ path: '/comment-triggers/simulate', key: keys.read, query: { text: 'I want it', platform: 'facebook', post_id: 'post_77' } });
    expect(data(sim2)).toMatchObject({ outcome: 'trigger_fired', trigger: { id: trigger.id } });
  });

  it('applies the same rules as the API (a DM mode needs buttons)', () => {
    const { model, inTransaction } = setup();
    expect(() => inTransaction(() => model.createPostScopedTrigger(1, 'post_1', 'instagram', { keywords: ['x'], response_mode: 'dm_only' }))).toThrow(/buttons/);
  });
});

describe('firesBetween', () => {
  it('counts fires per trigger in [from, to), with linked flow ids', async () => {
    const { sim, keys, accounts, model } = setup();
    const account = accounts[0]!.id;
    const a = data(await sim.request({ method: 'POST', path: '/comment-triggers', key: keys.full, body: dmTrigger({ name: 'A' }) }))['id'] as number;
    const b = data(await sim.request({ method: 'POST', path: '/comment-triggers', key: keys.full, body: dmTrigger({ name: 'B', keywords: ['price'] }) }))['id'] as number;
    sim.sandbox.clock.freeze();
    const start = Date.parse(sim.sandbox.clock.now());
    sim.sandbox.comment(account, { platform: 'instagram', text: 'link', commenter: { id: 'u1' } });
    sim.sandbox.clock.advance('2d');
    const middle = Date.parse(sim.sandbox.clock.now());
    sim.sandbox.comment(account, { platform: 'instagram', text: 'link', commenter: { id: 'u2' } });
    sim.sandbox.comment(account, { platform: 'instagram', text: 'price', commenter: { id: 'u3' } });
    const end = Date.parse(sim.sandbox.clock.now()) + 1000;
    expect(model.firesBetween(account, start, end)).toEqual([
      { trigger_id: a, name: 'A', linked_flow_ids: [], fires: 2 },
      { trigger_id: b, name: 'B', linked_flow_ids: [], fires: 1 },
    ]);
    expect(model.firesBetween(account, start, middle).map((row) => row.fires)).toEqual([1, 0]);
    expect(model.firesBetween(accounts[1]!.id, start, end)).toEqual([]);
  });
});
