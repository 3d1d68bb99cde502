/**
 * What "a flow took the customer's message" means (docs/decisions.md, "Flows and the AI meet",
 * N3): while the runtime hears that message, one of the customer's sessions records an event only
 * a customer's message leaves: `session_started` (the message triggered a flow),
 * `session_reactivated` (it revived an expired session), or `input_received` of type `text` (it
 * answered a waiting question or ai_reply step). A button message waiting for a tap ignores
 * typed text, so it takes nothing. A referral, postback or comment that starts a flow is not a
 * message: it never takes the customer's next one, whatever the clock reads.
 */
import type { FlowEventRecord } from './records.js';

export function takesAMessage(event: Pick<FlowEventRecord, 'type' | 'input_type'>): boolean {
  return event.type === 'session_started' || event.type === 'session_reactivated' || (event.type === 'input_received' && event.input_type === 'text');
}
