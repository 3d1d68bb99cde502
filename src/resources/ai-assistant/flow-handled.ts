/**
 * Whether a flow took a customer's message, read from the flow runtime's own record (its sessions
 * and their events), so the AI stays quiet where a flow answered (docs/decisions.md, "The
 * sandbox's AI acts as configured"). The runtime hears a message before the AI does (registry
 * order), and a message it takes leaves, at this virtual instant, an event on one of the
 * customer's sessions that only a customer's message leaves there: `session_started` (a message
 * trigger), `session_reactivated`, or `input_received` of type `text`. Each thread remembers the
 * highest flow event id it has weighed, so a flow that took an earlier message at the same frozen
 * instant is not taken for this one.
 */
import type { VirtualClock } from '../../core/clock.js';
import type { Collection } from '../../store/collection.js';
import type { RuntimeModel } from '../flow-runtime/model.js';
import type { FlowMarkRecord } from './records.js';
import type { Store } from '../../store/store.js';

const PAGE = { list: 'ai-assistant', limit: 100, after: undefined } as const;
const TAKES_A_MESSAGE = new Set(['session_started', 'session_reactivated']);

export function createFlowHandled(store: Store, clock: VirtualClock, flows: RuntimeModel, marks: Collection<FlowMarkRecord>) {
  function markOf(conversationId: number): FlowMarkRecord | undefined {
    return marks.findUnique('conversation', String(conversationId));
  }

  return {
    /** True when a flow took the message the customer of this thread just sent. */
    tookMessage(accountId: number, conversationId: number, contactId: number): boolean {
      const now = clock.iso();
      const seen = markOf(conversationId)?.flow_event_id ?? 0;
      let highest = seen;
      let took = false;
      for (const session of flows.listSessions(accountId, { contact_id: contactId, updated_since: now }, PAGE).data) {
        // Only this instant's events: `since` skips the session's older history.
        for (const event of flows.listEvents(accountId, { flow_session: session.id, since: now }, PAGE).data) {
          if (event.id <= seen || event.occurred_at !== now) continue;
          highest = Math.max(highest, event.id);
          if (TAKES_A_MESSAGE.has(event.type) || (event.type === 'input_received' && event.input_type === 'text')) took = true;
        }
      }
      if (highest > seen) {
        const mark = markOf(conversationId);
        if (mark) marks.update(mark.id, { flow_event_id: highest });
        else marks.insert({ id: store.nextId('ai_flow_mark'), account_id: accountId, conversation_id: conversationId, flow_event_id: highest });
      }
      return took;
    },

    /** The thread is gone: so is its mark. */
    forget(conversationId: number): void {
      const mark = markOf(conversationId);
      if (mark) marks.remove(mark.id);
    },
  };
}
