/**
 * 4.7: `live.services` and the services a flow's `book_appointment` node may name are the
 * account's bookable services: the knowledge base's active services (2.19), the same list the
 * AI configuration shows as `booking.bookable_services` and appointments book by name.
 */
import { describe, expect, it } from 'vitest';
import { data, errorOf, triggerNode, type Graph, type Json } from './support/flow-graphs.js';
import { testSimulator } from './support/simulator.js';

const booking = (service: string | undefined, keyword = 'fitme'): Graph => ({
  trigger: { source: 'dm', keywords: [keyword], match_type: 'exact' },
  nodes: [triggerNode, { id: '2', type: 'book_appointment', config: service === undefined ? {} : { service } }],
  edges: [{ from: '1', to: '2' }],
});

describe('bookable services in flows', () => {
  it('live.services lists the active services of the account, as the AI configuration does', async () => {
    const { sim, keys } = testSimulator();
    const { live } = data<{ live: { services: Json[] } }>(await sim.request({ path: '/flows/nodes', key: keys.read }));
    const services = data<Json[]>(await sim.request({ path: '/knowledge/services', key: keys.read, query: { limit: 100 } }));
    expect(services.length).toBeGreaterThan(0);
    const byId = (a: Json, b: Json) => Number(a['id']) - Number(b['id']);
      expect([...live.services].sort(byId)).toEqual(services.filter((s) => s['active'] === true).map((s) => ({ id: s['id'], name: s['name'], duration_minutes: s['duration_minutes'] ?? 30 })).sort(byId));
    const booking = data<{ booking: { bookable_services: Json[] } }>(await sim.request({ path: '/ai/config', key: keys.admin }));
    expect(live.services.map((s) => s['name'])).toEqual(booking.booking.bookable_services.map((s) => s['name']));
    expect(live.services.map((s) => s['name'])).toContain('Boot fitting');
  });

  it('a book_appointment node may name a bookable service (trimmed, any case); an inactive or unknown one is unknown_service', async () => {
    const { sim, keys } = testSimulator();
    const validate = async (graph: Graph) => data<{ valid: boolean; errors: Json[] }>(await sim.request({ method: 'POST', path: '/flows/validate', key: keys.write, body: { definition: graph } }));
    const services = data<Json[]>(await sim.request({ path: '/knowledge/services', key: keys.read, query: { limit: 100 } })).filter((s) => s['active'] === true);
    const name = String(services[0]!['name']);
    const inactive = data<Json[]>(await sim.request({ path: '/knowledge/services', key: keys.read, query: { limit: 100 } })).find((s) => s['active'] === false);
    expect(inactive).toBeDefined();
    expect((await validate(booking(String(inactive!['name'])))).errors).toEqual([expect.objectContaining({ code: 'unknown_service' })]);
    expect(await validate(booking(name))).toMatchObject({ valid: true, errors: [] });
    expect(await validate(booking(` ${name.toUpperCase()} `))).toMatchObject({ valid: true });
    expect(await validate(booking(undefined))).toMatchObject({ valid: true });
    expect((await validate(booking('No such service'))).errors).toEqual([expect.objectContaining({ code: 'unknown_service', node_id: '2', key: 'service' })]);

    const created = await sim.request({ method: 'POST', path: '/flows', key: keys.full, body: { name: 'Fitting', definition: booking(name) } });
    expect(created.status).toBe(201);

    // Deactivated: no longer bookable, so no longer nameable.
    const id = services[0]!['id'];
    expect((await sim.request({ method: 'PATCH', path: `/knowledge/services/${id}`, key: keys.write, body: { active: false } })).status).toBe(200);
    expect((await validate(booking(name))).errors).toEqual([expect.objectContaining({ code: 'unknown_service' })]);
    const refused = await sim.request({ method: 'POST', path: '/flows', key: keys.full, body: { name: 'Fitting 2', definition: booking(name, 'fit2') } });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).code).toBe('invalid_definition');

    // A new service is nameable at once.
    const added = await sim.request({ method: 'POST', path: '/knowledge/services', key: keys.write, body: { name: 'Sole repair', price: 20, duration_minutes: 20 } });
    expect(added.status).toBe(201);
    expect(await validate(booking('Sole repair'))).toMatchObject({ valid: true });
  });

  it("another account's services are not nameable", async () => {
    const { sim, keys, accounts } = testSimulator();
    const mine = data<Json[]>(await sim.request({ path: '/knowledge/services', key: keys.read, query: { limit: 100 } })).map((s) => String(s['name']));
    const other = accounts.find((account) => account.id !== accounts[0]!.id)!;
    const theirs = data<Json[]>(await sim.request({ path: '/knowledge/services', key: other.keys.read!, query: { limit: 100 } })).map((s) => String(s['name']));
    const foreign = theirs.find((name) => !mine.some((own) => own.toLowerCase() === name.toLowerCase()));
    expect(foreign).toBeDefined();
    const result = data<{ errors: Json[] }>(await sim.request({ method: 'POST', path: '/flows/validate', key: keys.write, body: { definition: booking(foreign) } }));
    expect(result.errors).toEqual([expect.objectContaining({ code: 'unknown_service' })]);
  });
});
