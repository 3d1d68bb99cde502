/**
 * When the sandbox's AI hands a thread to the team instead of answering (2.17; docs/decisions.md,
 * "The sandbox's AI acts as configured"):
 *
 * - `file_handling`: with the section available on the plan and `enabled`, a message carrying an
 *   image, a document (attachment type `file`) or a video escalates when that kind's
 *   `auto_escalate_on_*` switch is on. With `escalate_if_team_online` on, only while at least one
 *   team member's status is `online` (someone is there to take it); off, regardless of who is.
 * - `behavior.auto_escalation`: a customer who asks for a person is escalated: `asksForHuman`,
 *   the one rule a flow's `ai_reply` step uses too (../shared/human-request.ts).
 */
import { asksForHuman } from '../shared/human-request.js';

/** An attachment as the message carries it: `image`, `video`, `audio` or `file` (a document). */
export interface InboundAttachment {
  readonly type: string;
}

export interface EscalationSettings {
  readonly auto_escalation: boolean;
  readonly file_handling: {
    readonly available: boolean;
    readonly enabled: boolean;
    readonly auto_escalate_on_image: boolean;
    readonly auto_escalate_on_document: boolean;
    readonly auto_escalate_on_video: boolean;
    readonly escalate_if_team_online: boolean;
  };
}

export type EscalationCause = 'image' | 'document' | 'video' | 'human_request';

/** The kind of file an attachment is, as `file_handling` names them (audio has no switch). */
function kindOf(attachment: InboundAttachment): 'image' | 'document' | 'video' | null {
  if (attachment.type === 'image') return 'image';
  if (attachment.type === 'file') return 'document';
  if (attachment.type === 'video') return 'video';
  return null;
}

/** Why this message escalates its thread, or null; `teamOnline` is asked only when it matters. */
export function escalationCause(
  settings: EscalationSettings,
  message: { readonly text: string | null; readonly attachments: readonly InboundAttachment[] },
  teamOnline: () => boolean,
): EscalationCause | null {
  const files = settings.file_handling;
  if (files.available && files.enabled) {
    const switches = { image: files.auto_escalate_on_image, document: files.auto_escalate_on_document, video: files.auto_escalate_on_video };
    for (const attachment of message.attachments) {
      const kind = kindOf(attachment);
      if (kind !== null && switches[kind] && (!files.escalate_if_team_online || teamOnline())) return kind;
    }
  }
  if (settings.auto_escalation && message.text !== null && asksForHuman(message.text)) return 'human_request';
  return null;
}
