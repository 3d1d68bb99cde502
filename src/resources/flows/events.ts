/** The flow events of section 6 and their payloads; when each fires is in docs/decisions.md ("Flows"). */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { FlowSummary } from './schemas.js';

const Source = z.enum(['api', 'portal']).describe('Where the change came from (the sandbox changes flows through the API).');

export const FlowPublishedPayload = z.object({
  flow: FlowSummary.describe('The flow after publishing (status active, or paused when the cap was reached).'),
  version: z.number().int().describe('The version just published.'),
  source: Source,
});

export const FlowActivatedPayload = z.object({
  flow: FlowSummary,
  version: z.number().int().nullable().describe('The published version now running.'),
  source: Source,
});

export const FlowPausedPayload = z.object({
  flow: FlowSummary,
  sessions_cancelled: z.number().int().describe('People mid-session whose sessions were cancelled.'),
  source: Source,
});

export const flowEvents = [
  defineEvent('flow.published', 'A flow draft was published as a new version (also when activate publishes one first).', 'spec', FlowPublishedPayload),
  defineEvent('flow.activated', 'A draft or paused flow became active.', 'spec', FlowActivatedPayload),
  defineEvent('flow.paused', 'An active flow was paused.', 'spec', FlowPausedPayload),
];
