/**
 * Timers on the virtual clock. Work that is due at a virtual instant (a webhook retry, an
 * invitation expiring) is scheduled here. Due work runs when virtual time jumps past it (advance,
 * set) and, while the clock runs in real mode, when a real timer fires.
 */
import type { VirtualClock } from './clock.js';
export declare class Scheduler {
    private readonly clock;
    private readonly onError;
    private tasks;
    private seq;
    private timer;
    private running;
    constructor(clock: VirtualClock, onError: (error: unknown) => void);
    /** Runs `run` once virtual time reaches `at`. Returns a cancel function. */
    at(at: number, run: () => void): () => void;
    after(delayMs: number, run: () => void): () => void;
    pending(): number;
    /** Runs every task whose time has come, in time order, including tasks they schedule. */
    runDue(): void;
    /** Drops every task and real timer (reset, restore, shutdown). */
    clear(): void;
    private arm;
    private disarm;
}
