import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { MemberStatus, TeamMemberData, TeamRoleValue } from './schemas.js';
export interface TeamMemberRecord extends Entity {
    readonly name: string;
    readonly email: string;
    readonly role: TeamRoleValue;
    readonly status: MemberStatus;
    readonly avatar_url: string | null;
    readonly channels: readonly Channel[] | null;
    readonly total_resolved: number;
    readonly created_at: string;
}
export interface NewMember {
    readonly name: string;
    readonly email: string;
    readonly role: TeamRoleValue;
    readonly channels: readonly Channel[] | null;
    readonly status?: MemberStatus;
    readonly avatar_url?: string | null;
    readonly total_resolved?: number;
}
export declare const emailKey: (accountId: number, email: string) => string;
export declare function createTeamModel(core: CoreServices): {
    members: import("../../store/collection.js").Collection<TeamMemberRecord>;
    find: (accountId: number, id: number) => TeamMemberRecord | undefined;
    get(accountId: number, id: number): TeamMemberRecord;
    findByEmail: (accountId: number, email: string) => TeamMemberRecord | undefined;
    count: (accountId: number) => number;
    list: (accountId: number) => TeamMemberRecord[];
    present(member: TeamMemberRecord, activeConversations: number): TeamMemberData;
    add(accountId: number, input: NewMember): TeamMemberRecord;
    /** PATCH /team/{id}: role and channels (null = every channel); takes effect at next login. */
    update(accountId: number, id: number, patch: {
        role?: TeamRoleValue;
        channels?: readonly Channel[] | null;
    }): TeamMemberRecord;
    /** Counts a resolved thread for the member it was assigned to. */
    recordResolved(accountId: number, id: number): void;
    remove(accountId: number, id: number): TeamMemberRecord;
};
export type TeamModel = ReturnType<typeof createTeamModel>;
