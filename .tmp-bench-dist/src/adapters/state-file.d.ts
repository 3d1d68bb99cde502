import type { SimulatorSnapshot } from '../resources/app.js';
import type { Simulator } from '../simulator.js';
/**
 * Removes temp files that interrupted saves of `file` left behind. A temp file whose writer is
 * still alive (another process saving the same file right now) is left alone. Returns the paths
 * removed.
 */
export declare function cleanStaleTempFiles(file: string): string[];
/** Reads a state file; `undefined` when it does not exist yet (the first start). */
export declare function loadState(file: string): SimulatorSnapshot | undefined;
export declare function writeFileAtomic(file: string, text: string): void;
export interface StatePersistence {
    /** Saves now if anything changed since the last save. */
    flush(): void;
    stop(): void;
}
export interface PersistOptions {
    /** Quiet period before a save, so a burst of writes costs one file write. Default 200 ms. */
    debounceMs?: number;
    /** A save that fails (disk full, directory removed) is reported here instead of crashing the server. */
    onError?: (error: unknown) => void;
}
/**
 * Saves the simulator to `file` now and after every committed change. Stale temp files from an
 * earlier process that was killed mid-save are removed first.
 */
export declare function persistState(sim: Simulator, file: string, options?: PersistOptions): StatePersistence;
