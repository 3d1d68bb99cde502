/** Tag definitions read back (`seed pull`), with their ids. */
import { pullList, type PullSpec } from '../../groups/pull.js';

export const tagPull: PullSpec = {
  sections: [pullList<{ id: number; name: string; color: string; created_at: string }>({
      field: 'tags',
      list: '/tags',
      map: ({ id, name, color, created_at }) => ({ id, name, color, created_at }),
    }),],
};
