import type { Channel, Plan } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { AccountModel } from '../account/model.js';
import type { CoreServices } from '../app.js';
import type { TeamMemberRecord, TeamModel } from './model.js';
import type { TeamInvitationData, TeamRoleValue } from './schemas.js';
export declare const INVITATION_TTL_MS: number;
export declare const SEAT_CAPS: Readonly<Record<Plan, number>>;
export declare const INVITE_LINK_BASE = "https://sandbox.switchboard.invalid/invite/";
export declare function emailDeliverable(email: string): boolean;
export type InvitationStatus = 'pending' | 'accepted' | 'cancelled';
export interface InvitationRecord extends Entity {
    readonly email: string;
    readonly name: string;
    readonly role: TeamRoleValue;
    readonly channels: readonly Channel[] | null;
    readonly status: InvitationStatus;
    readonly token: string;
    readonly email_sent: boolean;
    readonly expires_ms: number;
    readonly created_at: string;
}
export interface NewInvitation {
    readonly email: string;
    readonly name: string;
    readonly role: TeamRoleValue;
    readonly channels: readonly Channel[] | null;
}
export interface InvitationsDeps {
    readonly team: TeamModel;
    readonly account: AccountModel;
}
export declare function createInvitationsModel(core: CoreServices, deps: InvitationsDeps): {
    invitations: import("../../store/collection.js").Collection<InvitationRecord>;
    isPending: (invitation: InvitationRecord) => boolean;
    seatsUsed: (accountId: number) => number;
    seatCap: (accountId: number) => number;
    /** Pending invitations, newest first (one page). */
    list: (accountId: number) => InvitationRecord[];
    present(invitation: InvitationRecord): TeamInvitationData;
    create(accountId: number, input: NewInvitation): InvitationRecord;
    /** New link, expiry reset to 7 days from now, reminder emailed. */
    resend(accountId: number, id: number): InvitationRecord;
    /** Cancels and frees the seat. */
    cancel(accountId: number, id: number): InvitationRecord;
    /** Sandbox: the invitee accepts; the seat passes from the invitation to the new member. */
    accept(accountId: number, id: number): TeamMemberRecord;
    /** Seeds: a pending invitation without the seat check (the seed states what it wants). */
    seed(accountId: number, input: NewInvitation & {
        email_sent?: boolean;
        expires_in_ms?: number;
    }): InvitationRecord;
};
export type InvitationsModel = ReturnType<typeof createInvitationsModel>;
