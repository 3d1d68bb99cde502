/**
 * The `conversations` section of a seed account (docs/fixtures.md): threads in any status, with
 * transcripts placed in the past (`ago`). Loaded after contacts, tags and the team (threads name
 * team members and bring their own contact when the identity is new); no events fire.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { ConversationsModel } from './model.js';
import { SeedConversationInput } from './schemas.js';

export const conversationSeed = seedFor<ConversationsModel>()({
  fields: { conversations: z.array(SeedConversationInput).optional() },
  defaults,
  apply: ({ model, accountId, each }, { conversations }) => {
    each('conversations', conversations, (conversation) => {
      model.system.create(accountId, conversation);
    });
  },
});
