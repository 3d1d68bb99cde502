/** The models the flow runtime calls (docs/architecture.md, "Through models only"). */
import type { AccountModel } from '../account/model.js';
import type { AiConfigModel } from '../ai-config/model.js';
import type { AppointmentsModel } from '../appointments/model.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { FlowsModel } from '../flows/model.js';
import type { TagsModel } from '../tags/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';

export interface RuntimeNeeds {
  /** `{business_name}` in flow messages (the account's `business_name`, as GET /account shows it). */
  readonly account: AccountModel;
  readonly flows: FlowsModel;
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly optOuts: OptOutsModel;
  readonly blockedUsers: BlockedUsersModel;
  readonly appointments: AppointmentsModel;
  readonly tags: TagsModel;
  readonly aiConfig: AiConfigModel;
}
