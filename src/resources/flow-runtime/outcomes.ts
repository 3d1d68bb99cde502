/**
 * Which outcome (2.13 `outcomes[].key`) an `outcome_achieved` event at a node stands for, as the
 * engine emits them (./engine.ts): the API does not show the key on an event, so a pulled seed
 * names none and the loader reads it from the node. A collect_input node can reach two: its
 * first is the email or phone it collected, any next one the custom field it saved.
 */
import type { FlowNode } from '../flows/definition.js';
import type { OutcomeKey } from './schemas.js';

export function outcomeAt(node: FlowNode, earlierAtNode: number): OutcomeKey | null {
  const config = node.config as Record<string, unknown>;
  switch (node.type) {
    case 'action':
      return config['action_type'] === 'mark_lead' ? 'leads_marked' : config['action_type'] === 'set_custom_field' ? 'custom_fields_saved' : null;
    case 'collect_input': {
      const direct = config['input_type'] === 'email' ? 'emails_collected' : config['input_type'] === 'phone' ? 'phones_collected' : null;
      return direct !== null && earlierAtNode === 0 ? direct : 'custom_fields_saved';
    }
    case 'handoff':
      return 'handoffs';
    case 'book_appointment':
      return 'appointments_booked';
    case 'message':
      return 'links_clicked';
    default:
      return null;
  }
}
