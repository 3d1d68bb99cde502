/**
 * Things the kit can create and delete again, for the checks that judge only WHAT a create or a
 * delete answers where the spec leaves it unstated (create-answers.ts, delete-answers.ts). Each
 * subject makes one run-prefixed record; the auto-ledger records it, so a failing check still
 * leaves nothing behind.
 */
import type { KitResponse } from '../http/client.js';
import type { CheckContext } from '../runner/check.js';
import { errorCodeOf } from '../runner/expect.js';
import { PNG_3X2, uploadForm } from './ai-knowledge/shared.js';

export interface AnswerSubject {
  /** The collection path: POST creates there, DELETE `${path}/{id}` removes. */
  readonly path: string;
  /** The ledger's kind (creations.ts), forgotten once the kit's DELETE succeeded. */
  readonly kind: string;
  readonly key: 'write' | 'admin';
  /** Sends the create; skips (never fails) when the account cannot have one (plan, slots). */
  create(ctx: CheckContext, key: string): Promise<KitResponse>;
}

/** A 403 on a create is the plan speaking (feature_unavailable, plan_limit_reached): skip, naming it. */
function skipOnPlan(ctx: CheckContext, response: KitResponse): KitResponse {
  if (response.status === 403) ctx.skip(errorCodeOf(response) ?? 'plan_limit_reached');
  return response;
}

const json = (path: string, body: (ctx: CheckContext) => unknown) => async (ctx: CheckContext, key: string) =>
  skipOnPlan(ctx, await ctx.send({ method: 'POST', path, key, body: body(ctx) }));

/** Public business accounts the market checks track for a moment (market.ts). */
const COMPETITORS = ['natgeo', 'nasa'] as const;

export const SUBJECTS = {
  blockedUser: { path: '/blocked-users', kind: 'blocked-user', key: 'write', create: json('/blocked-users', (ctx) => ({ ig_username: ctx.name('unblk').slice(0, 30) })) },
  invitation: {
    path: '/team/invitations',
    kind: 'invitation',
    key: 'admin',
    create: json('/team/invitations', (ctx) => ({ email: `${ctx.name('cancel')}@example.com`, name: `${ctx.prefix} invitee` })),
  },
  endpoint: {
    path: '/webhooks/endpoints',
    kind: 'webhook-endpoint',
    key: 'admin',
    create: json('/webhooks/endpoints', (ctx) => ({ name: ctx.name('delans'), url: `https://hooks.switchboard.invalid/switchboard-conformance/${ctx.prefix}` })),
  },
  post: { path: '/posts', kind: 'post', key: 'write', create: json('/posts', (ctx) => ({ platform: 'instagram', caption: ctx.name('answer') })) },
  service: { path: '/knowledge/services', kind: 'service', key: 'write', create: json('/knowledge/services', (ctx) => ({ name: ctx.name('answer'), price: 1 })) },
  commentTrigger: {
    path: '/comment-triggers',
    kind: 'comment-trigger',
    key: 'write',
    // Paused (active false) and with a keyword of the run, so it never answers a real comment.
    create: json('/comment-triggers', (ctx) => ({
      name: ctx.name('answer'),
      active: false,
      platform: 'instagram',
      keywords: [`answer${ctx.runId.replace(/[^a-z]/gi, '').toLowerCase()}`.slice(0, 40)],
      response_mode: 'public_only',
      public_replies: ['Thanks'],
    })),
  },
  media: {
    path: '/media',
    kind: 'media',
    key: 'write',
    async create(ctx, key) {
      const form = uploadForm(PNG_3X2, 'image/png', 'kit.png', { name: ctx.name('answer'), category: 'product' });
      return skipOnPlan(ctx, await ctx.send({ method: 'POST', path: '/media', key, form }));
    },
  },
  competitor: {
    path: '/competitors',
    kind: 'competitor',
    key: 'write',
    // 409 means that account is tracked already (by the customer: not the kit's to delete): try the next.
    async create(ctx, key) {
      let last: KitResponse | undefined;
      for (const username of COMPETITORS) {
        last = skipOnPlan(ctx, await ctx.send({ method: 'POST', path: '/competitors', key, body: { username } }));
        if (last.status !== 409) return last;
      }
      return ctx.skip('candidates_already_tracked', `${COMPETITORS.join(' and ')} are tracked already`);
    },
  },
} as const satisfies Record<string, AnswerSubject>;
