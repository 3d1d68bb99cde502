/**
 * The `flows[]` and `comment_triggers` rows of 2.14, from the account's flows and what the two
 * collecting hooks answered. A trigger that starts one of the account's flows is counted on that
 * flow's row (`comment_trigger_id`: the lowest such trigger id; `comment_trigger_fires`: the sum
 * over them); one that starts none is standalone and listed in `comment_triggers`.
 */
import type { FlowRecord } from '../flows/records.js';
import type { CountWithTotalData } from './schemas.js';
import { z } from 'zod';
import { OverviewCommentTrigger, OverviewFlow } from './schemas.js';

/** One flow's entries, as the flow runtime answers `flowEntries`. */
export interface FlowEntries {
  readonly flow_id: number;
  readonly current: number;
  readonly previous: number;
  readonly all_time: number;
}

/** One trigger's fires, as comment triggers answer `commentTriggerFires`. */
export interface CommentTriggerFires {
  readonly trigger_id: number;
  readonly name: string;
  readonly linked_flow_ids: number[];
  readonly current: number;
  readonly previous: number;
  readonly all_time: number;
}

type FlowRow = z.infer<typeof OverviewFlow>;
type TriggerRow = z.infer<typeof OverviewCommentTrigger>;

const none = (): CountWithTotalData => ({ current: 0, previous: 0, all_time: 0 });

function add(into: CountWithTotalData, counts: { current: number; previous: number; all_time: number }): void {
  into.current += counts.current;
  into.previous += counts.previous;
  into.all_time += counts.all_time;
}

export function flowRows(
  accountFlows: readonly FlowRecord[],
  entries: readonly FlowEntries[],
  fires: readonly CommentTriggerFires[],
): { flows: FlowRow[]; standalone: TriggerRow[] } {
  const ordered = [...accountFlows].sort((a, b) => a.id - b.id);
  const known = new Set(ordered.map((flow) => flow.id));
  const entriesOf = new Map<number, CountWithTotalData>();
  for (const answer of entries) {
    if (!known.has(answer.flow_id)) continue;
    const into = entriesOf.get(answer.flow_id) ?? none();
    add(into, answer);
    entriesOf.set(answer.flow_id, into);
  }
  const linked = new Map<number, { trigger_id: number; fires: CountWithTotalData }>();
  const standalone: TriggerRow[] = [];
  for (const trigger of [...fires].sort((a, b) => a.trigger_id - b.trigger_id)) {
    const flowIds = trigger.linked_flow_ids.filter((id) => known.has(id));
    if (flowIds.length === 0) {
      standalone.push({ id: trigger.trigger_id, name: trigger.name, fires: { current: trigger.current, previous: trigger.previous, all_time: trigger.all_time } });
      continue;
    }
    for (const flowId of new Set(flowIds)) {
      const row = linked.get(flowId) ?? { trigger_id: trigger.trigger_id, fires: none() };
      add(row.fires, trigger);
      linked.set(flowId, row);
    }
  }
  const flows = ordered.map((flow): FlowRow => {
    const trigger = linked.get(flow.id);
    return {
      id: flow.id,
      name: flow.name,
      entries: entriesOf.get(flow.id) ?? none(),
      ...(trigger ? { comment_trigger_id: trigger.trigger_id, comment_trigger_fires: trigger.fires } : {}),
    };
  });
  return { flows, standalone };
}
