/**
 * The `blocked_users` section of a seed account (docs/fixtures.md): blocks, and lifted blocks
 * that are kept but not listed. Loaded after conversations, so a block links its thread.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { BlockedUsersModel, BlockedUsersNeeds } from './model.js';

export const SeedBlockedUser = z
  .strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
    channel: z.enum(['facebook', 'instagram']),
    platform_user_id: z.string().min(1).max(255).optional(),
    ig_username: z.string().regex(/^@?[A-Za-z0-9._]{1,30}$/).optional(),
    display_name: z.string().min(1).max(255).optional(),
    unblocked: z.boolean().default(false).describe('A lifted block: kept, not listed.'),
  })
  .refine((row) => row.platform_user_id !== undefined || row.ig_username !== undefined, {
    message: 'a block needs platform_user_id or ig_username',
    path: ['platform_user_id'],
  });

export const blockedUserSeed = seedFor<BlockedUsersModel, BlockedUsersNeeds>()({
  fields: { blocked_users: z.array(SeedBlockedUser).optional() },
  defaults,
  ids: { blocked_users: 'blocked_user' },
  apply: ({ model, needs, accountId, each }, { blocked_users }) => {
    each('blocked_users', blocked_users, (block) => {
      const conversation =
        block.platform_user_id !== undefined ? needs.conversations.findByIdentity(accountId, block.channel, block.platform_user_id) : undefined;
      const row = model.block(accountId, {
        channel: block.channel,
        platform_user_id: block.platform_user_id ?? null,
        ig_username: block.ig_username?.replace(/^@/, '').toLowerCase() ?? null,
        display_name: block.display_name ?? null,
        conversation_id: conversation?.id ?? null,
        source: 'portal',
      });
      if (block.unblocked) model.unblock(accountId, row.id);
    });
  },
});
