export declare const RUN_ID_PATTERN: RegExp;
export declare function newRunId(): string;
export declare function checkRunId(runId: string): string;
