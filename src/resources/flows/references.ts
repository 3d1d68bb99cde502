/** Whether what a config names exists in the account (tags, custom fields, services, comment triggers, flows, conversation starters). */
import { checkValue } from '../custom-fields/values.js';
import { TRIGGER_NODE_ID, type ValidationContext } from './definition.js';
import { shown, type IssueList } from './issues.js';
import type { Reference } from './kinds.js';

export function checkReference(ref: Reference, nodeId: string, base: string, ctx: ValidationContext, errors: IssueList, warnings: IssueList): void {
  const path = `${base}.${ref.key}`;
  const where = { path, node_id: nodeId, key: ref.key };
  const who = nodeId === TRIGGER_NODE_ID && base === 'definition.trigger' ? 'The trigger' : `Node ${shown(nodeId)}`;
  switch (ref.kind) {
    case 'tag':
      if (!ctx.lookup.tag(String(ref.value))) errors.add({ code: 'unknown_tag', message: `${who}: no tag named ${shown(String(ref.value))} (live.tags).`, ...where });
      return;
    case 'custom_field': {
      const field = ctx.lookup.customField(String(ref.value));
      if (!field || field.archived) {
        const why = field ? 'is archived' : 'is not defined';
        errors.add({ code: 'unknown_custom_field', message: `${who}: custom field ${shown(String(ref.value))} ${why} (live.custom_fields).`, ...where });
      } else if (ref.fieldTypes && !ref.fieldTypes.includes(field.type)) {
        errors.add({ code: 'field_type_mismatch', message: `${who}: custom field ${shown(String(ref.value))} is of type ${field.type}; it needs ${ref.fieldTypes.join(' or ')}.`, ...where });
      } else if (ref.writes) {
        // The very check contacts.update runs when the flow saves the value: a misfit would be refused
        // there and the step would save nothing, so the definition is refused here instead (audit 6 K3).
        const fit = checkValue(field.type, ref.writes.value);
        if (!fit.ok) {
          errors.add({
            code: 'field_type_mismatch',
            message: `${who}: ${ref.writes.key} ${JSON.stringify(ref.writes.value)} does not fit custom field ${shown(String(ref.value))}: it ${fit.message}.`,
            path: `${base}.${ref.writes.key}`,
            node_id: nodeId,
            key: ref.writes.key,
          });
        }
      }
      return;
    }
    case 'service':
      if (!ctx.lookup.service(String(ref.value))) errors.add({ code: 'unknown_service', message: `${who}: no bookable service named ${shown(String(ref.value))} (live.services).`, ...where });
      return;
    case 'comment_trigger':
      if (!ctx.lookup.commentTrigger(Number(ref.value))) errors.add({ code: 'unknown_comment_trigger', message: `${who}: no comment trigger ${ref.value} (live.comment_triggers).`, ...where });
      return;
    case 'flow': {
      const id = Number(ref.value);
      if (ctx.flowId !== undefined && id === ctx.flowId) {
        errors.add({ code: 'goto_self', message: `${who}: goto_flow points at its own flow ${id}.`, ...where });
        return;
      }
      const flow = ctx.lookup.flow(id);
      if (!flow) errors.add({ code: 'unknown_flow', message: `${who}: no flow ${id} in this account (live.flows).`, ...where });
      else if (flow.status !== 'active') warnings.add({ code: 'target_not_active', message: `${who}: flow ${id} is ${flow.status}; people sent there only continue once it is active.`, ...where });
      return;
    }
    case 'starter':
      // A warning, not an error: starters change in the AI config, independently of the flow.
      if (!ctx.lookup.starter(String(ref.value))) {
        warnings.add({
          code: 'unknown_starter',
          message: `${who}: no conversation starter asks ${shown(String(ref.value))} (AI config starters.instagram.questions, starters.facebook.questions); the flow starts only when someone types it word for word.`,
          ...where,
        });
      }
      return;
  }
}
