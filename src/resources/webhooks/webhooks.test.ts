/** Webhook endpoints over HTTP (4.1, 2.27, 3.7): CRUD, governance, URL rule, limits, bad input. */
import { beforeEach, describe, expect, it } from 'vitest';
import { testSimulator, type TestSimulator } from '../../../test/support/simulator.js';
import { EVENT_NAMES } from '../index.js';

const good = {
  name: 'Orders backend',
  url: 'https://hooks.switchboard.test/switchboard',
};
const governance = { attested: true, purpose: 'Sync leads into the CRM', destination_owner: 'Atlas IT', payload_profile: 'minimal' };

interface Endpoint {
  id: number;
  enabled: boolean;
  events: string[];
  governance: { attested: boolean; complete: boolean; purpose: string | null; payload_profile: string };
  timeout_ms: number;
  max_attempts: number;
  secret_rotated_at: string | null;
  stats: { delivered: number; failed: number; last_delivered_at: string | null };
  signing_secret?: string;
}

function data<T>(body: unknown): T {
  return (body as { data: T }).data;
}
function error(body: unknown): { code: string; param?: string; message: string } {
  return (body as { error: { code: string; param?: string; message: string } }).error;
}

describe('webhook endpoints', () => {
  let t: TestSimulator;
  let admin: string;
  const create = (body: unknown, key = admin) => t.sim.request({ method: 'POST', path: '/webhooks/endpoints', key, body });
  const patch = (id: number, body: unknown, key = admin) =>
    t.sim.request({ method: 'PATCH', path: `/webhooks/endpoints/${id}`, key, body });

  beforeEach(() => {
    // Frozen, so timestamps compared below cannot straddle a second boundary.
    t = testSimulator({ clock: { frozenAt: '2026-03-02T09:00:00+00:00' } });
    admin = t.keys.admin!;
  });

  it('creates paused with a whsec_ secret shown only on create, and the documented defaults', async () => {
    const res = await create(good);
    expect(res.status).toBe(201);
    const endpoint = data<Endpoint>(res.body);
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      events: [],
      timeout_ms: 10000,
      max_attempts: 6,
      secret_rotated_at: null,
      stats: { delivered: 0, failed: 0, last_delivered_at: null },
      governance: { attested: false, complete: false, purpose: null, destination_owner: null, payload_profile: 'full' },
    });
    const read = await t.sim.request({ path: `/webhooks/endpoints/${endpoint.id}`, key: t.keys.read });
    expect(read.status).toBe(200);
    expect(data<Endpoint>(read.body).signing_secret).toBeUndefined();
    const list = await t.sim.request({ path: '/webhooks/endpoints', key: t.keys.read });
    expect(data<Endpoint[]>(list.body).map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('needs admin for writes; read keys may read', async () => {
    for (const key of [t.keys.read!, t.keys.write!]) {
      const res = await create(good, key);
      expect(res.status).toBe(403);
      expect(error(res.body).code).toBe('insufficient_scope');
    }
    expect((await create(good, t.keys.full!)).status).toBe(201);
  });

  it('refuses a 4th endpoint with 403 plan_limit_reached, and allows it again after a delete', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(data<Endpoint>((await create({ ...good, name: `n${i}` })).body).id);
    const fourth = await create(good);
    expect(fourth.status).toBe(403);
    expect(error(fourth.body).code).toBe('plan_limit_reached');
    const del = await t.sim.request({ method: 'DELETE', path: `/webhooks/endpoints/${ids[0]}`, key: admin });
    expect(del.status).toBe(200);
    expect(data(del.body)).toEqual({ id: ids[0], deleted: true });
    expect((await t.sim.request({ path: `/webhooks/endpoints/${ids[0]}`, key: admin })).status).toBe(404);
    expect((await create(good)).status).toBe(201);
  });

  it.each([
    'http://hooks.switchboard.test/x',
    'https://localhost/x',
    'https://app.localhost/x',
    'https://127.0.0.1/x',
    'https://2130706433/x',
    'https://10.1.2.3/x',
    'https://172.16.0.1/x',
    'https://192.168.1.20/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[fe80::1]/x',
    'https://[fd00::1]/x',
    'https://[::ffff:10.0.0.1]/x',
    'https://printer.local/x',
    'https://svc.internal/x',
    'https://intranet/x',
    'https://user:pass@hooks.switchboard.test/x',
    'https://hooks.switchboard.test/x#frag',
    'ftp://hooks.switchboard.test/x',
    'hooks.switchboard.test/x',
    'not a url',
    `https://hooks.switchboard.test/${'a'.repeat(2100)}`,
  ])('refuses the url %s with 400 invalid_param url', async (url) => {
    const res = await create({ ...good, url });
    expect(res.status).toBe(400);
    expect(error(res.body)).toMatchObject({ code: 'invalid_param', param: 'url' });
    const id = data<Endpoint>((await create(good)).body).id;
    const patched = await patch(id, { url });
    expect(patched.status).toBe(400);
    expect(error(patched.body).param).toBe('url');
  });

  it('accepts https on public hosts and addresses', async () => {
    for (const url of ['https://hooks.switchboard.test:8443/a?b=c', 'https://8.8.8.8/x', 'https://[2606:4700::1111]/x']) {
      const res = await create({ ...good, url });
      expect(res.status, url).toBe(201);
      await t.sim.request({ method: 'DELETE', path: `/webhooks/endpoints/${data<Endpoint>(res.body).id}`, key: admin });
    }
  });

  it('allowLocalWebhooks lets http reach loopback hosts only', async () => {
    t = testSimulator({ allowLocalWebhooks: true });
    for (const url of ['http://127.0.0.1:8080/hooks', 'http://localhost:3000/x', 'http://[::1]:9/x']) {
      const res = await create({ ...good, url });
      expect(res.status, url).toBe(201);
      await t.sim.request({ method: 'DELETE', path: `/webhooks/endpoints/${data<Endpoint>(res.body).id}`, key: admin });
    }
    for (const url of ['http://192.168.1.2/x', 'http://hooks.switchboard.test/x', 'https://10.0.0.1/x']) {
      const res = await create({ ...good, url });
      expect(res.status, url).toBe(400);
      expect(error(res.body).param).toBe('url');
    }
  });

  it('filters by known event names only: empty means all, unknown is 400 naming the item', async () => {
    const all = data<Endpoint>((await create({ ...good, events: [] })).body);
    expect(all.events).toEqual([]);
    const some = data<Endpoint>((await create({ ...good, events: ['contact.updated', 'message.received', 'contact.updated'] })).body);
    expect(some.events).toEqual(['contact.updated', 'message.received']);
    const bad = await create({ ...good, events: ['message.received', 'message.recieved'] });
    expect(bad.status).toBe(400);
    expect(error(bad.body)).toMatchObject({ code: 'invalid_param', param: 'events.1' });
    const notArray = await patch(all.id, { events: 'message.received' });
    expect(notArray.status).toBe(400);
    expect(error(notArray.body).param).toBe('events');
    const wildcard = await patch(all.id, { events: ['contact.*'] });
    expect(error(wildcard.body).param).toBe('events.0');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ governance: { purpose: 'short' } }, 'governance.purpose'],
    [{ governance: { purpose: 'x'.repeat(501) } }, 'governance.purpose'],
    [{ governance: { payload_profile: 'partial' } }, 'governance.payload_profile'],
    [{ governance: { attested: 'yes' } }, 'governance.attested'],
    [{ governance: { destination_owner: '' } }, 'governance.destination_owner'],
    [{ governance: { complete: true } }, 'governance.complete'],
    [{ timeout_ms: 999 }, 'timeout_ms'],
    [{ timeout_ms: 30001 }, 'timeout_ms'],
    [{ max_attempts: 0 }, 'max_attempts'],
    [{ max_attempts: 11 }, 'max_attempts'],
    [{ max_attempts: 2.5 }, 'max_attempts'],
    [{ enabled: true }, 'enabled'],
    [{ signing_secret: 'whsec_x' }, 'signing_secret'],
  ])('refuses bad create input %j naming %s', async (patchBody, param) => {
    const res = await create({ ...good, ...patchBody });
    expect(res.status).toBe(400);
    expect(error(res.body)).toMatchObject({ code: 'invalid_param', param });
  });

  it('refuses a bodiless or non-JSON create', async () => {
    const none = await t.sim.request({ method: 'POST', path: '/webhooks/endpoints', key: admin });
    expect(none.status).toBe(400);
    const broken = await t.sim.request({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: '{"name":' });
    expect(error(broken.body).code).toBe('invalid_json');
    const missing = await create({ name: 'x' });
    expect(error(missing.body).param).toBe('url');
  });

  it('enables only with attested governance and a purpose; governance is partial on PATCH', async () => {
    const id = data<Endpoint>((await create(good)).body).id;
    const refused = await patch(id, { enabled: true });
    expect(refused.status).toBe(422);
    expect(error(refused.body).code).toBe('governance_incomplete');

    const purposeOnly = await patch(id, { governance: { purpose: 'Sync leads into the CRM' } });
    expect(data<Endpoint>(purposeOnly.body).governance).toMatchObject({ attested: false, complete: false, purpose: 'Sync leads into the CRM' });
    expect((await patch(id, { enabled: true })).status).toBe(422);

    const attested = await patch(id, { governance: { attested: true } });
    expect(data<Endpoint>(attested.body).governance).toMatchObject({ attested: true, complete: true, purpose: 'Sync leads into the CRM', payload_profile: 'full' });
    const enabled = await patch(id, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(data<Endpoint>(enabled.body).enabled).toBe(true);

    // An enabled endpoint cannot lose its governance; pause first.
    const unattest = await patch(id, { governance: { attested: false } });
    expect(unattest.status).toBe(422);
    expect(error(unattest.body).code).toBe('governance_incomplete');
    const clear = await patch(id, { governance: { purpose: null } });
    expect(clear.status).toBe(422);
    const paused = await patch(id, { enabled: false, governance: { purpose: null } });
    expect(paused.status).toBe(200);
    expect(data<Endpoint>(paused.body)).toMatchObject({ enabled: false, governance: { complete: false, purpose: null } });

    // Enabling and completing governance in one PATCH works.
    const both = await patch(id, { enabled: true, governance: { purpose: 'Back again for the CRM' } });
    expect(both.status).toBe(200);
  });

  it('created with complete governance still starts paused and enables with one PATCH', async () => {
    const endpoint = data<Endpoint>((await create({ ...good, governance })).body);
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.governance).toMatchObject({ complete: true, payload_profile: 'minimal' });
    expect((await patch(endpoint.id, { enabled: true })).status).toBe(200);
  });

  it('refuses an empty PATCH and keeps everything not sent', async () => {
    const id = data<Endpoint>((await create({ ...good, events: ['message.received'], timeout_ms: 2000 })).body).id;
    const empty = await patch(id, {});
    expect(empty.status).toBe(400);
    expect(error(empty.body).param).toBe('body');
    const renamed = data<Endpoint>((await patch(id, { name: 'Renamed' })).body);
    expect(renamed).toMatchObject({ events: ['message.received'], timeout_ms: 2000, max_attempts: 6 });
  });

  it('rotate-secret returns a new secret once and records when', async () => {
    const created = data<Endpoint>((await create(good)).body);
    const rotated = await t.sim.request({ method: 'POST', path: `/webhooks/endpoints/${created.id}/rotate-secret`, key: admin, body: {} });
    expect(rotated.status).toBe(200);
    const after = data<Endpoint>(rotated.body);
    expect(after.signing_secret).toMatch(/^whsec_/);
    expect(after.signing_secret).not.toBe(created.signing_secret);
    expect(after.secret_rotated_at).toBe(t.sim.clock.iso());
    const read = data<Endpoint>((await t.sim.request({ path: `/webhooks/endpoints/${created.id}`, key: admin })).body);
    expect(read.signing_secret).toBeUndefined();
    expect(read.secret_rotated_at).toBe(after.secret_rotated_at);
    const extra = await t.sim.request({ method: 'POST', path: `/webhooks/endpoints/${created.id}/rotate-secret`, key: admin, body: { x: 1 } });
    expect(extra.status).toBe(400);
  });

  it("answers 404 for another account's endpoint and for non-numeric ids", async () => {
    const mine = data<Endpoint>((await create(good)).body).id;
    const other = t.accounts[1]!.keys.admin!;
    const calls = [
      { method: 'GET', path: `/webhooks/endpoints/${mine}` },
      { method: 'PATCH', path: `/webhooks/endpoints/${mine}`, body: { name: 'x' } },
      { method: 'DELETE', path: `/webhooks/endpoints/${mine}` },
      { method: 'POST', path: `/webhooks/endpoints/${mine}/rotate-secret`, body: {} },
      { method: 'POST', path: `/webhooks/endpoints/${mine}/test`, body: {} },
      { method: 'GET', path: '/webhooks/endpoints/abc' },
      { method: 'GET', path: '/webhooks/endpoints/999999' },
    ];
    for (const call of calls) {
      const res = await t.sim.request({ ...call, key: other });
      expect(res.status, `${call.method} ${call.path}`).toBe(404);
      expect(error(res.body).code).toBe('not_found');
    }
    expect(data<Endpoint[]>((await t.sim.request({ path: '/webhooks/endpoints', key: other })).body)).toEqual([]);
  });

  it('GET /account lists endpoints with every 2.27 field, event_filters for events, envelope_style, no secret', async () => {
    const endpoint = data<Endpoint>((await create({ ...good, events: ['message.received'] })).body);
    const res = await t.sim.request({ path: '/account', key: t.keys.read });
    const summary = data<{ webhooks: { endpoints: unknown[] } }>(res.body);
    // 2.27 names two differences only: `events` is `event_filters`, and `envelope_style` is added.
    const { events, signing_secret: _secret, ...fields } = endpoint as Endpoint & { signing_secret?: string };
    expect(events).toEqual(['message.received']);
    expect(summary.webhooks.endpoints).toEqual([{ ...fields, event_filters: ['message.received'], envelope_style: 'standard_webhooks' }]);
    expect(Object.keys(summary.webhooks.endpoints[0] as object).sort()).toEqual(
      ['created_at', 'enabled', 'envelope_style', 'event_filters', 'governance', 'id', 'max_attempts', 'name', 'secret_rotated_at', 'stats', 'timeout_ms', 'updated_at', 'url'],
    );
    const other = await t.sim.request({ path: '/account', key: t.accounts[1]!.keys.read });
    expect(data<{ webhooks: { endpoints: unknown[] } }>(other.body).webhooks.endpoints).toEqual([]);
  });

  it('documents every event under x-webhook-events and OpenAPI webhooks with a schema each', () => {
    const doc = t.sim.openapi() as unknown as {
      'x-webhook-events': string[];
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref?: string; anyOf?: { $ref: string }[] } }> } } }>;
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc['x-webhook-events']).toEqual([...EVENT_NAMES]);
    expect(doc['x-webhook-events']).toContain('webhook.test');
    for (const name of EVENT_NAMES) {
      // One payload schema, or the full and the minimal profile's (anyOf) where they differ.
      const schema = doc.webhooks[name]!.post.requestBody.content['application/json']!.schema;
      const refs = schema.$ref !== undefined ? [schema.$ref] : (schema.anyOf ?? []).map((option) => option.$ref);
      expect(refs.length, name).toBeGreaterThan(0);
      for (const ref of refs) expect(doc.components.schemas[ref.replace('#/components/schemas/', '')], name).toBeDefined();
    }
    expect(Object.keys(doc.paths['/webhooks/endpoints/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.components.schemas['WebhookEndpoint']).toBeDefined();
  });
});
