/**
 * The plan values of flows (section 8: "node cap, flow count and live-flow count are plan values
 * returned in `live`"). The spec gives no numbers; these are ours (docs/decisions.md, "Flows"),
 * in this one place: validation, create, publish, activate, the seed and the catalogue's `live`
 * all read them from here.
 */
import type { Plan } from '../../core/types.js';

export interface FlowPlanLimits {
  /** Most nodes one definition may hold, the trigger node included (`live.node_limit`). */
  readonly nodes: number;
  /** Most flows an account may hold, whatever their status (`live.flow_limit`). */
  readonly flows: number;
  /** Most flows that may be `active` at once (`live.active_flows.limit`). */
  readonly live: number;
}

export const FLOW_PLAN_LIMITS: Readonly<Record<Plan, FlowPlanLimits>> = {
  free: { nodes: 10, flows: 3, live: 1 },
  creator: { nodes: 30, flows: 10, live: 3 },
  pro: { nodes: 100, flows: 50, live: 10 },
  business: { nodes: 250, flows: 200, live: 25 },
};
