/**
 * The registry: every resource group, one line each, ordered by need (a group comes after the
 * groups it needs; the simulator checks it at start-up and names the groups if not). The
 * simulator, the seed format and its apply order, the event catalogue, the control plane,
 * `sim.sandbox`, both OpenAPI documents and the test route tables are all built from this list.
 * Adding a group is one folder and one line here (docs/architecture.md).
 */
import { eventCatalogueOf } from '../groups/compose.js';
import { accountGroup } from './account/index.js';
import { aiAssistantGroup } from './ai-assistant/index.js';
import { aiConfigGroup } from './ai-config/index.js';
import { appointmentsGroup } from './appointments/index.js';
import { blockedUsersGroup } from './blocked-users/index.js';
import { commentTriggersGroup } from './comment-triggers/index.js';
import { commentsGroup } from './comments/index.js';
import { channelsGroup } from './channels/index.js';
import { contactsGroup } from './contacts/index.js';
import { conversationsGroup } from './conversations/index.js';
import { customFieldsGroup } from './custom-fields/index.js';
import { flowRuntimeGroup } from './flow-runtime/index.js';
import { flowsGroup } from './flows/index.js';
import { inboundGroup } from './inbound/index.js';
import { knowledgeGroup } from './knowledge/index.js';
import { marketGroup } from './market/index.js';
import { mediaGroup } from './media/index.js';
import { messagesGroup } from './messages/index.js';
import { optOutsGroup } from './opt-outs/index.js';
import { overviewGroup } from './overview/index.js';
import { postsGroup } from './posts/index.js';
import { recentPostsGroup } from './recent-posts/index.js';
import { sendingGroup } from './sending/index.js';
import { tagsGroup } from './tags/index.js';
import { teamGroup } from './team/index.js';
import { webhooksGroup } from './webhooks/index.js';

export const registry = [
  accountGroup,
  tagsGroup,
  customFieldsGroup,
  contactsGroup,
  channelsGroup,
  teamGroup,
  messagesGroup,
  conversationsGroup,
  blockedUsersGroup,
  optOutsGroup,
  sendingGroup,
  inboundGroup,
  aiConfigGroup,
  knowledgeGroup,
  mediaGroup,
  flowsGroup,
  appointmentsGroup,
  overviewGroup,
  postsGroup,
  commentTriggersGroup,
  commentsGroup,
  flowRuntimeGroup,
  aiAssistantGroup,
  webhooksGroup,
  marketGroup,
  recentPostsGroup,
] as const;

export type Registry = typeof registry;

/** Every event name the default registry emits (`x-webhook-events`). */
export const EVENT_NAMES: readonly string[] = eventCatalogueOf(registry).map((event) => event.name);
