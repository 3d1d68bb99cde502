/**
 * The conversations group's model: threads (threads.ts) with the caller's actions on them
 * (actions.ts) and the system's side that seeds and the sandbox use (system.ts).
 */
import type { HooksOf } from '../../core/hooks.js';
import type { CoreServices } from '../../groups/services.js';
import { createConversationActions } from './actions.js';
import { createConversationSystem } from './system.js';
import { createThreads, type conversationHooks, type ConversationsNeeds } from './threads.js';

export type { ConversationRecord, ConversationsNeeds, ThreadPerson } from './threads.js';
export { conversationHooks } from './threads.js';

export function createConversationsModel(core: CoreServices, needs: ConversationsNeeds, hooks: HooksOf<typeof conversationHooks>) {
  const threads = createThreads(core, needs, hooks);
  return {
    ...threads,
    actions: createConversationActions(core, { conversations: threads, team: needs.team, hooks }),
    system: createConversationSystem(core, { conversations: threads, contacts: needs.contacts, team: needs.team, tags: needs.tags }),
  };
}

export type ConversationsModel = ReturnType<typeof createConversationsModel>;
