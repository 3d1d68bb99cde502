/**
 * What a route handler can reach: the core services plus every group's model. Models hold the
 * state rules; handlers stay a few lines of HTTP-to-model mapping.
 */
import type { ClockState, VirtualClock } from '../core/clock.js';
import type { EventJournal } from '../core/events.js';
import type { Logger } from '../core/logger.js';
import type { MutantSwitch } from '../core/mutants.js';
import type { AnyRoute, RouteDefinition } from '../core/route.js';
import type { Scheduler } from '../core/scheduler.js';
import type { StoreSnapshot } from '../store/snapshot.js';
import type { Store } from '../store/store.js';
import type { Models } from './index.js';
export interface SimulatorSettings {
    /** Allow `http://` webhook URLs on loopback hosts (local receivers). */
    readonly allowLocalWebhooks: boolean;
}
export interface CoreServices {
    readonly store: Store;
    readonly clock: VirtualClock;
    readonly scheduler: Scheduler;
    readonly events: EventJournal;
    readonly mutants: MutantSwitch;
    readonly logger: Logger;
    readonly settings: SimulatorSettings;
}
/** Whole-simulator operations the control plane exposes. */
export interface SandboxOperations {
    reset(): void;
    snapshot(): SimulatorSnapshot;
    restore(snapshot: SimulatorSnapshot): void;
}
export interface SimulatorSnapshot {
    format: 'switchboard-snapshot';
    version: 1;
    clock: ClockState;
    store: StoreSnapshot;
}
export interface App extends CoreServices {
    readonly models: Models;
    readonly sandbox: SandboxOperations;
}
export type AppRoute = AnyRoute<App>;
/** Keeps a route's parameter, query and body types while the table stores it erased. */
export declare function defineRoute<P, Q, B>(route: RouteDefinition<App, P, Q, B>): AppRoute;
