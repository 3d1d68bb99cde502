/**
 * Events that section 6 names for groups that have not landed yet (posts). Section 6 says the OpenAPI description lists every event name under
 * `x-webhook-events`, and `POST /_sandbox/events` lets a receiver be exercised with any of them,
 * so they are declared here until their group arrives and declares them in its own `events.ts`
 * (and deletes them from this list). When the list is empty, this folder and its registry line go.
 */
import { z } from 'zod';
import { defineGroup } from '../../groups/define.js';
import { defineEvent } from '../../groups/events.js';

/** Shape not yet fixed: the group that emits the event defines it. */
const Undecided = z.record(z.string(), z.unknown());

export const upcomingGroup = defineGroup({
  name: 'upcoming',
  description: 'Section 6 events of groups still to land (posts).',
  needs: [],
  model: () => ({}),
  events: [
    defineEvent('post.scheduled', 'A post was scheduled.', 'spec', Undecided),
    defineEvent('post.published', 'A post was published.', 'spec', Undecided),
    defineEvent('post.failed', 'A post failed to publish.', 'spec', Undecided),
  ],
});
