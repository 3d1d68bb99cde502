/** Whole-simulator types: a saved state, and what the simulator's own sandbox powers work on. */
import type { ClockState, VirtualClock } from '../core/clock.js';
import type { EventJournal } from '../core/events.js';
import type { MutantSwitch } from '../control/mutants.js';
import type { RateLimitConfig } from '../core/rate-limit.js';
import type { ServerFaults } from '../core/server-faults.js';
import type { StoreSnapshot } from '../store/snapshot.js';
import type { Store } from '../store/store.js';

export interface SimulatorSnapshot {
  format: 'switchboard-snapshot';
  version: 1;
  clock: ClockState;
  store: StoreSnapshot;
}

/** What the simulator's own powers (reset, snapshot, the clock, the journal, mutants, server errors) act on. */
export interface SandboxControl {
  readonly store: Store;
  readonly clock: VirtualClock;
  readonly events: EventJournal;
  readonly mutants: MutantSwitch;
  /** Armed 500s per account (POST /_sandbox/server-errors). */
  readonly serverFaults: ServerFaults;
  /** The REST limits in force (`off` when rate limiting is switched off). */
  rateLimit(): RateLimitConfig | 'off';
  reset(): void;
  snapshot(): SimulatorSnapshot;
  restore(snapshot: SimulatorSnapshot): void;
}
