/**
 * GET /flows/{id}/analytics (2.13), computed from the flow events alone, so analytics and events
 * cannot disagree (the property test in properties.test.ts checks it). The flow's events (an index
 * by flow) are folded as they commit into runs and per-day tallies (./tally.ts); a request adds
 * up the days inside its windows and looks at single runs only on a day a window boundary cuts.
 * A run belongs to the window its session started in, and everything a run did counts with it.
 *
 * Rates are percents rounded to one decimal, null when their base is zero. docs/decisions.md,
 * "Flow runtime", lists the definitions of each per-node figure.
 */
import { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { Collection } from '../../store/collection.js';
import type { RuntimeNeeds } from './needs.js';
import type { FlowEventRecord } from './records.js';
import type { RuntimeRules } from './rules.js';
import { OUTCOME_KEYS, type AnalyticsFilters, type FlowAnalyticsData, type OutcomeKey } from './schemas.js';
import { addRun, addTally, bump, DAY_MS, emptyTally, FlowFold, type DayTally, type Tally } from './tally.js';

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

export const rate = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Adds the day's runs that started in [fromMs, toMs) (null: unbounded) to `into`: whole when the day lies inside, run by run when cut. */
function addDay(into: Tally, day: DayTally, fromMs: number | null, toMs: number | null): void {
  const dayEnd = day.startMs + DAY_MS;
  if ((fromMs !== null && dayEnd <= fromMs) || (toMs !== null && day.startMs >= toMs)) return;
  if ((fromMs === null || day.startMs >= fromMs) && (toMs === null || dayEnd <= toMs)) {
    addTally(into, day.tally);
    return;
  }
  for (const run of day.runs) if ((fromMs === null || run.startedMs >= fromMs) && (toMs === null || run.startedMs < toMs)) addRun(into, run);
}

export function createAnalytics(core: CoreServices, needs: RuntimeNeeds, events: Collection<FlowEventRecord>, rules: RuntimeRules) {
  const { clock } = core;

  /**
   * A flow's events only grow at the end (ids ascend), so the fold is kept per flow and continued
   * with the events appended since. It is continued as events commit (`appended`), not when a
   * request comes, so a request never folds a backlog. The fold checks it is still a prefix of
   * the flow's events (count and last id); if any folded event went away (a session dropped with
   * its contact, a transaction undone), the flow is folded again from the start. Either way the
   * runs are computed from the events alone.
   */
  const folds = new Map<number, { fold: FlowFold; count: number; lastId: number }>();
  function foldOf(flowId: number): FlowFold {
    const ids = events.idsByIndex('flow', String(flowId));
    let entry = folds.get(flowId);
    // The folded prefix is intact when its last id is still there with exactly `count` ids up to it.
    if (!entry || ids.length < entry.count || (entry.count > 0 && (!ids.has(entry.lastId) || ids.countBelow(entry.lastId + 1) !== entry.count))) {
      entry = { fold: new FlowFold(), count: 0, lastId: 0 };
    }
    if (ids.length > entry.count) {
      for (const id of ids.ascending(entry.count === 0 ? undefined : entry.lastId + 1)) entry.fold.apply(events.get(id)!);
      entry = { fold: entry.fold, count: ids.length, lastId: ids.last()! };
    }
    folds.set(flowId, entry);
    return entry.fold;
  }

  /**
   * An event of the flow was appended: continue its fold once the transaction commits (an undone
   * transaction drops the callback; the prefix check covers what it wrote). Later calls of the
   * same commit find nothing new to fold.
   */
  function appended(flowId: number): void {
    core.store.afterCommit(() => foldOf(flowId));
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

    const fold = foldOf(flowId);
    const now = clock.now();
    const days = RANGE_DAYS[filters.range];
    const from = days === null ? null : now - days * DAY_MS;
    const previousFrom = days === null ? null : now - 2 * days * DAY_MS;

    // This version's runs in the window (`current`), in the previous window, and all time
    // (lifetime); other versions' in the window (excluded, counted by version).
    const current = emptyTally();
    const previous = emptyTally();
    const lifetime = emptyTally();
    const otherRuns = new Map<number, number>();
    const tracked = new Set<number>();
    for (const day of fold.days.values()) {
      tracked.add(day.version);
      if (filters.channel !== undefined && day.channel !== filters.channel) continue;
      if (!rules.countsFor(day.version, version)) {
        const inWindow = from === null || day.startMs >= from ? day.tally.runs : day.runs.filter((run) => run.startedMs >= from).length;
        if (inWindow > 0) otherRuns.set(day.version, (otherRuns.get(day.version) ?? 0) + inWindow);
        continue;
      }
      addDay(current, day, from, null);
      if (previousFrom !== null) addDay(previous, day, previousFrom, from);
      lifetime.runs += day.tally.runs;
      lifetime.states.completed += day.tally.states.completed;
    }
    const { states, completedSeconds, outcomeSeconds, reached, continued, responses, lossExits, terminal, ports: portCounts } = current;
    const clickCounts = current.clicks;
    const previousRuns = previous.runs;
    const previousCompleted = previous.states.completed;
    const lifetimeRuns = lifetime.runs;
    const lifetimeCompleted = lifetime.states.completed;
    const completed = states.completed;
    const completionRate = rate(completed, current.runs);
    const previousRate = rate(previousCompleted, previousRuns);

    const per_node = definition.nodes.map((node) => {
      const nodeReached = reached.get(node.id) ?? 0;
      const nodeContinued = continued.get(node.id) ?? 0;
      const buttons: Record<string, { clicks: number; click_rate: number | null }> = {};
      const configured = (node.config['buttons'] as { title: string }[] | undefined) ?? [];
      for (const button of configured) {
        const clicks = clickCounts.get(`${node.id}\u0000${button.title}`) ?? 0;
        buttons[button.title] = { clicks, click_rate: rate(clicks, nodeReached) };
      }
      return {
        node_id: node.id,
        node_type: node.type,
        reached: nodeReached,
        continued: nodeContinued,
        continued_rate: rate(nodeContinued, nodeReached),
        responses: responses.get(node.id) ?? 0,
        loss_exits: lossExits.get(node.id) ?? 0,
        terminal_reasons: Object.fromEntries(terminal.get(node.id) ?? []),
        buttons,
      };
    });

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
      other_versions: [...otherRuns.entries()].sort((a, b) => a[0] - b[0]).map(([other, count]) => ({ version: other, runs: count })),
      summary: {
        runs: current.runs,
        completed,
        expired: states.expired,
        cancelled: states.cancelled,
        active: states.active,
        completion_rate: completionRate,
        median_completed_seconds: median(completedSeconds),
      },
      comparison:
        days === null
          ? null
          : {
              previous_runs: previousRuns,
              runs_change_percent: previousRuns === 0 ? null : Math.round(((current.runs - previousRuns) / previousRuns) * 1000) / 10,
              previous_completion_rate: previousRate,
              completion_rate_change_points: completionRate === null || previousRate === null ? null : Math.round((completionRate - previousRate) * 10) / 10,
            },
      lifetime: { runs: lifetimeRuns, completed: lifetimeCompleted, not_completed: lifetimeRuns - lifetimeCompleted, completion_rate: rate(lifetimeCompleted, lifetimeRuns) },
      outcomes: OUTCOME_KEYS.map((key) => {
        const reachedIn = outcomeSeconds.get(key) ?? [];
        return { key, label: OUTCOME_LABELS[key], count: reachedIn.length, rate: rate(reachedIn.length, current.runs), median_seconds: median(reachedIn) };
      }),
      per_node,
      branches,
      nodes: Object.fromEntries(definition.nodes.map((node) => [node.id, node.type])),
    };
  }

  return { compute, appended, forget: () => folds.clear() };
}
