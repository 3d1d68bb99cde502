export class Scheduler {
    clock;
    onError;
    tasks = [];
    seq = 0;
    timer;
    running = false;
    constructor(clock, onError) {
        this.clock = clock;
        this.onError = onError;
        clock.onJump(() => this.runDue());
    }
    /** Runs `run` once virtual time reaches `at`. Returns a cancel function. */
    at(at, run) {
        const task = { seq: this.seq++, at, run, cancelled: false };
        this.tasks.push(task);
        this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
        this.arm();
        return () => {
            task.cancelled = true;
        };
    }
    after(delayMs, run) {
        return this.at(this.clock.now() + delayMs, run);
    }
    pending() {
        return this.tasks.filter((t) => !t.cancelled).length;
    }
    /** Runs every task whose time has come, in time order, including tasks they schedule. */
    runDue() {
        if (this.running)
            return;
        this.running = true;
        try {
            for (;;) {
                const next = this.tasks[0];
                if (!next || next.at > this.clock.now())
                    break;
                this.tasks.shift();
                if (next.cancelled)
                    continue;
                try {
                    next.run();
                }
                catch (error) {
                    this.onError(error);
                }
            }
        }
        finally {
            this.running = false;
            this.arm();
        }
    }
    /** Drops every task and real timer (reset, restore, shutdown). */
    clear() {
        this.tasks = [];
        this.disarm();
    }
    arm() {
        this.disarm();
        const next = this.tasks[0];
        if (!next || this.clock.mode() === 'frozen')
            return;
        const delay = Math.max(0, Math.min(next.at - this.clock.now(), 2 ** 31 - 1));
        const timer = setTimeout(() => this.runDue(), delay);
        // A pending retry must not keep a CLI or a test process alive on its own.
        timer.unref?.();
        this.timer = timer;
    }
    disarm() {
        if (this.timer !== undefined)
            clearTimeout(this.timer);
        this.timer = undefined;
    }
}
//# sourceMappingURL=scheduler.js.map