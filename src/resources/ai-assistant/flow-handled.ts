/**
 * Whether a flow took a customer's message, as the flow runtime itself says (docs/decisions.md,
 * "Flows and the AI meet (audit 8)", N3), so the AI stays quiet exactly where a flow answered.
 * The runtime hears each inbound message before the AI does (registry order) and records the id
 * of the message it took (`RuntimeModel.messageTaken`: a keyword that started a flow, an answer
 * a waiting session took, a revived session). A referral, postback or comment that started a
 * flow at the same frozen instant is not a message, so it never silences the AI for the next one.
 *
 * The per-thread marks of the earlier rule (an event at this instant) are no longer read; `forget`
 * still drops a thread's mark, so rows an older snapshot carries leave with their thread.
 */
import type { VirtualClock } from '../../core/clock.js';
import type { Collection } from '../../store/collection.js';
import type { RuntimeModel } from '../flow-runtime/model.js';
import type { FlowMarkRecord } from './records.js';
import type { Store } from '../../store/store.js';

export function createFlowHandled(_store: Store, _clock: VirtualClock, flows: Pick<RuntimeModel, 'messageTaken'>, marks: Collection<FlowMarkRecord>) {
  return {
    /**
     * True when a flow took the message the customer of this thread just sent (`messageId`, when
     * the caller names it, must be that message: the answer is then exact by id).
     */
    tookMessage(_accountId: number, conversationId: number, _contactId: number, messageId?: number): boolean {
      const taken = flows.messageTaken(conversationId);
      return taken !== null && (messageId === undefined || taken === messageId);
    },

    /** The thread is gone: so is any mark an older snapshot left for it. */
    forget(conversationId: number): void {
      const mark = marks.findUnique('conversation', String(conversationId));
      if (mark) marks.remove(mark.id);
    },
  };
}
