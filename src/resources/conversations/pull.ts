/**
 * Conversations read back (`seed pull`) with their transcripts (one more paged GET per thread):
 * status, pause reason, assignee and ids; times become `ago` relative to when the pull started.
 * Purged messages stay purged (their text is not shown, so it is absent).
 */
import { agoOf, pullList, type PullSpec } from '../../groups/pull.js';

interface ConversationView {
  id: number; channel: string; platform_user_id: string; customer_name: string | null; status: string;
  assigned_to: number | null; ai_pause_reason: string | null; created_at: string;
}
interface MessageView { id: number; sender_type: string; sender_name: string | null; type: string; text: string | null; is_template: boolean; body_purged: boolean; created_at: string }

export const conversationPull: PullSpec = {
  sections: [
    pullList<ConversationView>({
      field: 'conversations',
      list: '/conversations',
      requestsPerRecord: 1,
      map: async (conversation, api) => {
        const messages = (await api.all<MessageView>(`/conversations/${conversation.id}/messages`)).reverse();
        return {
          id: conversation.id,
          channel: conversation.channel,
          platform_user_id: conversation.platform_user_id,
          ...(conversation.customer_name ? { name: conversation.customer_name } : {}),
          status: conversation.status,
          ai_pause_reason: conversation.ai_pause_reason,
          assigned_to: conversation.assigned_to,
          created_ago: agoOf(api, conversation.created_at),
          messages: messages.map((message) => ({
            id: message.id,
            sender_type: message.sender_type,
            sender_name: message.sender_name,
            type: message.type,
            ...(message.body_purged ? {} : { text: message.text ?? '' }),
            is_template: message.is_template,
            body_purged: message.body_purged,
            ago: agoOf(api, message.created_at),
          })),
        };
      },
    }),
  ],
};
