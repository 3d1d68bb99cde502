/** Active blocks read back (`seed pull`), with their ids (lifted blocks are not listed, so not pulled). */
import { present, pullList, type PullSpec } from '../../groups/pull.js';

interface BlockView { id: number; channel: string; platform_user_id: string | null; ig_username: string | null; display_name: string | null }

export const blockedUserPull: PullSpec = {
  sections: [
    pullList<BlockView>({
      field: 'blocked_users',
      list: '/blocked-users',
      map: (block) => ({ id: block.id, channel: block.channel, ...present(block, ['platform_user_id', 'ig_username', 'display_name']) }),
    }),
  ],
};
