/** The models the flow runtime calls (docs/architecture.md, "Through models only"). */
import type { AccountModel } from '../account/model.js';
import type { AiConfigModel } from '../ai-config/model.js';
import type { AppointmentsModel } from '../appointments/model.js';
import type { CommentsModel } from '../comments/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { FlowsModel } from '../flows/model.js';
import type { InboundModel } from '../inbound/model.js';
import type { TagsModel } from '../tags/model.js';
import type { SendingModel } from '../sending/model.js';

export interface RuntimeNeeds {
  /** `{business_name}` in flow messages (the account's `business_name`, as GET /account shows it). */
  readonly account: AccountModel;
  readonly flows: FlowsModel;
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  /** A tap on a postback button is the customer's `postback` line, written as inbound writes a message (decision L3). */
  readonly inbound: Pick<InboundModel, 'postback'>;
  /** The recipient rules (opt-out, block, window) every sender shares. */
  readonly sending: SendingModel;
  readonly appointments: AppointmentsModel;
  readonly tags: TagsModel;
  readonly aiConfig: AiConfigModel;
  /** The comments the account received: a comment-started session's first message is that comment's one private reply. */
  readonly comments: Pick<CommentsModel, 'received'>;
}
