/** Transcripts: messages, and the analytics rows that outlive them. */
import { defineGroup } from '../../groups/define.js';
import { createMessagesModel } from './model.js';

export const messagesGroup = defineGroup({
  name: 'messages',
  description: 'Messages (2.6): transcripts by conversation, copilot drafts kept but never listed, analytics rows kept without text.',
  needs: [],
  model: ({ core }) => createMessagesModel(core),
});
