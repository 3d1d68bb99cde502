/**
 * What a DELETE answers where the spec says what it does but not what it returns (unblock, cancel
 * an invitation, delete a webhook endpoint; posts: "the delete result: not shown"; media,
 * competitors, comment triggers, services): our choice is 200 with `{data: {id, ..., deleted:
 * true}}` (docs/decisions.md). The spec-level checks accept any 2xx there; these assumption checks
 * hold the simulator (and anyone who wants to match it) to the choice.
 */
import type { CheckDefinition } from '../runner/check.js';
import { expectStatus, expectSuccess, fail, readData } from '../runner/expect.js';
import { type AnswerSubject, SUBJECTS } from './answer-subjects.js';
import { costOf, dataOf, numericId } from './helpers.js';

interface DeleteAnswer {
  readonly id: string;
  readonly title: string;
  readonly clause: string;
  readonly group: string;
  readonly subject: AnswerSubject;
}

const CASES: readonly DeleteAnswer[] = [
  { id: 'blocked-users.unblock-answer', title: 'DELETE /blocked-users/{id} answers 200 with {id, deleted: true}', clause: '4.13', group: 'blocked-users', subject: SUBJECTS.blockedUser },
  { id: 'team.cancel-answer', title: 'DELETE /team/invitations/{id} answers 200 with {id, deleted: true}', clause: '4.10', group: 'team', subject: SUBJECTS.invitation },
  { id: 'webhooks.delete-answer', title: 'DELETE /webhooks/endpoints/{id} answers 200 with {id, deleted: true}', clause: '4.1', group: 'webhooks', subject: SUBJECTS.endpoint },
  { id: 'posts.delete-answer', title: 'DELETE /posts/{id} answers 200 with {id, deleted: true}', clause: '4.15', group: 'posts', subject: SUBJECTS.post },
  { id: 'media.delete-answer', title: 'DELETE /media/{id} answers 200 with {id, deleted: true}', clause: '4.13', group: 'media', subject: SUBJECTS.media },
  { id: 'market.delete-answer', title: 'DELETE /competitors/{id} answers 200 with {id, deleted: true}', clause: '4.16', group: 'market', subject: SUBJECTS.competitor },
  { id: 'comment-triggers.delete-answer', title: 'DELETE /comment-triggers/{id} answers 200 with {id, deleted: true}', clause: '4.14', group: 'comment-triggers', subject: SUBJECTS.commentTrigger },
  { id: 'knowledge.service-delete-answer', title: 'DELETE /knowledge/services/{id} answers 200 with {id, deleted: true}', clause: '4.12', group: 'knowledge', subject: SUBJECTS.service },
];

export const deleteAnswerChecks: CheckDefinition[] = CASES.map(
  ({ id, title, clause, group, subject }): CheckDefinition => ({
    id,
    title,
    clause,
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [`POST ${subject.path}`, `DELETE ${subject.path}/{id}`],
    cost: costOf(3),
    async run(ctx) {
      const key = await ctx.keyFor(subject.key);
      const created = await ctx.setup(`create something to delete (POST ${subject.path})`, async () => {
        const response = await subject.create(ctx, key);
        expectSuccess(response, `POST ${subject.path}`);
        return numericId(dataOf(response)?.['id']) ?? fail(`POST ${subject.path}: data.id is missing`, response);
      });
      const removed = await ctx.send({ method: 'DELETE', path: `${subject.path}/${created}`, key });
      if (removed.status >= 200 && removed.status < 300) ctx.ledger.forget(subject.kind, created);
      expectStatus(removed, 200, `DELETE ${subject.path}/${created}`);
      const data = readData(removed, `DELETE ${subject.path}/{id}`);
      if (data['id'] !== created || data['deleted'] !== true) fail(`DELETE ${subject.path}/{id} should answer {data: {id, deleted: true}} (our choice: docs/decisions.md)`, removed);
    },
  }),
);
