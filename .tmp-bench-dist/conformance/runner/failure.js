export class CheckFailure extends Error {
    exchange;
    constructor(message, response) {
        super(message);
        this.name = 'CheckFailure';
        this.exchange = response === undefined ? undefined : 'exchange' in response ? response.exchange : response;
    }
}
export class SkipCheck extends Error {
    reason;
    constructor(reason, detail) {
        super(detail ?? reason);
        this.reason = reason;
        this.name = 'SkipCheck';
    }
}
/** A property failed: the minimal counterexample and how to replay it. */
export class PropertyFailure extends CheckFailure {
    counterexample;
    seed;
    path;
    shrunk;
    confirmation;
    replayPath;
    constructor(message, exchange, counterexample, seed, path, shrunk, confirmation, replayPath) {
        super(message, exchange);
        this.counterexample = counterexample;
        this.seed = seed;
        this.path = path;
        this.shrunk = shrunk;
        this.confirmation = confirmation;
        this.replayPath = replayPath;
        this.name = 'PropertyFailure';
    }
}
//# sourceMappingURL=failure.js.map