/**
 * The kit's public vocabulary: levels, profiles, verdicts, results and the report. Kept apart from
 * the runner so reporters and callers of `runConformance` depend on data shapes only.
 */
export const PROFILES = ['read-only', 'safe', 'full'];
//# sourceMappingURL=types.js.map