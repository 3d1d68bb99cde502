/** Conversations: threads, the 3.1 state machine, AI pauses, assignment and transcripts. */
import { conversationPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { contactsGroup } from '../contacts/index.js';
import { messagesGroup } from '../messages/index.js';
import { tagsGroup } from '../tags/index.js';
import { teamGroup } from '../team/index.js';
import { conversationEvents } from './events.js';
import { conversationHooks, createConversationsModel } from './model.js';
import { conversationRoutes } from './routes.js';
import { conversationPowers } from './sandbox.js';
import { conversationSeed } from './seed.js';

export const conversationsGroup = defineGroup({
  name: 'conversations',
  description: 'Conversations (2.5, 3.1, 4.4): status, AI pauses, assignment, transcripts and erasure.',
  needs: [contactsGroup, teamGroup, messagesGroup, tagsGroup],
  hooks: conversationHooks,
  model: ({ core, needs, hooks }) => createConversationsModel(core, needs, hooks),
  listen: ({ model, on }) => {
    on.contacts.contactDeleted.add((accountId, contactId) => model.eraseContactThreads(accountId, contactId));
    on.contacts.contactChanged.add((previous, next) => model.followContact(previous, next));
    on.tags.tagDeleted.add((accountId, tagId) => model.removeTagLabel(accountId, tagId));
    on.team.memberActivity.add((accountId, memberId) => model.activeCountFor(accountId, memberId));
    on.team.memberRemoved.add((accountId, memberId) => model.unassignMember(accountId, memberId));
  },
  routes: conversationRoutes,
  events: conversationEvents,
  seed: conversationSeed,
  pull: conversationPull,
  sandbox: conversationPowers,
});
