/**
 * GET /flows/{id}/analytics (2.13), computed from the flow events alone, so analytics and events
 * cannot disagree (the property test in analytics.test.ts checks it). One pass over the flow's
 * events (an index by flow) folds each session into a small summary; a run belongs to the window
 * its session started in, and everything a run did counts with it.
 *
 * Rates are percents rounded to one decimal, null when their base is zero. docs/decisions.md,
 * "Flow runtime", lists the definitions of each per-node figure.
 */
import { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { Collection } from '../../store/collection.js';
import type { FlowChannel } from '../flows/config-schemas.js';
import type { RuntimeNeeds } from './needs.js';
import type { FlowEventRecord } from './records.js';
import type { RuntimeRules } from './rules.js';
import { OUTCOME_KEYS, type AnalyticsFilters, type FlowAnalyticsData, type OutcomeKey } from './schemas.js';

const DAY_MS = 86_400_000;
const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90, all: null } as const;
const OUTCOME_LABELS: Readonly<Record<OutcomeKey, string>> = {
  emails_collected: 'Emails collected',
  phones_collected: 'Phones collected',
  leads_marked: 'Leads marked',
  appointments_booked: 'Appointments booked',
  links_clicked: 'Links clicked',
  handoffs: 'Handoffs',
  custom_fields_saved: 'Custom fields saved',
};

/** One run as its events tell it. */
interface Run {
  readonly version: number;
  readonly channel: FlowChannel;
  readonly startedMs: number;
  state: 'active' | 'completed' | 'expired' | 'cancelled';
  completedMs: number | null;
  readonly outcomes: Map<string, number>;
  readonly entered: Set<string>;
  readonly exited: Set<string>;
  readonly ports: Map<string, number>;
  readonly responses: Map<string, number>;
  readonly clicks: Map<string, number>;
  endNode: string | null;
  endReason: string | null;
}

export const rate = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Folds a flow's events (ascending ids) into runs by session, continuing `runs` when given. */
export function foldRuns(events: Iterable<FlowEventRecord>, runs = new Map<number, Run>()): Map<number, Run> {
  for (const event of events) {
    let run = runs.get(event.session_id);
    if (event.type === 'session_started') {
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
      };
      runs.set(event.session_id, run);
      continue;
    }
    if (!run) continue;
    const node = event.node_key ?? '';
    switch (event.type) {
      case 'node_entered':
        run.entered.add(node);
        break;
      case 'node_exited':
        run.exited.add(node);
        if (event.output_port !== null) bump(run.ports, `${node}\u0000${event.output_port}`);
        break;
      case 'input_received':
        bump(run.responses, node);
        if (event.input_type === 'button' && event.detail !== null) bump(run.clicks, `${node}\u0000${event.detail}`);
        break;
      case 'link_clicked':
        if (event.detail !== null) bump(run.clicks, `${node}\u0000${event.detail}`);
        break;
      case 'outcome_achieved':
        if (event.detail !== null && !run.outcomes.has(event.detail)) run.outcomes.set(event.detail, event.occurred_ms - run.startedMs);
        break;
      case 'session_completed':
      case 'session_expired':
      case 'session_cancelled':
        run.state = event.type === 'session_completed' ? 'completed' : event.type === 'session_expired' ? 'expired' : 'cancelled';
        run.completedMs = event.type === 'session_completed' ? event.occurred_ms : null;
        run.endNode = node;
        run.endReason = event.end_reason;
        break;
      case 'session_reactivated':
        run.state = 'active';
        run.endNode = null;
        run.endReason = null;
        break;
      case 'branch_selected':
        break;
    }
  }
  return runs;
}

export function createAnalytics(core: CoreServices, needs: RuntimeNeeds, events: Collection<FlowEventRecord>, rules: RuntimeRules) {
  const { clock } = core;

  /**
   * A flow's events only grow at the end (ids ascend), so the fold is kept per flow and continued
   * with the events appended since; if any folded event went away (a session dropped with its
   * contact), the prefix no longer matches and the flow is folded again from the start.
   */
  const folds = new Map<number, { runs: Map<number, Run>; count: number; lastId: number }>();
  function runsOf(flowId: number): Map<number, Run> {
    const ids = events.idsByIndex('flow', String(flowId));
    let fold = folds.get(flowId);
    // The folded prefix is intact when its last id is still there with exactly `count` ids up to it.
    if (!fold || ids.length < fold.count || (fold.count > 0 && (!ids.has(fold.lastId) || ids.countBelow(fold.lastId + 1) !== fold.count))) {
      fold = { runs: new Map(), count: 0, lastId: 0 };
    }
    if (ids.length > fold.count) {
      foldRuns(
        [...ids.ascending(fold.count === 0 ? undefined : fold.lastId + 1)].map((id) => events.get(id)!),
        fold.runs,
      );
      fold = { runs: fold.runs, count: ids.length, lastId: ids.last()! };
    }
    folds.set(flowId, fold);
    return fold.runs;
  }

  function compute(accountId: number, flowId: number, filters: AnalyticsFilters): FlowAnalyticsData {
    const flow = needs.flows.get(accountId, flowId);
    const published = needs.flows.versions(accountId, flowId);
    if (flow.published_version === null || published.length === 0) {
      throw new ApiError('not_found', 'The flow has no published version yet; analytics exist per published version.', { param: 'version' });
    }
    const version = filters.version ?? flow.published_version;
    const definition = published.find((row) => row.version === version)?.definition;
    if (!definition) throw new ApiError('not_found', `Flow ${flowId} has no published version ${version}.`, { param: 'version' });

    const runs = runsOf(flowId);
    const now = clock.now();
    const days = RANGE_DAYS[filters.range];
    const from = days === null ? null : now - days * DAY_MS;
    const previousFrom = days === null ? null : now - 2 * days * DAY_MS;
    const onChannel = (run: Run) => filters.channel === undefined || run.channel === filters.channel;
    const inWindow = (run: Run) => from === null || run.startedMs >= from;
    const inPrevious = (run: Run) => from !== null && previousFrom !== null && run.startedMs >= previousFrom && run.startedMs < from;

    const all = [...runs.values()].filter(onChannel);
    const mine = all.filter((run) => rules.countsFor(run.version, version));
    const current = mine.filter(inWindow);
    const previous = mine.filter(inPrevious);
    const count = (list: Run[], state: Run['state']) => list.filter((run) => run.state === state).length;
    const completed = count(current, 'completed');
    const completionRate = rate(completed, current.length);

    const otherRuns = new Map<number, number>();
    for (const run of all) if (!rules.countsFor(run.version, version) && inWindow(run)) otherRuns.set(run.version, (otherRuns.get(run.version) ?? 0) + 1);
    const tracked = new Set([...runs.values()].map((run) => run.version));

    const previousRate = rate(count(previous, 'completed'), previous.length);
    const lifetimeCompleted = count(mine, 'completed');

    const per_node = definition.nodes.map((node) => {
      let reached = 0;
      let continued = 0;
      let responses = 0;
      let lossExits = 0;
      const terminal: Record<string, number> = {};
      const clicks = new Map<string, number>();
      for (const run of current) {
        if (run.entered.has(node.id)) reached++;
        if (run.exited.has(node.id)) continued++;
        responses += run.responses.get(node.id) ?? 0;
        if (run.endNode === node.id && run.endReason !== null) {
          terminal[run.endReason] = (terminal[run.endReason] ?? 0) + 1;
          if (run.state === 'expired' || run.state === 'cancelled') lossExits++;
        }
        for (const [key, n] of run.clicks) if (key.startsWith(`${node.id}\u0000`)) bump(clicks, key.slice(node.id.length + 1), n);
      }
      const buttons: Record<string, { clicks: number; click_rate: number | null }> = {};
      const configured = (node.config['buttons'] as { title: string }[] | undefined) ?? [];
      for (const button of configured) buttons[button.title] = { clicks: clicks.get(button.title) ?? 0, click_rate: rate(clicks.get(button.title) ?? 0, reached) };
      return { node_id: node.id, node_type: node.type, reached, continued, continued_rate: rate(continued, reached), responses, loss_exits: lossExits, terminal_reasons: terminal, buttons };
    });

    const portCounts = new Map<string, number>();
    for (const run of current) for (const [key, n] of run.ports) bump(portCounts, key, n);
    const exitsOf = new Map<string, number>();
    for (const [key, n] of portCounts) bump(exitsOf, key.split('\u0000')[0]!, n);
    const branches = [...portCounts.entries()]
      .map(([key, selected]) => {
        const [nodeId, port] = key.split('\u0000') as [string, string];
        return { node_id: nodeId, output_port: port, selected, selection_rate: rate(selected, exitsOf.get(nodeId) ?? 0) };
      })
      .sort((a, b) => (a.node_id === b.node_id ? (a.output_port < b.output_port ? -1 : 1) : a.node_id < b.node_id ? -1 : 1));

    return {
      flow_id: flow.id,
      version,
      current_version: flow.published_version,
      range: filters.range,
      channel: filters.channel ?? 'all',
      versions: published.map((row) => ({ version: row.version, published_at: row.published_at, has_tracked_runs: tracked.has(row.version) })),
      other_version_runs_excluded: [...otherRuns.values()].reduce((sum, n) => sum + n, 0),
      other_versions: [...otherRuns.entries()].sort((a, b) => a[0] - b[0]).map(([other, runsOf]) => ({ version: other, runs: runsOf })),
      summary: {
        runs: current.length,
        completed,
        expired: count(current, 'expired'),
        cancelled: count(current, 'cancelled'),
        active: count(current, 'active'),
        completion_rate: completionRate,
        median_completed_seconds: median(current.filter((run) => run.completedMs !== null).map((run) => (run.completedMs! - run.startedMs) / 1000)),
      },
      comparison:
        days === null
          ? null
          : {
              previous_runs: previous.length,
              runs_change_percent: previous.length === 0 ? null : Math.round(((current.length - previous.length) / previous.length) * 1000) / 10,
              previous_completion_rate: previousRate,
              completion_rate_change_points: completionRate === null || previousRate === null ? null : Math.round((completionRate - previousRate) * 10) / 10,
            },
      lifetime: { runs: mine.length, completed: lifetimeCompleted, not_completed: mine.length - lifetimeCompleted, completion_rate: rate(lifetimeCompleted, mine.length) },
      outcomes: OUTCOME_KEYS.map((key) => {
        const reachedIn = current.filter((run) => run.outcomes.has(key)).map((run) => run.outcomes.get(key)! / 1000);
        return { key, label: OUTCOME_LABELS[key], count: reachedIn.length, rate: rate(reachedIn.length, current.length), median_seconds: median(reachedIn) };
      }),
      per_node,
      branches,
      nodes: Object.fromEntries(definition.nodes.map((node) => [node.id, node.type])),
    };
  }

  return { compute, forget: () => folds.clear() };
}
