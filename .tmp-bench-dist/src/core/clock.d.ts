/**
 * The virtual clock. Nothing else in the simulator reads the wall clock: idempotency expiry, rate
 * windows, invitation expiry and webhook retries all ask this clock, so a test can freeze, advance
 * or set time and see every time-based rule follow.
 *
 * Modes: `real` follows the wall clock plus an offset (advance and set move the offset), `frozen`
 * stands still until advanced or set.
 */
export type ClockMode = 'real' | 'frozen';
export interface ClockState {
    mode: ClockMode;
    now: string;
    now_ms: number;
}
type ClockListener = (now: number, previous: number) => void;
export declare class VirtualClock {
    private readonly wallClock;
    private frozenAt;
    private offsetMs;
    private readonly listeners;
    constructor(wallClock?: () => number);
    now(): number;
    /** The spec's timestamp form: UTC ISO-8601 with offset, seconds precision (`...T10:00:00+00:00`). */
    iso(ms?: number): string;
    /**
     * The real wall clock, ignoring freeze and offset. Only for what happens on the wire in real
     * time: the webhook-timestamp header (receivers check it against their own clock) and latency.
     */
    wall(): number;
    mode(): ClockMode;
    state(): ClockState;
    freeze(atMs?: number): void;
    /** Lets time run again from the current virtual instant. */
    unfreeze(): void;
    /** Back to the wall clock with no offset. */
    resetToReal(): void;
    advance(ms: number): void;
    set(atMs: number): void;
    /** Called after every jump of virtual time (not for the steady passing of real time). */
    onJump(listener: ClockListener): () => void;
    private notify;
}
export declare function formatTimestamp(ms: number): string;
/** Parses the spec's timestamp form (any ISO-8601 with an explicit offset or Z). */
export declare function parseTimestamp(value: string): number | null;
export declare const TIMESTAMP_PATTERN: RegExp;
export {};
