/** Posts read back (`seed pull`): their status, content and media kinds, with their ids. */
import { pullList, type PullSpec } from '../../groups/pull.js';

interface PulledPost {
  id: number;
  status: string;
  platform: string;
  post_type: string;
  caption: string | null;
  hashtags: string[];
}

export const postPull: PullSpec = {
  sections: [
    pullList<PulledPost>({
      field: 'posts',
      list: '/posts',
      map: ({ status, platform, post_type, caption, hashtags }) => ({
        status: status === 'publishing' ? 'scheduled' : status,
        platform,
        post_type,
        ...(caption !== null ? { caption } : {}),
        ...(hashtags.length > 0 ? { hashtags } : {}),
      }),
    }),
  ],
};
