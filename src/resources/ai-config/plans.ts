/**
 * Which AI features each plan has (2.17 `available`). The spec states one row: the AI comment
 * manager needs Pro or above (4.14). The rest is our table (docs/decisions.md, "AI
 * configuration"): file handling and follow-ups come with the first paid tier, the comment
 * manager with Pro, and CSAT surveys with Business only. Writing a section whose feature the plan lacks answers 403
 * `feature_unavailable` naming the section.
 */
import type { Plan } from '../../core/types.js';

export const AI_FEATURES = ['file_handling', 'followups', 'csat', 'comment_ai'] as const;
export type AiFeature = (typeof AI_FEATURES)[number];

export const AI_FEATURES_BY_PLAN: Readonly<Record<Plan, Readonly<Record<AiFeature, boolean>>>> = {
  free: { file_handling: false, followups: false, csat: false, comment_ai: false },
  creator: { file_handling: true, followups: true, csat: false, comment_ai: false },
  pro: { file_handling: true, followups: true, csat: false, comment_ai: true },
  business: { file_handling: true, followups: true, csat: true, comment_ai: true },
};
