/**
 * How the kit waits. Against a real server it sleeps. Against the simulator (with an admin key) it
 * moves the simulator's virtual clock forward instead, so a run that needs several quota windows
 * costs no wall time. `now()` is the target's time as far as the kit can tell.
 */
export interface Waiter {
    readonly virtual: boolean;
    now(): number;
    wait(ms: number): Promise<void>;
}
export declare function realWaiter(signal?: AbortSignal): Waiter;
/**
 * `advance(ms)` asks the simulator to move its clock. `offsetMs` is the simulator's clock minus
 * the wall clock when probed; every advance adds to it.
 */
export declare function virtualWaiter(advance: (ms: number) => Promise<void>, offsetMs: number): Waiter;
