/**
 * The tail's state as a plain reducer: events as they arrive (newest last, at most 1000 kept),
 * the type filter, pause, and the webhook delivery log beside them.
 */
export interface TailEvent {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
  readonly data: unknown;
  /** `journal`: the sandbox's event journal; `webhook`: a delivery to the local receiver. */
  readonly source: 'journal' | 'webhook';
  /** Receiver only: signature verified (true), invalid (false), or not checked (null). */
  readonly verified?: boolean | null;
  readonly attempt?: number;
  readonly answered?: number | 'timeout';
  readonly error?: string;
}

export interface DeliveryAttempt {
  readonly number: number;
  readonly attemptedAt: string;
  readonly statusCode: number | null;
  readonly latencyMs: number | null;
  readonly error: string | null;
}

export interface DeliveryRow {
  readonly id: string;
  readonly endpointId: number;
  readonly endpointName: string;
  readonly eventType: string;
  readonly state: string;
  readonly nextAttemptAt: string | null;
  readonly attempts: readonly DeliveryAttempt[];
}

export interface TailState {
  readonly events: readonly TailEvent[];
  /** Events received in total (the list keeps the last MAX_EVENTS). */
  readonly received: number;
  readonly paused: boolean;
  /** Events that arrived while paused, shown on resume. */
  readonly held: readonly TailEvent[];
  readonly typeFilter: string;
  readonly source: 'journal' | 'webhooks' | undefined;
  readonly receiverUrl?: string;
  readonly verifying?: boolean;
  readonly error?: string;
  readonly deliveries: readonly DeliveryRow[];
}

export const MAX_EVENTS = 1000;

export const initialTail: TailState = { events: [], received: 0, paused: false, held: [], typeFilter: '', source: undefined, deliveries: [] };

export type TailAction =
  | { type: 'started'; source: 'journal' | 'webhooks'; receiverUrl?: string; verifying?: boolean }
  | { type: 'events'; events: readonly TailEvent[] }
  | { type: 'pause'; paused: boolean }
  | { type: 'filter'; text: string }
  | { type: 'error'; message: string | undefined }
  | { type: 'deliveries'; rows: readonly DeliveryRow[] }
  | { type: 'clear' };

function capped(events: readonly TailEvent[]): readonly TailEvent[] {
  return events.length > MAX_EVENTS ? events.slice(events.length - MAX_EVENTS) : events;
}

export function tailReducer(state: TailState, action: TailAction): TailState {
  switch (action.type) {
    case 'started':
      return { ...state, source: action.source, ...(action.receiverUrl ? { receiverUrl: action.receiverUrl } : {}), ...(action.verifying !== undefined ? { verifying: action.verifying } : {}), error: undefined };
    case 'events':
      if (action.events.length === 0) return state.error ? { ...state, error: undefined } : state;
      if (state.paused) return { ...state, held: capped([...state.held, ...action.events]), received: state.received + action.events.length, error: undefined };
      return { ...state, events: capped([...state.events, ...action.events]), received: state.received + action.events.length, error: undefined };
    case 'pause':
      if (action.paused === state.paused) return state;
      return action.paused ? { ...state, paused: true } : { ...state, paused: false, events: capped([...state.events, ...state.held]), held: [] };
    case 'filter':
      return { ...state, typeFilter: action.text };
    case 'error':
      return action.message === state.error ? state : { ...state, error: action.message };
    case 'deliveries':
      return { ...state, deliveries: action.rows };
    case 'clear':
      return { ...state, events: [], held: [] };
  }
}

/** The events the list shows: the type filter matches a prefix (`message.` or `contact.updated`). */
export function visibleEvents(state: TailState): readonly TailEvent[] {
  const filter = state.typeFilter.trim().toLowerCase();
  if (!filter) return state.events;
  return state.events.filter((event) => event.type.toLowerCase().includes(filter));
}
