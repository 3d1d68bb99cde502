/** Team members and pending invitations read back (`seed pull`), with their ids. */
import { agoOf, pullList, type PullSpec } from '../../groups/pull.js';

interface MemberView { id: number; name: string; email: string; role: string; status: string; avatar_url: string | null; channels: string[] | null; total_resolved: number; created_at: string }
interface InvitationView { id: number; email: string; role: string; channels: string[] | null; email_sent: boolean; created_at: string }

export const teamPull: PullSpec = {
  sections: [
    pullList<MemberView>({
      field: 'team',
      list: '/team',
      map: (member) => ({
        id: member.id, name: member.name, email: member.email, role: member.role, status: member.status,
        avatar_url: member.avatar_url, ...(member.channels ? { channels: member.channels } : {}), total_resolved: member.total_resolved,
        created_at: member.created_at,
      }),
    }),
    pullList<InvitationView>({
      field: 'invitations',
      list: '/team/invitations',
      // The API does not show an invitation's name: the email's local part stands in.
      map: (invitation, api) => ({
        id: invitation.id, email: invitation.email, name: invitation.email.split('@')[0] || 'Invited member', role: invitation.role,
        ...(invitation.channels ? { channels: invitation.channels } : {}), email_sent: invitation.email_sent,
        created_ago: agoOf(api, invitation.created_at),
      }),
    }),
  ],
};
