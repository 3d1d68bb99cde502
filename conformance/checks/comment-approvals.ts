/**
 * The approval queue acted on (2.24, 3.6, 4.14): approve (own text → `edited: true`), approve
 * again → 409 `not_pending`, a platform refusal → 422 `send_failed` and `failed`, bulk approve
 * and reject. Approving posts a reply on the platform and cannot be taken back, so these checks
 * run only in the `destructive` profile, which is never a default. Even then they act only on
 * handled comments the kit made itself through the sandbox (`POST /_sandbox/comments`, a comment
 * no trigger answers on an account with the AI comment manager in approval mode): on a real
 * server they skip (`needs_control`), since the only pending comments there are customers'.
 */
import { BulkApproveResult, BulkRejectResult, HandledComment } from '../../src/resources/comments/schemas.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { errorCodeOf, expectError, expectShape, expectStatus, fail, readData } from '../runner/expect.js';
import { costOf } from './helpers.js';

const group = 'comment-automation';
const APPROVE = 'POST /comments/{id}/approve';

/** A comment of the run no trigger matches (the run's letters only), so the AI comment manager takes it. */
const textOf = (ctx: CheckContext): string => `kitqueue${ctx.runId.replace(/[^a-z]/gi, '').toLowerCase()} please`;

/** One pending handled comment of the kit's own, or a skip saying why there cannot be one. */
async function pendingComment(ctx: CheckContext): Promise<number> {
  if (!ctx.target.simulator || !ctx.target.control) ctx.skip('needs_control', 'the kit approves only handled comments it created through the sandbox');
  const commenter = ctx.name('commenter');
  const made = await ctx.send({
    method: 'POST', path: '/_sandbox/comments', fromOrigin: true,
    body: { platform: 'instagram', text: textOf(ctx), commenter: { id: commenter, username: commenter } },
  });
  if (made.status === 404 || made.status === 405) ctx.skip('needs_control', `POST /_sandbox/comments answered ${made.status}`);
  expectStatus(made, 200, 'POST /_sandbox/comments');
  const handled = readData(made, 'sandbox comment')['handled_comment'] as { id?: unknown; status?: unknown } | null;
  if (handled === null || handled === undefined) ctx.skip('comment_ai_not_in_approval', 'the account’s AI comment manager is off, so no comment is queued');
  if (handled.status !== 'pending') ctx.skip('comment_ai_not_in_approval', `a new comment was handled as ${String(handled.status)}, not queued as pending`);
  return handled.id as number;
}

async function handledStatus(ctx: CheckContext, key: string, id: number): Promise<string> {
  const shown = await ctx.send({ path: `/comments/${id}`, key });
  expectStatus(shown, 200, `GET /comments/${id}`);
  return expectShape(readData(shown, 'handled comment'), HandledComment, 'handled comment (2.24)', shown).status;
}

async function withKey(ctx: CheckContext): Promise<string> {
  const key = await ctx.keyFor('write');
  const probe = await ctx.send({ path: '/comments/stats', key });
  if (errorCodeOf(probe) === 'feature_unavailable') ctx.skip('plan_lacks_comment_ai');
  return key;
}

export const commentApprovalChecks: CheckDefinition[] = [
  {
    id: 'comments.approve-once',
    title: 'Approving a pending comment with own text sends that text (edited: true); approving it again is 409 not_pending',
    clause: '3.6',
    level: 'spec',
    group,
    profile: 'destructive',
    routes: [APPROVE, 'GET /comments/{id}'],
    cost: costOf(6),
    async run(ctx) {
      const key = await withKey(ctx);
      const id = await pendingComment(ctx);
      const text = `Thanks from ${ctx.prefix}`;
      const approved = await ctx.send({ method: 'POST', path: `/comments/${id}/approve`, key, body: { text } });
      expectStatus(approved, 200, `POST /comments/${id}/approve`);
      const comment = expectShape(readData(approved, 'approve'), HandledComment, 'handled comment (2.24)', approved);
      if (comment.status !== 'sent') fail(`an approved comment is sent (3.6); got ${comment.status}`, approved);
      if (comment.reply.sent_text !== text) fail(`approve with text sends that text; sent_text is ${JSON.stringify(comment.reply.sent_text)}`, approved);
      if (!comment.reply.edited) fail('approve with own text marks the reply edited: true (4.14)', approved);
      if (comment.reviewed_at === null) fail('an approved comment has reviewed_at', approved);
      expectError(await ctx.send({ method: 'POST', path: `/comments/${id}/approve`, key, body: {} }), 409, 'not_pending', 'a second approve of the same comment');
      expectError(await ctx.send({ method: 'POST', path: `/comments/${id}/reject`, key, body: {} }), 409, 'not_pending', 'reject of a sent comment');
    },
  },
  {
    id: 'comments.approve-refused',
    title: 'A platform that refuses the reply: approve answers 422 send_failed and the comment is failed (sandbox fault)',
    clause: '3.6',
    level: 'spec',
    group,
    profile: 'destructive',
    routes: [APPROVE, 'GET /comments/{id}'],
    cost: costOf(6),
    async run(ctx) {
      const key = await withKey(ctx);
      const id = await pendingComment(ctx);
      const armed = await ctx.send({ method: 'POST', path: '/_sandbox/comments/faults', fromOrigin: true, body: { refuse_replies: true } });
      if (armed.status !== 200) ctx.skip('needs_control', `POST /_sandbox/comments/faults answered ${armed.status}`);
      try {
        expectError(await ctx.send({ method: 'POST', path: `/comments/${id}/approve`, key, body: {} }), 422, 'send_failed', 'approve while the platform refuses replies');
      } finally {
        await ctx.send({ method: 'POST', path: '/_sandbox/comments/faults', fromOrigin: true, body: { refuse_replies: false } });
      }
      const status = await handledStatus(ctx, key, id);
      if (status !== 'failed') fail(`a refused approval leaves the comment failed (3.6); it is ${status}`);
    },
  },
  {
    id: 'comments.bulk-approve-reject',
    title: 'Bulk approve counts what it sent (a repeated id once) and names each refused id; bulk reject counts what it changed and skips non-pending ids',
    clause: '4.14',
    level: 'spec',
    group,
    profile: 'destructive',
    routes: ['POST /comments/approve', 'POST /comments/reject', 'GET /comments/{id}'],
    cost: costOf(12),
    async run(ctx) {
      const key = await withKey(ctx);
      const [a, b, c] = [await pendingComment(ctx), await pendingComment(ctx), await pendingComment(ctx)];
      const approved = await ctx.send({ method: 'POST', path: '/comments/approve', key, body: { ids: [a, a, b] } });
      expectStatus(approved, 200, 'POST /comments/approve');
      const result = expectShape(readData(approved, 'bulk approve'), BulkApproveResult, 'bulk approve result (4.14)', approved);
      if (result.approved !== 2 || result.failed !== 0) fail(`bulk approve of [a, a, b] (two pending) approves 2 and fails 0; got ${result.approved} and ${result.failed}`, approved);
      const rejected = await ctx.send({ method: 'POST', path: '/comments/reject', key, body: { ids: [b, c] } });
      expectStatus(rejected, 200, 'POST /comments/reject');
      const changed = expectShape(readData(rejected, 'bulk reject'), BulkRejectResult, 'bulk reject result (4.14)', rejected);
      if (changed.rejected !== 1) fail(`bulk reject of [b (sent), c (pending)] changes 1 (non-pending skipped silently); got ${changed.rejected}`, rejected);
      for (const [id, want] of [[a, 'sent'], [b, 'sent'], [c, 'rejected']] as const) {
        const status = await handledStatus(ctx, key, id);
        if (status !== want) fail(`after the bulk actions comment ${id} is ${status}, not ${want}`);
      }
      // A refused reply in a bulk approve: counted as failed, with one error line naming the id.
      const d = await pendingComment(ctx);
      const armed = await ctx.send({ method: 'POST', path: '/_sandbox/comments/faults', fromOrigin: true, body: { refuse_replies: true } });
      if (armed.status !== 200) ctx.skip('needs_control', `POST /_sandbox/comments/faults answered ${armed.status}`);
      try {
        const refused = await ctx.send({ method: 'POST', path: '/comments/approve', key, body: { ids: [d] } });
        expectStatus(refused, 200, 'POST /comments/approve while the platform refuses replies');
        const outcome = expectShape(readData(refused, 'bulk approve'), BulkApproveResult, 'bulk approve result (4.14)', refused);
        if (outcome.approved !== 0 || outcome.failed !== 1 || outcome.errors.length !== 1 || outcome.errors[0]!.id !== d) {
          fail(`a refused reply in a bulk approve gives approved 0, failed 1 and one error line for id ${d}; got ${JSON.stringify(outcome)}`, refused);
        }
      } finally {
        await ctx.send({ method: 'POST', path: '/_sandbox/comments/faults', fromOrigin: true, body: { refuse_replies: false } });
      }
    },
  },
];
