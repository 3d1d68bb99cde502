/** The `flow_sessions` section of a seed account (docs/fixtures.md): wire shapes only, no logic. */
import { z } from 'zod';
import { Duration } from '../shared/schemas.js';
import { FLOW_CHANNELS } from '../flows/config-schemas.js';
import { FlowName } from '../flows/schemas.js';
import { EVENT_TYPES, INPUT_KINDS, OUTCOME_KEYS } from './schemas.js';

const NodeKey = z.string().min(1).max(64);

export const SeedFlowEvent = z
  .strictObject({
    type: z.enum(EVENT_TYPES),
    node_key: NodeKey.nullable().optional(),
    node_type: z.string().min(1).max(64).nullable().optional(),
    output_port: z.string().min(1).max(64).nullable().optional(),
    input_type: z.enum(INPUT_KINDS).nullable().optional(),
    end_reason: z.string().min(1).max(64).nullable().optional(),
    outcome: z.enum(OUTCOME_KEYS).optional().describe('outcome_achieved: which outcome (2.13 outcomes[].key).'),
    button: z.string().min(1).max(100).optional().describe('input_received with input_type button, link_clicked: the button title.'),
    ago: Duration.describe('How long before the seed time it happened.'),
  })
  .describe('One flow event (2.12); ids are given at load time, ascending with time across the account.');

export const SeedFlowSession = z
  .strictObject({
    id: z.number().int().positive().optional().describe('Keep this id (a pulled seed).'),
    flow: FlowName.describe('The name of a flow of this account with a published version.'),
    flow_version: z.number().int().positive().optional().describe('A published version of that flow; default its current one.'),
    channel: z.enum(FLOW_CHANNELS),
    platform_user_id: z.string().min(1).max(255).describe('The seeded conversation (and its contact) on that channel the session runs in.'),
    attribution: z
      .strictObject({ post_id: z.string().max(64).nullable(), comment_id: z.string().max(64).nullable(), matched_keyword: z.string().max(100).nullable() })
      .optional(),
    last_user_message_ago: Duration.nullable().optional().describe('When the customer last wrote while in the session; default never.'),
    delay_until_in: Duration.optional().describe('A delayed session: how long after the seed time its delay ends.'),
    events: z
      .array(SeedFlowEvent)
      .min(2)
      .max(500)
      .describe('Oldest first, starting with session_started; status, end_reason, current_node_id and the times are read from them.'),
  })
  .describe('A flow session with its events, as the engine would have left them.');

export type SeedFlowSessionInput = z.output<typeof SeedFlowSession>;
export type SeedFlowEventInput = z.output<typeof SeedFlowEvent>;
