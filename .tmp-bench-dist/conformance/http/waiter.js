/**
 * How the kit waits. Against a real server it sleeps. Against the simulator (with an admin key) it
 * moves the simulator's virtual clock forward instead, so a run that needs several quota windows
 * costs no wall time. `now()` is the target's time as far as the kit can tell.
 */
export function realWaiter(signal) {
    return {
        virtual: false,
        now: () => Date.now(),
        wait: (ms) => new Promise((resolve) => {
            if (ms <= 0 || signal?.aborted)
                return resolve();
            const timer = setTimeout(done, ms);
            function done() {
                clearTimeout(timer);
                signal?.removeEventListener('abort', done);
                resolve();
            }
            signal?.addEventListener('abort', done, { once: true });
        }),
    };
}
/**
 * `advance(ms)` asks the simulator to move its clock. `offsetMs` is the simulator's clock minus
 * the wall clock when probed; every advance adds to it.
 */
export function virtualWaiter(advance, offsetMs) {
    let offset = offsetMs;
    return {
        virtual: true,
        now: () => Date.now() + offset,
        wait: async (ms) => {
            if (ms <= 0)
                return;
            const whole = Math.ceil(ms);
            await advance(whole);
            offset += whole;
        },
    };
}
//# sourceMappingURL=waiter.js.map