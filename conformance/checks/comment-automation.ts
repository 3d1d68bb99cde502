/**
 * Comment automation (2.22, 2.23, 2.24, 3.6, 3.7, 4.14, 8). Live-safe: in the `safe` profile a
 * check creates triggers paused (`active: false`) and deletes them; nothing is approved or
 * rejected there (the bulk rule is proven with more than 100 ids, which nothing may act on). What
 * needs a live trigger (the live cap, simulate, the real comment path) runs in `full` only, and
 * the real-comment property needs the sandbox control plane.
 */
import fc from 'fast-check';
import { LIVE_TRIGGER_CAP } from '../../src/resources/comment-triggers/plans.js';
import { CommentTrigger, Simulation, TriggerStatsDetail } from '../../src/resources/comment-triggers/schemas.js';
import { CommentStats, HandledComment } from '../../src/resources/comments/schemas.js';
import { RecentPost } from '../../src/resources/recent-posts/schemas.js';
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { errorCodeOf, expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../runner/expect.js';
import { costOf } from './helpers.js';

const group = 'comment-automation';
const CREATE = 'POST /comment-triggers';
const GET = 'GET /comment-triggers/{id}';
const PATCH = 'PATCH /comment-triggers/{id}';
const DELETE = 'DELETE /comment-triggers/{id}';
const SIMULATE = 'GET /comment-triggers/simulate';

/** A DM trigger body with one url button; `active` false unless the check needs it live. */
function triggerBody(ctx: CheckContext, keyword: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: ctx.name('trigger'),
    active: false,
    platform: 'instagram',
    keywords: [keyword],
    response_mode: 'both',
    public_replies: ['Sent you a DM'],
    dm_templates: ['Here is the link'],
    buttons: [{ title: 'Open', type: 'url', url: 'https://kit.conformance.invalid/link' }],
    ...extra,
  };
}

async function createTrigger(ctx: CheckContext, key: string, body: Record<string, unknown>): Promise<{ id: number; trigger: ReturnType<typeof CommentTrigger.parse>; response: KitResponse }> {
  const response = await ctx.send({ method: 'POST', path: '/comment-triggers', key, body });
  // 4.14 states no status for a create ("trigger"): any 2xx; 201 is comment-triggers.create-answer's.
  expectSuccess(response, 'POST /comment-triggers');
  const trigger = expectShape(readData(response, 'POST /comment-triggers'), CommentTrigger, 'comment trigger (2.22)', response);
  return { id: trigger.id, trigger, response };
}

const remove = (ctx: CheckContext, key: string, id: number) => ctx.send({ method: 'DELETE', path: `/comment-triggers/${id}`, key });

/** A keyword of the run, unlikely to match anything else: letters only (fuzzy and exact stay simple). */
const keywordOf = (ctx: CheckContext, hint: string): string => `${hint}${ctx.runId.replace(/[^a-z]/gi, '').toLowerCase()}`.slice(0, 40);

export const commentAutomationChecks: CheckDefinition[] = [
  {
    id: 'comment-triggers.create-defaults',
    title: 'POST /comment-triggers fills the 2.22 defaults (contains, comment, all posts) and shows every field; DELETE removes it',
    clause: '2.22',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE, GET, DELETE],
    cost: costOf(4),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const { id, trigger, response } = await createTrigger(ctx, key, triggerBody(ctx, keywordOf(ctx, 'kitdefaults')));
      try {
        if (trigger.match_type !== 'contains') fail(`match_type defaults to contains (2.22); got ${trigger.match_type}`, response);
        if (trigger.post_id !== null) fail(`post_id defaults to null (all posts); got ${trigger.post_id}`, response);
        if (trigger.active) fail('a trigger created with active false came back active', response);
        if (trigger.created_paused) fail('created_paused is for triggers paused by the live cap, not for active false', response);
        const shown = await ctx.send({ path: `/comment-triggers/${id}`, key });
        expectStatus(shown, 200, `GET /comment-triggers/${id}`);
      } finally {
        // 4.14 states what a delete does, not what it answers: any 2xx.
        expectSuccess(await remove(ctx, key, id), `DELETE /comment-triggers/${id}`);
      }
      expectError(await ctx.send({ path: `/comment-triggers/${id}`, key }), 404, 'not_found', 'GET of a deleted trigger');
    },
  },
  {
    id: 'comment-triggers.tag-deleted',
    title: 'Deleting a tag a trigger applies leaves the trigger naming no deleted tag, and still editable',
    clause: '4.5',
    // 4.5 names contacts and conversations; that triggers let go of the tag too is the house's reading.
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['POST /tags', 'DELETE /tags/{id}', CREATE, GET, PATCH, DELETE],
    cost: costOf(6),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const tagged = await ctx.send({ method: 'POST', path: '/tags', key, body: { name: ctx.name('trigger-tag') } });
      expectStatus(tagged, [200, 201], 'POST /tags');
      const tagId = readData(tagged, 'POST /tags')['id'];
      if (typeof tagId !== 'number') fail('POST /tags answered no numeric id', tagged);
      const { id } = await createTrigger(ctx, key, triggerBody(ctx, keywordOf(ctx, 'kittagged'), { tag_id: tagId }));
      try {
        expectStatus(await ctx.send({ method: 'DELETE', path: `/tags/${tagId}`, key }), 200, `DELETE /tags/${tagId}`);
        const shown = await ctx.send({ path: `/comment-triggers/${id}`, key });
        expectStatus(shown, 200, `GET /comment-triggers/${id}`);
        if (readData(shown, 'GET /comment-triggers/{id}')['tag_id'] === tagId) fail(`the trigger still names tag ${tagId}, which was deleted`, shown);
        const renamed = await ctx.send({ method: 'PATCH', path: `/comment-triggers/${id}`, key, body: { name: ctx.name('renamed') } });
        expectStatus(renamed, 200, 'PATCH of the trigger whose tag was deleted (a field other than tag_id)');
      } finally {
        await remove(ctx, key, id);
      }
    },
  },
  {
    id: 'comment-triggers.button-and-reply-limits',
    title: 'A DM mode needs 1 to 3 buttons with titles up to 20 characters; up to 5 public replies and 5 DM templates (400 naming the field)',
    clause: '8',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CREATE, DELETE],
    cost: costOf(6),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const button = (title: string) => ({ title, type: 'text', response: 'ok' });
      const cases: [string, Record<string, unknown>, string][] = [
        ['no buttons in DM mode both', { buttons: [] }, 'buttons'],
        ['four buttons', { buttons: [button('A'), button('B'), button('C'), button('D')] }, 'buttons'],
        ['a 21-character button title', { buttons: [button('x'.repeat(21))] }, 'buttons.0.title'],
        ['six public replies', { public_replies: ['1', '2', '3', '4', '5', '6'] }, 'public_replies'],
        ['six DM templates', { dm_templates: ['1', '2', '3', '4', '5', '6'] }, 'dm_templates'],
      ];
      for (const [label, extra, param] of cases) {
        const response = await ctx.send({ method: 'POST', path: '/comment-triggers', key, body: triggerBody(ctx, keywordOf(ctx, 'kitlimits'), extra) });
        if (response.status >= 200 && response.status < 300) {
          const id = (readData(response, 'POST /comment-triggers')['id'] as number | undefined) ?? 0;
          await remove(ctx, key, id);
        }
        expectError(response, 400, 'invalid_param', `POST /comment-triggers with ${label}`, { param });
      }
    },
  },
  {
    id: 'comment-triggers.live-cap',
    title: 'Past the plan live cap a trigger is saved paused with created_paused true, and activating it gives 403 plan_limit_reached',
    clause: '3.7',
    level: 'spec',
    group,
    profile: 'full',
    routes: [CREATE, PATCH, DELETE],
    cost: costOf(120),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const made: number[] = [];
      try {
        for (let i = 0; i < 55; i++) {
          const { id, trigger, response } = await createTrigger(ctx, key, triggerBody(ctx, keywordOf(ctx, `kitcap${String.fromCharCode(97 + (i % 26))}${i}`), { active: true }));
          made.push(id);
          if (!trigger.created_paused) {
            if (!trigger.active) fail('a trigger created active within the cap came back paused without created_paused', response);
            continue;
          }
          if (trigger.active) fail('created_paused true but active true', response);
          expectError(await ctx.send({ method: 'PATCH', path: `/comment-triggers/${id}`, key, body: { active: true } }), 403, 'plan_limit_reached', 'activating a trigger past the live cap');
          return;
        }
        // The spec does not give the numbers; against the simulator its own table (docs/decisions.md) is known.
        const plan = ctx.target.plan;
        const known = ctx.target.simulator && plan !== undefined && plan in LIVE_TRIGGER_CAP ? LIVE_TRIGGER_CAP[plan as keyof typeof LIVE_TRIGGER_CAP] : undefined;
        if (known !== undefined) fail(`55 triggers were created live; the simulator's ${plan} plan caps live triggers at ${known}, so one past it must be saved paused with created_paused true`);
        ctx.inconclusive('cap_not_reached', '55 live triggers were accepted without created_paused; the plan cap may be higher');
      } finally {
        for (const id of made) await remove(ctx, key, id);
      }
    },
  },
  {
    id: 'comment-triggers.simulate-reasons',
    title: 'Simulate fires the matching trigger; an exclude keyword stops it (reason excluded_keyword), another platform is reason platform; nothing is recorded',
    clause: '2.22',
    level: 'spec',
    group,
    profile: 'full',
    routes: [CREATE, SIMULATE, DELETE, 'GET /comment-triggers/{id}/stats'],
    cost: costOf(8),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const keyword = keywordOf(ctx, 'kitsim');
      const { id } = await createTrigger(ctx, key, triggerBody(ctx, keyword, { active: true, exclude_keywords: ['kitnope'] }));
      try {
        const simulate = async (text: string, platform = 'instagram') => {
          const response = await ctx.send({ path: '/comment-triggers/simulate', query: { text, platform } });
          expectStatus(response, 200, `simulate "${text}" on ${platform}`);
          const result = expectShape(readData(response, 'simulate'), Simulation, 'simulation (2.22)', response);
          return { result, response, mine: result.candidates.find((c) => c.id === id) };
        };
        const fired = await simulate(`please ${keyword} now`);
        if (!fired.result.automation_enabled) ctx.skip('automation_off', 'the Instagram automation switch is off');
        if (fired.result.trigger?.id !== id) fail(`a comment with its keyword should fire trigger ${id}; the winner was ${fired.result.trigger?.id ?? 'none'}`, fired.response);
        if (fired.mine?.matched_keyword !== keyword || !fired.mine.would_fire) fail('the candidate row of the firing trigger should say would_fire with its keyword', fired.response);
        const excluded = await simulate(`${keyword} kitnope`);
        if (excluded.mine?.reason !== 'excluded_keyword' || excluded.mine.would_fire) fail(`an exclude keyword must stop the trigger (reason excluded_keyword); got ${excluded.mine?.reason}`, excluded.response);
        const facebook = await simulate(keyword, 'facebook');
        if (facebook.mine?.reason !== 'platform') fail(`an Instagram trigger on a Facebook comment is reason platform; got ${facebook.mine?.reason}`, facebook.response);
        const stats = await ctx.send({ path: `/comment-triggers/${id}/stats`, key });
        expectStatus(stats, 200, 'GET /comment-triggers/{id}/stats');
        if (expectShape(readData(stats, 'stats'), TriggerStatsDetail, 'trigger stats', stats).fires !== 0) fail('simulate recorded a fire; it must record nothing', stats);
      } finally {
        await remove(ctx, key, id);
      }
    },
  },
  {
    id: 'comment-triggers.simulate-predicts-real',
    title: 'Property: what simulate predicts for a comment is what a real comment (sandbox) does, for a new commenter',
    clause: '2.22',
    level: 'assumption',
    group,
    profile: 'full',
    routes: [CREATE, SIMULATE, DELETE],
    cost: costOf(40),
    async run(ctx) {
      if (!ctx.target.control) ctx.skip('needs_control');
      const key = await ctx.keyFor('write');
      const a = keywordOf(ctx, 'kitpa');
      const b = keywordOf(ctx, 'kitpb');
      const ids = [
        (await createTrigger(ctx, key, triggerBody(ctx, a, { active: true, exclude_keywords: ['kitstop'] }))).id,
        (await createTrigger(ctx, key, triggerBody(ctx, b, { active: true, platform: 'both', match_type: 'exact', response_mode: 'public_only', buttons: [] }))).id,
      ];
      let person = 0;
      try {
        await ctx.fc.check(
          fc.asyncProperty(fc.array(fc.constantFrom(a, b, 'kitstop', 'hello', '🔥'), { minLength: 1, maxLength: 3 }), fc.constantFrom('instagram', 'facebook'), async (words, platform) => {
            const text = words.join(' ');
            const predicted = await ctx.send({ path: '/comment-triggers/simulate', query: { text, platform } });
            expectStatus(predicted, 200, 'simulate');
            const simulation = expectShape(readData(predicted, 'simulate'), Simulation, 'simulation (2.22)', predicted);
            person += 1;
            const real = await ctx.send({ method: 'POST', path: '/_sandbox/comments', fromOrigin: true, body: { platform, text, commenter: { id: `${ctx.prefix}_p${person}` } } });
            if (real.status !== 200) ctx.skip('needs_control', `POST /_sandbox/comments answered ${real.status}`);
            const outcome = readData(real, 'sandbox comment');
            if (outcome['outcome'] !== simulation.outcome || (outcome['trigger_id'] ?? null) !== (simulation.trigger?.id ?? null)) {
              fail(`"${text}" on ${platform}: simulate predicted ${simulation.outcome} (${simulation.trigger?.id ?? 'no trigger'}), the real comment gave ${String(outcome['outcome'])} (${String(outcome['trigger_id'])})`, real);
            }
          }),
          { runs: Math.min(ctx.fc.runs, 8) },
        );
      } finally {
        for (const id of ids) await remove(ctx, key, id);
      }
    },
  },
  {
    id: 'comments.list-and-stats-shape',
    title: 'GET /comments lists handled comments (2.24 shape) newest first and GET /comments/stats answers; below Pro both are 403 feature_unavailable',
    clause: '2.24',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /comments', 'GET /comments/stats'],
    cost: costOf(2),
    async run(ctx) {
      const list = await ctx.send({ path: '/comments', query: { limit: 100 } });
      if (list.status === 403) {
        expectError(list, 403, 'feature_unavailable', 'GET /comments below Pro');
        expectError(await ctx.send({ path: '/comments/stats' }), 403, 'feature_unavailable', 'GET /comments/stats below Pro');
        return;
      }
      expectStatus(list, 200, 'GET /comments');
      const rows = readList(list, 'GET /comments').data.map((row) => expectShape(row, HandledComment, 'handled comment (2.24)', list));
      for (let i = 1; i < rows.length; i++) if (rows[i]!.created_at > rows[i - 1]!.created_at) fail('GET /comments is newest first', list);
      const stats = await ctx.send({ path: '/comments/stats' });
      expectStatus(stats, 200, 'GET /comments/stats');
      expectShape(readData(stats, 'GET /comments/stats'), CommentStats, 'comment stats', stats);
    },
  },
  {
    id: 'comments.bulk-over-100',
    title: 'Bulk approve and reject take up to 100 ids: 101 is 400 naming ids (nothing acted on)',
    clause: '8',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /comments/approve', 'POST /comments/reject'],
    cost: costOf(2),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      // Ids no account holds, so even a target that wrongly accepts the list acts on nothing.
      const ids = Array.from({ length: 101 }, (_, i) => 900_000_000_000 + i);
      for (const path of ['/comments/reject', '/comments/approve']) {
        const response = await ctx.send({ method: 'POST', path, key, body: { ids } });
        if (errorCodeOf(response) === 'feature_unavailable') ctx.skip('plan_lacks_comment_ai');
        expectError(response, 400, 'invalid_param', `POST ${path} with 101 ids`, { param: 'ids' });
      }
    },
  },
  {
    id: 'recent-posts.shape-and-limit',
    title: 'GET /recent-posts answers 2.23 posts newest first (or 409 not_connected), and limit is at most 50',
    clause: '2.23',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /recent-posts'],
    cost: costOf(2),
    async run(ctx) {
      const response = await ctx.send({ path: '/recent-posts', query: { limit: 50 } });
      if (response.status === 409) return void expectError(response, 409, 'not_connected', 'GET /recent-posts without a connected Instagram');
      expectStatus(response, 200, 'GET /recent-posts');
      const posts = readList(response, 'GET /recent-posts').data.map((row) => expectShape(row, RecentPost, 'recent post (2.23)', response));
      for (let i = 1; i < posts.length; i++) if (posts[i]!.posted_at > posts[i - 1]!.posted_at) fail('recent posts are newest first', response);
      expectError(await ctx.send({ path: '/recent-posts', query: { limit: 51 } }), 400, 'invalid_param', 'GET /recent-posts?limit=51', { param: 'limit' });
    },
  },
];
