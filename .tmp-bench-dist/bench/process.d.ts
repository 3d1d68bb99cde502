/** Child processes for the benchmarks: start one, wait for its first stdout line, stop it. */
import { type ChildProcess } from 'node:child_process';
export interface Started {
    child: ChildProcess;
    /** The first stdout line. */
    line: string;
    /** Milliseconds from spawn to the first stdout line. */
    elapsedMs: number;
}
export declare function startAndReadLine(args: readonly string[], timeoutMs?: number): Promise<Started>;
export declare function stop(child: ChildProcess): Promise<void>;
