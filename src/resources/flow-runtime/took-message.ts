/**
 * What "a flow took the customer's message" means (docs/decisions.md, "Flows and the AI meet",
 * N3): while the runtime hears that message, one of the customer's sessions records an event only
 * a customer's message leaves: `session_started` (the message triggered a flow),
 * `session_reactivated` (it revived an expired session), or `input_received` of type `text` (it
 * answered a waiting question or ai_reply step). A button message waiting for a tap ignores
 * typed text, so it takes nothing. A referral, postback or comment that starts a flow never takes
 * the customer's next message, whatever the clock reads (a postback writes its own `postback`
 * line, decision L3, but the AI never hears a tap, so there is nothing of its to take).
 */
import type { FlowEventRecord } from './records.js';

export function takesAMessage(event: Pick<FlowEventRecord, 'type' | 'input_type'>): boolean {
  return event.type === 'session_started' || event.type === 'session_reactivated' || (event.type === 'input_received' && event.input_type === 'text');
}
