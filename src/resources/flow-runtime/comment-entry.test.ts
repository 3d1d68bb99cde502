/**
 * The comment-trigger entry (`startFromComment`), as the comment-trigger group will call it from
 * its `commentTriggerFired` hook at merge: a stand-in group offers one comment trigger to the
 * flows group (its `references` hook) and fires it through a sandbox power.
 */
import { expect, it } from 'vitest';
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import { defineGroup, type GroupContext } from '../../groups/define.js';
import { silentLogger } from '../../core/logger.js';
import { createSimulator } from '../../simulator.js';
import { flowsGroup } from '../flows/index.js';
import { registry } from '../index.js';
import { flowRuntimeGroup } from './index.js';
import type { RuntimeModel } from './model.js';

const power = powersFor<GroupContext<{ fire: (accountId: number, input: { contact_id: number; conversation_id: number }) => number | null }>>();

const commentStandIn = defineGroup({
  name: 'commentStandIn',
  description: 'Test stand-in for comment triggers.',
  needs: [flowsGroup, flowRuntimeGroup],
  model: ({ needs }) => ({
    fire: (accountId: number, input: { contact_id: number; conversation_id: number }) =>
      (needs.flowRuntime as RuntimeModel).startFromComment(accountId, {
        trigger_id: 7,
        comment_id: '1790001',
        post_id: '1780001',
        matched_keyword: 'price',
        contact_id: input.contact_id,
        conversation_id: input.conversation_id,
        channel: 'instagram',
      })?.id ?? null,
  }),
  listen: ({ on }) => on.flows.references.add(() => ({ comment_triggers: [{ id: 7, name: 'Launch post', active: true }] })),
  sandbox: {
    fireComment: power.account({
      operationId: 'sandboxFireCommentStandIn',
      method: 'POST',
      path: '/comment-stand-in',
      summary: 'Fires comment trigger 7 for a contact',
      input: z.strictObject({ contact_id: z.number().int(), conversation_id: z.number().int() }),
      inputRequired: true,
      output: z.object({ session_id: z.number().int().nullable() }),
      run: ({ accountId, input }, { model }) => ({ session_id: model.fire(accountId, input) }),
    }),
  },
});

it('a fired comment trigger starts the linked flow with post, comment and keyword attribution', async () => {
  const sim = createSimulator({ groups: [...registry, commentStandIn], logger: silentLogger, rateLimit: 'off' });
  const key = sim.accounts[0]!.keys.full!;
  const definition = {
    trigger: { source: 'comment', mode: 'linked', comment_trigger_id: 7 },
    nodes: [{ id: '1', type: 'trigger', config: {} }, { id: '2', type: 'message', config: { text: 'Here is the price list.' } }],
    edges: [{ from: '1', to: '2' }],
  };
  const created = await sim.request({ method: 'POST', path: '/flows', key, body: { name: 'Comment flow', definition, channels: ['instagram'] } });
  expect(created.status).toBe(201);
  const flowId = (created.body as { data: { id: number } }).data.id;
  expect((await sim.request({ method: 'POST', path: `/flows/${flowId}/publish`, key, body: {} })).status).toBe(200);
  const inbound = sim.sandbox.inbound(1, { channel: 'instagram', platform_user_id: 'commenter_1', text: 'hi', type: 'text' });
  if (!inbound.delivered) throw new Error('not delivered');
  const fired = await sim.request({ method: 'POST', path: '/_sandbox/comment-stand-in', key, body: { contact_id: inbound.contact_id, conversation_id: inbound.conversation.id } });
  const sessionId = (fired.body as { data: { session_id: number } }).data.session_id;
  const session = (await sim.request({ path: `/flow-sessions/${sessionId}`, key })).body as { data: Record<string, unknown> };
  expect(session.data).toMatchObject({ flow_id: flowId, status: 'completed', attribution: { post_id: '1780001', comment_id: '1790001', matched_keyword: 'price' } });
  sim.close();
});
