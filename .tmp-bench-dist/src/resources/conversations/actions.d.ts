import type { CoreServices } from '../app.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import type { TeamModel } from '../team/model.js';
import type { ConversationRecord, ConversationsModel } from './model.js';
import type { SettableStatus } from './schemas.js';
export interface ConversationActionsDeps {
    readonly conversations: ConversationsModel;
    readonly team: TeamModel;
    readonly optOuts: OptOutsModel;
    readonly blockedUsers: BlockedUsersModel;
}
export declare function createConversationActions(core: CoreServices, deps: ConversationActionsDeps): {
    /** Within one PATCH, status applies first, then ai_paused (3.1). */
    patch(accountId: number, id: number, body: {
        status?: SettableStatus;
        ai_paused?: boolean;
    }): ConversationRecord;
    /**
     * POST assign: a team member id or null. Unknown, zero or negative ids are 400 (owner-level
     * assignments are made in the portal). A real change adds a system line and fires
     * `conversation.assigned`.
     */
    assign(accountId: number, id: number, assignee: number | null): ConversationRecord;
};
export type ConversationActions = ReturnType<typeof createConversationActions>;
