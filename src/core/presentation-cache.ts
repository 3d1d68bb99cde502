/**
 * Remembers the representations of the records presented most recently.
 *
 * Collections never change a record in place (they replace it), so a record's identity, plus the
 * version of whatever else its representation reads (tag names, custom field definitions), says
 * whether a remembered representation is still right. Representations are sealed for the wire
 * (./wire-json.ts): repeated reads of a record reuse both the object and its JSON text.
 *
 * Bounded, oldest out first, so paging through 100k records keeps at most `capacity` of them.
 */
import { sealForWire } from './wire-json.js';

interface Entry<P> {
  readonly version: number;
  readonly presented: Readonly<P>;
}

export class PresentationCache<R extends object, P extends object> {
  private readonly entries = new Map<R, Entry<P>>();

  constructor(
    private readonly capacity: number,
    private readonly build: (record: R) => P,
  ) {}

  /** The representation of `record` as of `version` (anything that changes it must change `version`). */
  present(record: R, version: number): Readonly<P> {
    const entry = this.entries.get(record);
    if (entry !== undefined && entry.version === version) return entry.presented;
    const presented = sealForWire(this.build(record));
    if (entry !== undefined) this.entries.delete(record);
    else if (this.entries.size >= this.capacity) this.evictOldest();
    this.entries.set(record, { version, presented });
    return presented;
  }

  /** Drops a record's representation now (an erased record should not linger until evicted). */
  forget(record: R): void {
    this.entries.delete(record);
  }

  get size(): number {
    return this.entries.size;
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
