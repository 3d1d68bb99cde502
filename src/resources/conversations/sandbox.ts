/**
 * The system's side of a thread as sandbox powers: create a conversation in any state (pending,
 * escalated, paused...) with a transcript in the past, and set what only the system sets.
 */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { ConversationsModel } from './model.js';
import { Conversation, SeedConversationInput, SystemStateInput } from './schemas.js';

const power = powersFor<GroupContext<ConversationsModel>>();

export const conversationPowers = {
  seedConversation: power.account({
    operationId: 'sandboxSeedConversation',
    method: 'POST',
    path: '/conversations',
    summary: 'Create a thread in any state (pending, escalated, paused...) with a transcript in the past',
    input: SeedConversationInput,
    inputRequired: true,
    output: Conversation,
    status: 201,
    run: ({ accountId, input }, { model }) => model.present(model.system.create(accountId, input)),
  }),
  setConversationState: power.account({
    operationId: 'sandboxSetConversationState',
    method: 'PATCH',
    path: '/conversations/{id}',
    summary: 'Set what only the system sets: any status, any AI pause reason, the messaging window',
    params: IdParams,
    input: SystemStateInput,
    inputRequired: true,
    output: Conversation,
    run: ({ accountId, params, input }, { model }) => model.present(model.system.setState(accountId, params.id, input)),
  }),
};
