/**
 * The `conversations` section of a seed account (docs/fixtures.md): threads in any status, with
 * transcripts placed in the past (`ago`). Loaded after contacts, tags and the team (threads name
 * team members and bring their own contact when the identity is new), oldest thread first; no
 * events fire.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { ConversationsModel } from './model.js';
import { SeedConversationInput } from './schemas.js';

export const conversationSeed = seedFor<ConversationsModel>()({
  fields: { conversations: z.array(SeedConversationInput).optional() },
  defaults,
  apply: ({ model, accountId, at }, { conversations }) => {
    // Oldest first, so ids ascend with creation time and newest-first lists agree with created_at.
    const byAge = (conversations ?? [])
      .map((conversation, index) => ({ conversation, index, age: model.system.ageMs(conversation) }))
      .sort((a, b) => b.age - a.age || a.index - b.index);
    for (const { conversation, index } of byAge) at(['conversations', index], () => model.system.create(accountId, conversation));
  },
});
