/**
 * Why a run could not start. Both end the CLI with exit code 2 (the kit could not judge the
 * target at all), and neither sends a check's request.
 */

/** A name the kit does not know (`--check`, `--section`, `--replay`), with what it does know. */
export class ConformanceUsageError extends Error {
  constructor(
    message: string,
    /** Every valid name of that kind, for the user to pick from. */
    readonly valid: readonly string[],
    /** The closest valid names to what was given. */
    readonly suggestions: readonly string[],
  ) {
    super(message);
    this.name = 'ConformanceUsageError';
  }
}

/** The target could not be reached or did not answer the probe as an API of the spec would. */
export class TargetUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetUnavailableError';
  }
}
