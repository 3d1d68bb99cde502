/** The knowledge base: FAQs, services and documents under one plan cap, and the gaps inbound questions leave. */
import { knowledgePull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { aiConfigGroup } from '../ai-config/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { inboundGroup } from '../inbound/index.js';
import { sendingGroup } from '../sending/index.js';
import { createKnowledgeModel } from './model.js';
import { knowledgeMutants } from './mutants.js';
import { knowledgeRoutes } from './routes.js';
import { knowledgePowers } from './sandbox.js';
import { knowledgeSeed } from './seed.js';

export const knowledgeGroup = defineGroup({
  name: 'knowledge',
  description:
    'Knowledge base (2.19, 4.12): usage under one shared plan cap, FAQs with indexing on the virtual clock, bookable services, documents, and knowledge gaps from inbound questions.',
  needs: [accountGroup, aiConfigGroup, conversationsGroup, sendingGroup, inboundGroup],
  model: ({ core, needs }) => createKnowledgeModel(core, needs),
  listen: ({ model, on }) => {
    // Inbound questions are heard by the sandbox's AI (ai-assistant), after the flow runtime: a
    // message a flow took, or one the AI escalates, is not the knowledge base's to answer.
    on.conversations.conversationDeleted.add((accountId, conversationId) => model.forgetConversation(accountId, conversationId));
    on.aiConfig.bookableServices.add((accountId) => model.services.bookableRows(accountId));
  },
  routes: knowledgeRoutes,
  seed: knowledgeSeed,
  pull: knowledgePull,
  sandbox: knowledgePowers,
  mutants: knowledgeMutants,
});
