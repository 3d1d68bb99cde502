/**
 * What a DELETE answers where the spec says what it does but not what it returns (unblock, cancel
 * an invitation, delete a webhook endpoint): our choice is 200 with `{data: {id, ..., deleted:
 * true}}` (docs/decisions.md). The spec-level checks accept any 2xx there; these assumption checks
 * hold the simulator (and anyone who wants to match it) to the choice.
 */
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectStatus, fail, readData } from '../runner/expect.js';
import { costOf, dataOf, numericId } from './helpers.js';

interface DeleteAnswer {
  readonly id: string;
  readonly title: string;
  readonly clause: string;
  readonly group: string;
  readonly create: string;
  readonly remove: string;
  readonly kind: string;
  readonly key: 'write' | 'admin';
  body(ctx: CheckContext): unknown;
}

const CASES: readonly DeleteAnswer[] = [
  {
    id: 'blocked-users.unblock-answer',
    title: 'DELETE /blocked-users/{id} answers 200 with {id, deleted: true}',
    clause: '4.13',
    group: 'blocked-users',
    create: '/blocked-users',
    remove: '/blocked-users',
    kind: 'blocked-user',
    key: 'write',
    body: (ctx) => ({ ig_username: ctx.name('unblk').slice(0, 30) }),
  },
  {
    id: 'team.cancel-answer',
    title: 'DELETE /team/invitations/{id} answers 200 with {id, deleted: true}',
    clause: '4.10',
    group: 'team',
    create: '/team/invitations',
    remove: '/team/invitations',
    kind: 'invitation',
    key: 'admin',
    body: (ctx) => ({ email: `${ctx.name('cancel')}@example.com`, name: `${ctx.prefix} invitee` }),
  },
  {
    id: 'webhooks.delete-answer',
    title: 'DELETE /webhooks/endpoints/{id} answers 200 with {id, deleted: true}',
    clause: '4.1',
    group: 'webhooks',
    create: '/webhooks/endpoints',
    remove: '/webhooks/endpoints',
    kind: 'webhook-endpoint',
    key: 'admin',
    body: (ctx) => ({ name: ctx.name('delans'), url: `https://hooks.switchboard.invalid/switchboard-conformance/${ctx.prefix}` }),
  },
];

export const deleteAnswerChecks: CheckDefinition[] = CASES.map(
  (spec): CheckDefinition => ({
    id: spec.id,
    title: spec.title,
    clause: spec.clause,
    level: 'assumption',
    group: spec.group,
    profile: 'safe',
    routes: [`POST ${spec.create}`, `DELETE ${spec.remove}/{id}`],
    cost: costOf(2),
    async run(ctx) {
      const key = await ctx.keyFor(spec.key);
      const id = await ctx.setup(`create something to delete (POST ${spec.create})`, async () => {
        const created = await ctx.send({ method: 'POST', path: spec.create, key, body: spec.body(ctx) });
        if (created.status === 403) return ctx.skip('plan_limit_reached');
        expectStatus(created, [200, 201], `POST ${spec.create}`);
        return numericId(dataOf(created)?.['id']) ?? fail(`POST ${spec.create}: data.id is missing`, created);
      });
      const removed = await ctx.send({ method: 'DELETE', path: `${spec.remove}/${id}`, key });
      if (removed.status >= 200 && removed.status < 300) ctx.ledger.forget(spec.kind, id);
      expectStatus(removed, 200, `DELETE ${spec.remove}/${id}`);
      const data = readData(removed, `DELETE ${spec.remove}/{id}`);
      if (data['id'] !== id || data['deleted'] !== true) fail(`DELETE ${spec.remove}/{id} should answer {data: {id, deleted: true}} (our choice: docs/decisions.md)`, removed);
    },
  }),
);
