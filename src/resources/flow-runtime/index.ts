/** The flow runtime: sessions that run on inbound messages, flow events, flow analytics (2.11-2.13, 3.4, 4.8). */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { aiConfigGroup } from '../ai-config/index.js';
import { appointmentsGroup } from '../appointments/index.js';
import { commentTriggersGroup } from '../comment-triggers/index.js';
import { commentsGroup } from '../comments/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { flowsGroup } from '../flows/index.js';
import { inboundGroup } from '../inbound/index.js';
import { overviewGroup } from '../overview/index.js';
import { sendingGroup } from '../sending/index.js';
import { tagsGroup } from '../tags/index.js';
import { createRuntimeModel } from './model.js';
import { runtimeMutants } from './mutants.js';
import { runtimeRoutes } from './routes.js';
import { runtimePowers } from './sandbox.js';
import { runtimeSeed } from './seed.js';
import { runtimePull } from './pull.js';

export const flowRuntimeGroup = defineGroup({
  name: 'flowRuntime',
  description:
    'Flow runtime (2.11, 2.12, 2.13, 3.4, 4.8): published active flows run on inbound messages; sessions, flow events (ascending ids, never text) and per-version analytics computed from the events.',
  needs: [accountGroup, flowsGroup, contactsGroup, conversationsGroup, sendingGroup, appointmentsGroup, tagsGroup, inboundGroup, commentTriggersGroup, overviewGroup, aiConfigGroup, commentsGroup],
  model: ({ core, needs }) => createRuntimeModel(core, needs),
  listen: ({ model, on, core, needs }) => {
    on.inbound.messageReceived.add((accountId, message) => model.receive(accountId, message));
    // 2.22 `linked_flows`: a fired trigger starts its linked flow in the commenter's conversation
    // (a trigger that opened none, having no DM to send, has nowhere to run a flow).
    on.commentTriggers.commentTriggerFired.add((accountId, fired) => {
      if (fired.conversation_id !== null) model.startFromComment(accountId, { ...fired, conversation_id: fired.conversation_id });
    });
    // 2.14 `flows[].entries`: sessions started per flow in the overview's two windows and all time.
    on.overview.flowEntries.add((accountId, window) =>
      needs.flows.flowsOf(accountId).map((flow) => ({
        flow_id: flow.id,
        current: model.entriesBetween(accountId, flow.id, window.currentFromMs, window.nowMs + 1),
        previous: model.entriesBetween(accountId, flow.id, window.previousFromMs, window.currentFromMs),
        all_time: model.entriesBetween(accountId, flow.id, null, window.nowMs + 1),
      })),
    );
    // 2.14 `replies.automation`: the bot lines the runtime sent are automation replies, not the AI's.
    on.overview.automationReplyIds.add((accountId, fromMs) => model.automationReplyIdsSince(accountId, fromMs));
    // An ice_breaker flow starts when a tap sends a starter's question (triggers.ts): the
    // validator warns `unknown_starter` for a question no starter asks.
    on.flows.references.add((accountId) => ({ starters: needs.aiConfig.starterQuestions(accountId) }));
    on.commentTriggers.commentForFlows.add((accountId, comment) => model.startFromCommentFlow(accountId, comment));
    on.flows.flowPaused.add((accountId, flowId) => model.cancelFlow(accountId, flowId, 'flow_paused'));
    on.flows.flowDeleted.add((accountId, flowId) => model.dropFlow(accountId, flowId));
    on.contacts.contactDeleted.add((accountId, contactId) => model.dropContact(accountId, contactId));
    on.conversations.conversationDeleted.add((accountId, conversationId) => {
      const conversation = needs.conversations.find(accountId, conversationId);
      if (conversation) model.endConversation(accountId, conversation.contact_id, conversationId);
    });
    core.lifecycle.started.add(() => model.timers.start());
    core.lifecycle.restored.add(() => model.timers.start());
    core.lifecycle.closing.add(() => model.timers.stop());
    core.clock.onJump(() => model.timers.fireDue());
  },
  routes: runtimeRoutes,
  sandbox: runtimePowers,
  mutants: runtimeMutants,
  seed: runtimeSeed,
  pull: runtimePull,
});
