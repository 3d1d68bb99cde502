/** Comment triggers read back (`seed pull`): every 2.22 field a seed holds, the tag by name, the counters. */
import { agoOf, pullList, tagName, type PullSpec } from '../../groups/pull.js';
import type { CommentTriggerData } from './schemas.js';


export const commentTriggerPull: PullSpec = {
  sections: [
    pullList<CommentTriggerData>({
      field: 'comment_triggers',
      list: '/comment-triggers',
      map: async (trigger, api) => {
        const tag = trigger.tag_id === null ? undefined : await tagName(api, trigger.tag_id);
        return {
          id: trigger.id,
          name: trigger.name,
          active: trigger.active,
          platform: trigger.platform,
          source_type: trigger.source_type,
          post_id: trigger.post_id,
          keywords: trigger.keywords,
          match_type: trigger.match_type,
          exclude_keywords: trigger.exclude_keywords,
          response_mode: trigger.response_mode,
          public_replies: trigger.public_replies,
          dm_templates: trigger.dm_templates,
          dm_use_ai: trigger.dm_use_ai,
          dm_ai_goal: trigger.dm_ai_goal,
          buttons: trigger.buttons,
          hide_comment_after_dm: trigger.hide_comment_after_dm,
          ...(tag ? { tag } : {}),
          created_paused: trigger.created_paused,
          stats: {
            fires: trigger.stats.fires,
            dms_sent: trigger.stats.dms_sent,
            public_replies: trigger.stats.public_replies,
            ...(trigger.stats.last_fired_at === null ? {} : { last_fired_ago: agoOf(api, trigger.stats.last_fired_at) }),
          },
          // Kept like flows' and tags': a definition's creation time is a fact (the seed item takes it).
          created_at: trigger.created_at,
        };
      },
    }),
  ],
};
