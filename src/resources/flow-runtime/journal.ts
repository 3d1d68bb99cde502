/**
 * The runtime's writes: session rows and the flow events that record every step (2.12). Every
 * event is written here, so one place guarantees ids ascend (one sequence) and that no event field
 * can carry message text or collected values.
 */
import type { Collection } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import type { FlowEventRecord, SessionRecord } from './records.js';
import type { FlowEventType, InputKind } from './schemas.js';

export interface EventFields {
  readonly node_key?: string | null;
  readonly node_type?: string | null;
  readonly output_port?: string | null;
  readonly input_type?: InputKind | null;
  readonly end_reason?: string | null;
  readonly detail?: string | null;
}

/**
 * `onDue`: a session's timer was set to fire at that instant (the model arms the scheduler).
 * `onEvent`: an event was appended (analytics continue their fold once it commits).
 */
export function createJournal(
  core: CoreServices,
  sessions: Collection<SessionRecord>,
  events: Collection<FlowEventRecord>,
  onDue: (dueMs: number) => void,
  onEvent: (event: FlowEventRecord) => void,
) {
  const { store, clock } = core;
  return {
    emit(session: SessionRecord, type: FlowEventType, fields: EventFields = {}): FlowEventRecord {
      const event = events.insert({
        id: store.nextId('flow_event'),
        account_id: session.account_id,
        session_id: session.id,
        flow_id: session.flow_id,
        flow_version: session.flow_version,
        channel: session.channel,
        type,
        node_key: fields.node_key ?? null,
        node_type: fields.node_type ?? null,
        output_port: fields.output_port ?? null,
        input_type: fields.input_type ?? null,
        end_reason: fields.end_reason ?? null,
        detail: fields.detail ?? null,
        occurred_ms: clock.now(),
      });
      onEvent(event);
      return event;
    },
    update(session: SessionRecord, patch: Partial<Omit<SessionRecord, 'id' | 'account_id'>>): SessionRecord {
      const updated = sessions.update(session.id, { last_activity_ms: clock.now(), ...patch });
      if (typeof patch.due_ms === 'number') onDue(patch.due_ms);
      return updated;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
