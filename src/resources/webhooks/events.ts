/** The webhooks group's own event: the sample POST .../test sends (never journaled). */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { TEST_EVENT_TYPE } from './dispatcher.js';

export const webhookEvents = [
  defineEvent(
    TEST_EVENT_TYPE,
    'A sample event sent by POST /webhooks/endpoints/{id}/test only (never journaled; docs/webhooks.md).',
    'assumption',
    z.object({
      endpoint_id: z.number().int(),
      channel: z.string().describe('The `channel` of the test request (default `meta`).'),
      sample: z.literal(true),
      text: z.string().optional().describe('Sample message text; left out by the `minimal` payload profile.'),
    }),
  ),
];
