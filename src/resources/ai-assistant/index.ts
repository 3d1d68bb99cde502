/** The sandbox's AI: replies, escalations and follow-ups as the AI configuration says (2.17, 2.19). */
import { defineGroup } from '../../groups/define.js';
import { aiConfigGroup } from '../ai-config/index.js';
import { channelsGroup } from '../channels/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { flowRuntimeGroup } from '../flow-runtime/index.js';
import { inboundGroup } from '../inbound/index.js';
import { knowledgeGroup } from '../knowledge/index.js';
import { messagesGroup } from '../messages/index.js';
import { sendingGroup } from '../sending/index.js';
import { teamGroup } from '../team/index.js';
import { createAssistantModel } from './model.js';

export const aiAssistantGroup = defineGroup({
  name: 'aiAssistant',
  description:
    "The sandbox's AI (2.17, 2.19): on a live AI thread a flow did not take, it escalates per the file-handling and human-request switches, or answers from the knowledge base (batched on the virtual clock when batching is on) and follows up after its reply.",
  needs: [aiConfigGroup, channelsGroup, contactsGroup, conversationsGroup, messagesGroup, sendingGroup, teamGroup, inboundGroup, knowledgeGroup, flowRuntimeGroup],
  model: ({ core, needs }) => createAssistantModel(core, needs),
  listen: ({ model, on, core }) => {
    // Registered after the flow runtime, so a flow hears the message first and the AI knows whether it took it.
    on.inbound.messageReceived.add((accountId, message) => model.heard(accountId, message));
    on.conversations.outboundAppended.add((_accountId, message) => model.someoneWrote(message));
    on.conversations.conversationDeleted.add((_accountId, conversationId) => model.forgetConversation(conversationId));
    core.lifecycle.started.add(() => model.timers.start());
    core.lifecycle.restored.add(() => model.timers.start());
    core.lifecycle.closing.add(() => model.timers.stop());
    core.clock.onJump(() => model.timers.fireDue());
  },
});
