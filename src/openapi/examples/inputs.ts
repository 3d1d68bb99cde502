/**
 * Authored inputs for the operations whose request cannot be guessed from its schema: a file to
 * upload, a flow definition, a free slot, an item in the one state the action takes (a scheduled
 * post to unschedule), or an item the seed does not hold (a webhook endpoint). Inputs only: the
 * examples show what the simulator answered to them (./collect.ts), so nothing here is an answer,
 * and an input that stops working shows up as a missing success example
 * (test/openapi-examples.test.ts).
 */
import { ownBuffer } from '../../core/body.js';
import { base64ToBytes } from '../../resources/media/bytes.js';
import { SAMPLES } from '../../resources/media/samples.js';
import type { SynthesisContext } from './synthesize.js';

/** What an authored input may do before the example request: read, or create what it needs. */
export interface InputContext extends SynthesisContext {
  /** The `data` of a GET with a full-scope key, or undefined when it did not succeed. */
  get(path: string): Promise<unknown>;
  /** The `data` of a POST with a full-scope key, or undefined when it did not succeed. */
  post(path: string, body: unknown): Promise<unknown>;
  /** The first id of the collection a field names (`flow_id`: GET /flows). */
  seedId(field: string): Promise<number | undefined>;
}

export interface AuthoredInput {
  /** Path values (the rest are found as usual: the first item of the collection). */
  readonly params?: (context: InputContext) => Promise<Readonly<Record<string, string | number>>>;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly body?: (context: InputContext) => unknown;
  /** Requests for documented error statuses the generic probes cannot reach (./collect.ts), by status. */
  readonly errors?: Readonly<Record<number, AuthoredError>>;
}

/** The success request again, after `prepare` (which may arm a sandbox fault), with `body` changed. */
export interface AuthoredError {
  readonly summary: string;
  readonly prepare?: (context: InputContext) => Promise<unknown>;
  readonly body?: (context: InputContext, success: unknown) => unknown;
}

/** A send to the success example's conversation that the channel answers with `error` (POST /_sandbox/send-failures). */
const failedSend = (error: string, summary: string): AuthoredError => ({
  summary,
  prepare: async (context) => context.post('/_sandbox/send-failures', { conversation_id: await context.seedId('conversation_id'), error }),
  body: (_context, success) => ({ ...(success as object), idempotency_key: `send-example-${error}` }),
});

type Item = Readonly<Record<string, unknown>>;

const itemsOf = async (context: InputContext, path: string): Promise<Item[]> => {
  const data = await context.get(path);
  return Array.isArray(data) ? (data as Item[]) : [];
};

const idOf = (item: Item | undefined): number => (typeof item?.['id'] === 'number' ? item['id'] : 0);

/** A post of the seed in `status`: the one an action on that status needs. */
const postIn = (status: string) => async (context: InputContext) => ({
  id: idOf((await itemsOf(context, '/posts')).find((post) => post['status'] === status)),
});

const sampleFile = (): File => {
  const sample = SAMPLES['pricing.png'];
  return new File([ownBuffer(base64ToBytes(sample.base64))], 'pricing.png', { type: sample.mime });
};

/** The first free slot of the future date, as `{date, time}`. */
const freeSlot = async (context: InputContext) => {
  const date = context.future.slice(0, 10);
  const availability = (await context.get(`/appointments/availability?date=${date}`)) as { slots?: { time: string }[] } | undefined;
  return { date, time: availability?.slots?.[0]?.time ?? '10:00' };
};

/** A post that takes media changes: not published, not a story (a story holds one item). */
const editablePost = async (context: InputContext) => ({
  id: idOf((await itemsOf(context, '/posts')).find((post) => post['status'] !== 'published' && post['post_type'] !== 'story')),
});

/** A pending or confirmed appointment booked in the account's own zone (the one availability speaks). */
const movableAppointment = async (context: InputContext) => {
  const date = context.future.slice(0, 10);
  const availability = (await context.get(`/appointments/availability?date=${date}`)) as { timezone?: string } | undefined;
  const appointments = await itemsOf(context, '/appointments');
  const movable = appointments.find((item) => ['pending', 'confirmed'].includes(String(item['status'])) && item['timezone'] === availability?.timezone);
  return { id: idOf(movable) };
};

/** The README's lead-capture flow: a DM with "demo" starts it (and a session the sessions routes read). */
const DEMO_FLOW = {
  trigger: { source: 'dm', keywords: ['demo'], match_type: 'contains' },
  nodes: [
    { id: '1', type: 'trigger', config: {} },
    // max_retries, buttons, timeout_minutes and from_port are optional on input (defaults), but the shared FlowDefinition component is documented in output mode
    // (see docs/decisions.md, "OpenAPI examples"): sent explicitly, the example validates either way.
    { id: '2', type: 'collect_input', config: { question: 'What is your email?', input_type: 'email', variable_name: 'email', max_retries: 2 } },
    { id: '3', type: 'message', config: { text: 'Thanks, the guide is on its way to {email}.', buttons: [], timeout_minutes: 1440 } },
  ],
  edges: [
    { from: '1', to: '2', from_port: 'output_1' },
    { from: '2', to: '3', from_port: 'output_1' },
  ],
};

const flowSession = async (context: InputContext) => {
  const flow = (await context.post('/flows', { name: 'Demo lead capture', definition: DEMO_FLOW })) as Item | undefined;
  await context.post(`/flows/${idOf(flow)}/publish`, {});
  await context.post('/_sandbox/inbound', { channel: 'instagram', platform_user_id: 'demo_1', text: 'demo', name: 'Mia' });
  return { id: idOf((await itemsOf(context, '/flow-sessions'))[0]) };
};

const webhookEndpoint = async (context: InputContext) => ({
  id: idOf(
    (await context.post('/webhooks/endpoints', { name: 'CRM sync', url: 'https://hooks.example.test/switchboard', events: ['contact.updated'] })) as
      | Item
      | undefined,
  ),
});

/**
 * Operations whose success answer is not shown as an example, with why. GET /flows/nodes answers
 * with the node catalogue's own JSON Schemas (with `type` and `example` keys) as data: Spectral's
 * oas3-valid-schema-example reads those as the document's schemas and reports them.
 */
export const SUCCESS_NOT_SHOWN: Readonly<Record<string, string>> = {
  getFlowCatalogue: 'Its data is a catalogue of JSON Schemas, which schema linters read as the document’s own.',
};

export const AUTHORED_INPUTS: Readonly<Record<string, AuthoredInput>> = {
  createCustomField: { body: () => ({ field_key: 'membership_level', label: 'Membership level', type: 'text' }) },
  blockUser: { body: () => ({ ig_username: 'spam.account.example' }) },
  sendMessage: {
    body: async (context) => ({ conversation_id: await context.seedId('conversation_id'), message_text: 'Thanks! See you on Wednesday at 10:00.', idempotency_key: 'send-example-1' }),
    errors: {
      410: failedSend('recipient_opted_out', 'The channel reports the recipient opted out (armed with POST /_sandbox/send-failures)'),
      412: failedSend('not_provisioned', 'The channel is not provisioned (armed with POST /_sandbox/send-failures)'),
      503: failedSend('service_unavailable', 'The channel does not answer (armed with POST /_sandbox/send-failures)'),
    },
  },
  listRecentPosts: {
    errors: {
      409: {
        summary: 'The Instagram channel is not connected (disconnected with POST /_sandbox/channels/instagram)',
        prepare: (context) => context.post('/_sandbox/channels/instagram', { connected: false }),
      },
      503: {
        summary: 'The channel provider does not answer (armed with POST /_sandbox/recent-posts/fault)',
        prepare: (context) => context.post('/_sandbox/recent-posts/fault', { unavailable: true }),
      },
    },
  },
  updateAiChannel: { params: () => Promise.resolve({ channel: 'meta' }), body: () => ({ automation_enabled: true }) },
  uploadMedia: { body: () => ({ file: sampleFile(), name: 'Price list', category: 'pricing' }) },
  uploadPostMedia: {
    // A new carousel: the seed's editable posts are single-item types that already hold their one item.
    params: async (context) => ({
      id: idOf((await context.post('/posts', { platform: 'instagram', post_type: 'carousel', caption: 'Spring collection' })) as Item | undefined),
    }),
    body: () => ({ file: sampleFile() }),
  },
  reorderPostMedia: {
    params: editablePost,
    body: async (context) => {
      const post = (await context.get(`/posts/${(await editablePost(context)).id}`)) as { media?: Item[] } | undefined;
      return { order: (post?.media ?? []).map(idOf).reverse() };
    },
  },
  unschedulePost: { params: postIn('scheduled') },
  retryPost: { params: postIn('failed') },
  createFlow: { body: () => ({ name: 'Demo lead capture', definition: DEMO_FLOW }) },
  validateFlow: { body: () => ({ definition: DEMO_FLOW }) },
  createAppointment: {
    body: async (context) => ({
      ...(await freeSlot(context)),
      conversation_id: await context.seedId('conversation_id'),
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 555 555 0123' },
    }),
  },
  rescheduleAppointment: { params: movableAppointment, body: freeSlot },
  getFlowSession: { params: flowSession },
  listFlowSessionEvents: { params: flowSession },
  createCommentTrigger: {
    body: () => ({
      name: 'Price list requests',
      platform: 'instagram',
      keywords: ['price', 'prices'],
      response_mode: 'public_only',
      public_replies: ['Sent you the price list!'],
    }),
  },
  trackCompetitor: { body: () => ({ username: 'natgeo' }) },
  getWebhookEndpoint: { params: webhookEndpoint },
  updateWebhookEndpoint: { params: webhookEndpoint, body: () => ({ name: 'CRM sync (renamed)' }) },
  deleteWebhookEndpoint: { params: webhookEndpoint },
  rotateWebhookSecret: { params: webhookEndpoint },
  testWebhookEndpoint: { params: webhookEndpoint, body: () => ({ channel: 'meta' }) },
};
