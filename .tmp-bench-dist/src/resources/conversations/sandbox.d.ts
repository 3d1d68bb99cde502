import type { CoreServices } from '../app.js';
import type { ContactsModel } from '../contacts/model.js';
import type { TagsModel } from '../tags/model.js';
import type { TeamModel } from '../team/model.js';
import type { ConversationRecord, ConversationsModel } from './model.js';
import type { SeedConversation, SystemState } from './schemas.js';
export declare function agoMs(text: string): number;
export interface ConversationSandboxDeps {
    readonly conversations: ConversationsModel;
    readonly contacts: ContactsModel;
    readonly team: TeamModel;
    readonly tags: TagsModel;
}
export declare function createConversationSandbox(core: CoreServices, deps: ConversationSandboxDeps): {
    /** A thread in any state, with its transcript placed `ago` in the past. No events fire. */
    create(accountId: number, input: SeedConversation): ConversationRecord;
    /** What only the system sets: any status, any pause reason, the window. */
    setState(accountId: number, id: number, input: SystemState): ConversationRecord;
};
export type ConversationSandbox = ReturnType<typeof createConversationSandbox>;
