import { expectStatus, fail } from '../../runner/expect.js';
import { costOf } from '../helpers.js';
/** The event names section 6 states. */
export const STATED_EVENTS = [
    'message.received',
    'lead.captured',
    'contact.updated',
    'contact.field_changed',
    'conversation.resolved',
    'conversation.assigned',
    'appointment.booked',
    'appointment.cancelled',
    'appointment.rescheduled',
    'flow.published',
    'flow.activated',
    'flow.paused',
    'comment.handled',
    'post.scheduled',
    'post.published',
    'post.failed',
];
export const openapiChecks = [
    {
        id: 'openapi.served',
        title: '/openapi.json is served without a key as OpenAPI 3.1',
        clause: '9',
        level: 'spec',
        group: 'core',
        profile: 'read-only',
        cost: costOf(1),
        async run(ctx) {
            const response = await ctx.send({ path: '/openapi.json', key: null });
            expectStatus(response, 200, 'GET /openapi.json without a key');
            const version = response.json?.openapi;
            if (typeof version !== 'string' || !version.startsWith('3.1'))
                fail(`openapi.json: "openapi" should be 3.1.x, got ${JSON.stringify(version)}`, response);
        },
    },
    {
        id: 'openapi.webhook-events',
        title: 'x-webhook-events lists every event name section 6 states',
        clause: '6',
        level: 'spec',
        group: 'core',
        profile: 'read-only',
        cost: costOf(1),
        async run(ctx) {
            const response = await ctx.send({ path: '/openapi.json', key: null });
            expectStatus(response, 200, 'GET /openapi.json');
            const events = response.json?.['x-webhook-events'];
            if (!Array.isArray(events) || !events.every((e) => typeof e === 'string'))
                fail('openapi.json: x-webhook-events must be an array of event names', response);
            const missing = STATED_EVENTS.filter((name) => !events.includes(name));
            if (missing.length > 0)
                fail(`openapi.json: x-webhook-events leaves out ${missing.join(', ')}`, response);
        },
    },
];
//# sourceMappingURL=openapi.js.map