/**
 * How a model turns a stored record into what the API shows, with one rule for read caching.
 *
 * A presenter always builds fresh for writes (a new record is read once; keeping it would only
 * make the garbage collector copy it). A model may declare a read cache: reads (GET one, list
 * pages) then reuse the record's representation, sealed so its JSON text is kept too
 * (./presentation-cache.ts, ./wire-json.ts). Records are replaced, never changed in place, so
 * the record's identity plus `version()` (of whatever else the representation reads, such as tag
 * names) says whether a kept representation is still right. Declare it where a benchmark shows
 * the gain (docs/decisions.md, "Benchmarks").
 */
import { PresentationCache } from './presentation-cache.js';

export interface Presenter<R, P> {
  /** Built fresh: for write responses and event payloads. */
  readonly fresh: (record: R) => P;
  /** For reads: the kept representation when the presenter has a read cache. Shared: never mutate it. */
  readonly forRead: (record: R) => Readonly<P>;
  /** Drops a record's kept representation now (an erased record should not linger until evicted). */
  readonly forget: (record: R) => void;
}

export interface ReadCache {
  /** How many representations to keep (oldest out first). */
  readonly capacity: number;
  /** Changes whenever anything a representation reads besides the record changes. */
  readonly version: () => number;
}

export function definePresenter<R extends object, P extends object>(build: (record: R) => P, readCache?: ReadCache): Presenter<R, P> {
  if (!readCache) return { fresh: build, forRead: build, forget: () => {} };
  const cache = new PresentationCache<R, P>(readCache.capacity, build);
  return {
    fresh: build,
    forRead: (record) => cache.present(record, readCache.version()),
    forget: (record) => cache.forget(record),
  };
}
