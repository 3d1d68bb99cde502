/**
 * What an action node does to its contact (2.10 `action_type`), as one change: the single reading
 * of the action types for the live runtime (./engine.ts, which applies it with events) and for a
 * seeded run (./seed-effects.ts, which applies it at the event's time, without them).
 */
import type { SeedContactChange } from '../contacts/model.js';
import type { Stage } from '../contacts/schemas.js';
import type { NodeConfigOf } from '../flows/config-schemas.js';

/** mark_lead (and an ai_reply that qualified the prospect): a `new` or `contacted` contact becomes `qualified`; others stay. */
export function markedLeadStage(stage: Stage | undefined): Stage | undefined {
  return stage === 'new' || stage === 'contacted' ? 'qualified' : undefined;
}

/** The change, or undefined when the action changes nothing (notify_team; mark_lead past `contacted`). */
export function actionChange(config: NodeConfigOf<'action'>, stage: Stage | undefined): SeedContactChange | undefined {
  switch (config.action_type) {
    case 'tag_conversation':
      return { attach: [config.tag_value] };
    case 'remove_tag':
      return { detach: [config.tag_value] };
    case 'set_custom_field':
      return { values: { custom_fields: { [config.field_key]: config.field_value } } };
    case 'clear_custom_field':
      return { values: { custom_fields: { [config.field_key]: null } } };
    case 'set_stage':
      return { values: { stage: config.stage } };
    case 'mark_lead': {
      const next = markedLeadStage(stage);
      return next === undefined ? undefined : { values: { stage: next } };
    }
    case 'notify_team':
      return undefined;
  }
}
