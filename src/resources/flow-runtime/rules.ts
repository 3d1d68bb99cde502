/**
 * The three functions the group's mutants swap (./mutants.ts), so the conformance kit can prove it
 * catches an event that leaks text, events out of ascending order, and analytics that count
 * another version's runs. Everything reads them through this object.
 */
import type { Page } from '../../core/pagination.js';
import { presentEvent, type FlowEventRecord } from './records.js';
import type { FlowEventData } from './schemas.js';

export interface RuntimeRules {
  presentEvent(row: FlowEventRecord, iso: (ms: number) => string): FlowEventData;
  /** The page of GET /flow-events as served (ascending ids). */
  eventPage(page: Page<FlowEventData>): Page<FlowEventData>;
  /** Whether a run of `runVersion` counts in analytics of `version`. */
  countsFor(runVersion: number, version: number): boolean;
}

export function createRuntimeRules(): RuntimeRules {
  return {
    presentEvent,
    eventPage: (page) => page,
    countsFor: (runVersion, version) => runVersion === version,
  };
}
