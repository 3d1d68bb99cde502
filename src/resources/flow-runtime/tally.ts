/**
 * The fold behind flow analytics (2.13): a flow's events, in id order, become one summary per run
 * (session) and, kept current as each event is applied, a tally per (version, channel, start day)
 * of everything those runs did. A request then adds up whole days and looks at single runs only
 * for the day a window boundary cuts (./analytics.ts), so its cost does not grow with the number
 * of runs. Runs and tallies change only through `apply`, from events: the figures are the events'.
 */
import type { FlowChannel } from '../flows/config-schemas.js';
import type { FlowEventRecord } from './records.js';

export const DAY_MS = 86_400_000;
export type RunState = 'active' | 'completed' | 'expired' | 'cancelled';

/** What a set of runs did (a day's runs, or a window's, summed). */
export interface Tally {
  runs: number;
  readonly states: Record<RunState, number>;
  readonly completedSeconds: number[];
  readonly outcomeSeconds: Map<string, number[]>;
  readonly reached: Map<string, number>;
  readonly continued: Map<string, number>;
  readonly responses: Map<string, number>;
  readonly lossExits: Map<string, number>;
  /** node -> end reason -> runs that ended there for it. */
  readonly terminal: Map<string, Map<string, number>>;
  /** `node\0button title` -> taps and clicks. */
  readonly clicks: Map<string, number>;
  /** `node\0port` -> exits by that port. */
  readonly ports: Map<string, number>;
}

/** One run as its events tell it. */
export interface Run {
  readonly version: number;
  readonly channel: FlowChannel;
  readonly startedMs: number;
  state: RunState;
  completedMs: number | null;
  /** Each outcome's seconds from the run's start (`secondsBetween`). */
  readonly outcomes: Map<string, number>;
  readonly entered: Set<string>;
  readonly exited: Set<string>;
  readonly ports: Map<string, number>;
  readonly responses: Map<string, number>;
  readonly clicks: Map<string, number>;
  endNode: string | null;
  endReason: string | null;
  readonly day: DayTally;
}

/** The runs of one version on one channel that started on one UTC day. */
export interface DayTally {
  readonly version: number;
  readonly channel: FlowChannel;
  readonly startMs: number;
  readonly tally: Tally;
  readonly runs: Run[];
}

export const bump = (map: Map<string, number>, key: string, by = 1): void => {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
};

export function emptyTally(): Tally {
  return {
    runs: 0,
    states: { active: 0, completed: 0, expired: 0, cancelled: 0 },
    completedSeconds: [],
    outcomeSeconds: new Map(),
    reached: new Map(),
    continued: new Map(),
    responses: new Map(),
    lossExits: new Map(),
    terminal: new Map(),
    clicks: new Map(),
    ports: new Map(),
  };
}

/**
 * Seconds between two instants as the API shows them: every timestamp it answers is whole seconds
 * (2.1), so a duration is the difference of the two seconds, never a fraction a reader of the
 * session's `started_at` and `last_activity_at`, or of its events' `occurred_at`, could not work
 * out (audit 15b A1: a real-clock run read 1.305 s between timestamps 1 s apart).
 */
export function secondsBetween(startMs: number, endMs: number): number {
  return Math.floor(endMs / 1000) - Math.floor(startMs / 1000);
}

function pushTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function countEnd(tally: Tally, run: Run, by: 1 | -1): void {
  if (run.endNode === null || run.endReason === null) return;
  const reasons = tally.terminal.get(run.endNode) ?? new Map<string, number>();
  bump(reasons, run.endReason, by);
  if (reasons.size === 0) tally.terminal.delete(run.endNode);
  else tally.terminal.set(run.endNode, reasons);
  if (run.state === 'expired' || run.state === 'cancelled') bump(tally.lossExits, run.endNode, by);
}

/** Adds one run's whole contribution to `into` (a boundary day's runs, one by one). */
export function addRun(into: Tally, run: Run): void {
  into.runs++;
  into.states[run.state]++;
  if (run.completedMs !== null) into.completedSeconds.push(secondsBetween(run.startedMs, run.completedMs));
  for (const [key, seconds] of run.outcomes) pushTo(into.outcomeSeconds, key, seconds);
  for (const node of run.entered) bump(into.reached, node);
  for (const node of run.exited) bump(into.continued, node);
  for (const [node, n] of run.responses) bump(into.responses, node, n);
  for (const [key, n] of run.clicks) bump(into.clicks, key, n);
  for (const [key, n] of run.ports) bump(into.ports, key, n);
  countEnd(into, run, 1);
}

/** Adds a whole day's tally to `into`. */
export function addTally(into: Tally, from: Tally): void {
  into.runs += from.runs;
  for (const state of Object.keys(from.states) as RunState[]) into.states[state] += from.states[state];
  for (const seconds of from.completedSeconds) into.completedSeconds.push(seconds);
  for (const [key, list] of from.outcomeSeconds) for (const seconds of list) pushTo(into.outcomeSeconds, key, seconds);
  for (const [key, n] of from.reached) bump(into.reached, key, n);
  for (const [key, n] of from.continued) bump(into.continued, key, n);
  for (const [key, n] of from.responses) bump(into.responses, key, n);
  for (const [key, n] of from.lossExits) bump(into.lossExits, key, n);
  for (const [node, reasons] of from.terminal) {
    const target = into.terminal.get(node) ?? new Map<string, number>();
    for (const [reason, n] of reasons) bump(target, reason, n);
    into.terminal.set(node, target);
  }
  for (const [key, n] of from.clicks) bump(into.clicks, key, n);
  for (const [key, n] of from.ports) bump(into.ports, key, n);
}

/** A flow's runs and day tallies, continued event by event (ascending ids). */
export class FlowFold {
  readonly runs = new Map<number, Run>();
  readonly days = new Map<string, DayTally>();

  apply(event: FlowEventRecord): void {
    let run = this.runs.get(event.session_id);
    if (event.type === 'session_started') {
      const startMs = Math.floor(event.occurred_ms / DAY_MS) * DAY_MS;
      const key = `${event.flow_version}|${event.channel}|${startMs}`;
      let day = this.days.get(key);
      if (!day) this.days.set(key, (day = { version: event.flow_version, channel: event.channel, startMs, tally: emptyTally(), runs: [] }));
      run = {
        version: event.flow_version,
        channel: event.channel,
        startedMs: event.occurred_ms,
        state: 'active',
        completedMs: null,
        outcomes: new Map(),
        entered: new Set(),
        exited: new Set(),
        ports: new Map(),
        responses: new Map(),
        clicks: new Map(),
        endNode: null,
        endReason: null,
        day,
      };
      this.runs.set(event.session_id, run);
      day.runs.push(run);
      day.tally.runs++;
      day.tally.states.active++;
      return;
    }
    if (!run) return;
    const tally = run.day.tally;
    const node = event.node_key ?? '';
    switch (event.type) {
      case 'node_entered':
        if (!run.entered.has(node)) {
          run.entered.add(node);
          bump(tally.reached, node);
        }
        break;
      case 'node_exited':
        if (!run.exited.has(node)) {
          run.exited.add(node);
          bump(tally.continued, node);
        }
        if (event.output_port !== null) {
          bump(run.ports, `${node}\u0000${event.output_port}`);
          bump(tally.ports, `${node}\u0000${event.output_port}`);
        }
        break;
      case 'input_received':
        bump(run.responses, node);
        bump(tally.responses, node);
        if (event.input_type === 'button' && event.detail !== null) {
          bump(run.clicks, `${node}\u0000${event.detail}`);
          bump(tally.clicks, `${node}\u0000${event.detail}`);
        }
        break;
      case 'link_clicked':
        if (event.detail !== null) {
          bump(run.clicks, `${node}\u0000${event.detail}`);
          bump(tally.clicks, `${node}\u0000${event.detail}`);
        }
        break;
      case 'outcome_achieved':
        if (event.detail !== null && !run.outcomes.has(event.detail)) {
          const seconds = secondsBetween(run.startedMs, event.occurred_ms);
          run.outcomes.set(event.detail, seconds);
          pushTo(tally.outcomeSeconds, event.detail, seconds);
        }
        break;
      case 'session_completed':
      case 'session_expired':
      case 'session_cancelled':
        this.reopen(run);
        tally.states.active--;
        run.state = event.type === 'session_completed' ? 'completed' : event.type === 'session_expired' ? 'expired' : 'cancelled';
        tally.states[run.state]++;
        run.completedMs = event.type === 'session_completed' ? event.occurred_ms : null;
        if (run.completedMs !== null) tally.completedSeconds.push(secondsBetween(run.startedMs, run.completedMs));
        run.endNode = node;
        run.endReason = event.end_reason;
        countEnd(tally, run, 1);
        break;
      case 'session_reactivated':
        this.reopen(run);
        break;
      case 'branch_selected':
        break;
    }
  }

  /** Takes back a run's end (a reactivation, or a second end): it is active again. */
  private reopen(run: Run): void {
    if (run.state === 'active') return;
    const tally = run.day.tally;
    countEnd(tally, run, -1);
    if (run.completedMs !== null) {
      const index = tally.completedSeconds.indexOf(secondsBetween(run.startedMs, run.completedMs));
      if (index >= 0) tally.completedSeconds.splice(index, 1);
    }
    tally.states[run.state]--;
    tally.states.active++;
    run.state = 'active';
    run.completedMs = null;
    run.endNode = null;
    run.endReason = null;
  }
}
