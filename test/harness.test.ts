import { describe, expect, it } from 'vitest';
import { ResponseChecker } from './support/response-checker.js';
import { testSimulator } from './support/simulator.js';

describe('self-checking test simulator', () => {
  const { sim, keys } = testSimulator();
  const checker = new ResponseChecker(sim.openapi());

  it('accepts documented responses', async () => {
    const res = await sim.request({ path: '/account', key: keys.full });
    expect(res.status).toBe(200);
    expect(() => checker.check('GET', '/api/v1/account', res)).not.toThrow();
  });

  it('refuses a body that departs from the documented schema', () => {
    const bogus = { status: 200, headers: {}, body: { data: { account: { id: 'one' } } } };
    expect(() => checker.check('GET', '/api/v1/account', bogus)).toThrow(/does not match/);
  });

  it('refuses a status the operation does not document', () => {
    const bogus = { status: 409, headers: {}, body: { error: { code: 'conflict', message: 'x' } } };
    expect(() => checker.check('GET', '/api/v1/account', bogus)).toThrow(/not documented/);
  });

  it('refuses any 5xx', () => {
    const bogus = { status: 500, headers: {}, body: { error: { code: 'server_error', message: 'x' } } };
    expect(() => checker.check('GET', '/api/v1/account', bogus)).toThrow(/server error/);
  });

  it('checks error envelopes outside the documented API', () => {
    const bogus = { status: 404, headers: {}, body: { message: 'not enveloped' } };
    expect(() => checker.check('GET', '/api/v1/nope', bogus)).toThrow(/does not match/);
  });
});
