/**
 * Query parameters a route reads, sent twice, are refused by name; ids in list filters start at 1
 * (audit 10c F1, F2; docs/decisions.md "A repeated query parameter is refused by name").
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

const errorOf = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;
const listOf = (res: { body: unknown }) => (res.body as { data: unknown[] }).data;

describeRuntimes('repeated query parameters and filter ids', (api) => {
  const get = (path: string, key = api().keys.full) => api().call({ method: 'GET', path, key });

  it('a paging or filter parameter sent twice is 400 invalid_param naming it, whatever the values', async () => {
    for (const [path, param] of [
      ['/contacts?limit=1&limit=2', 'limit'],
      ['/contacts?limit=abc&limit=2', 'limit'],
      ['/contacts?channel=sms&channel=telegram', 'channel'],
      ['/contacts?channel=sms&stage=new&stage=new', 'stage'],
      ['/conversations?starting_after=x&starting_after=y', 'starting_after'],
      ['/appointments?conversation_id=1&conversation_id=2', 'conversation_id'],
      ['/flow-events?type=node_entered&type=node_exited', 'type'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(errorOf(res), path).toMatchObject({ code: 'invalid_param', param });
    }
  });

  it('a parameter the route does not read stays ignored when repeated, as any unknown one is', async () => {
    const plain = await get('/contacts?channel=sms');
    const tracked = await get('/contacts?channel=sms&utm_source=a&utm_source=b');
    expect(tracked.status).toBe(200);
    expect(listOf(tracked)).toEqual(listOf(plain));
    // A whole-set list reads no paging parameters, so repeating them changes nothing either.
    expect((await get('/tags?limit=1&limit=2')).status).toBe(200);
  });

  it('a repeat is judged after authentication: without a key it is still 401', async () => {
    const res = await api().call({ method: 'GET', path: '/contacts?limit=1&limit=2' });
    expect(res.status).toBe(401);
  });

  it('an id filter of 0 or of 16 digits is 400 naming it; 1 to 15 digits are ids', async () => {
    for (const [route, param] of [
      ['/appointments', 'conversation_id'],
      ['/flow-sessions', 'flow_id'],
      ['/flow-sessions', 'contact_id'],
      ['/flow-events', 'flow_id'],
      ['/flow-events', 'flow_session'],
    ] as const) {
      for (const value of ['0', '00', '01', '1234567890123456']) {
        const res = await get(`${route}?${param}=${value}`);
        expect(res.status, `${route} ${param}=${value}`).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'invalid_param', param });
      }
    }
    expect((await get('/appointments?conversation_id=999999999999999')).status).toBe(200);
  });

  it('fuzz: any parameter list with a read parameter repeated is 400 naming that parameter, never 5xx', async () => {
    const names = ['limit', 'starting_after', 'channel', 'stage', 'tag', 'email', 'phone', 'name', 'updated_since'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(fc.tuple(fc.constantFrom(...names, 'utm_source', 'ref'), fc.string({ maxLength: 8 })), { maxLength: 4 }),
        fc.string({ maxLength: 8 }),
        fc.string({ maxLength: 8 }),
        async (repeated, others, first, second) => {
          const params = new URLSearchParams();
          for (const [name, value] of others) if (name !== repeated) params.append(name, value);
          params.append(repeated, first);
          params.append(repeated, second);
          const res = await get(`/contacts?${params.toString()}`);
          expect(res.status).toBe(400);
          expect(errorOf(res).code).toBe('invalid_param');
          const named = errorOf(res).param;
          // Another, earlier repeated name may be the one named; it is always a read parameter sent twice.
          expect(params.getAll(named ?? '').length).toBeGreaterThan(1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
