/**
 * How many comment triggers may be live (active) at once, per plan (section 8: "live count capped
 * by plan"; the numbers are not shown, these are ours: docs/decisions.md, "Comment automation").
 */
import type { Plan } from '../../core/types.js';

export const LIVE_TRIGGER_CAP: Readonly<Record<Plan, number>> = {
  free: 1,
  creator: 3,
  pro: 10,
  business: 25,
};
