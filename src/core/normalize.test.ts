import { describe, expect, it } from 'vitest';
import { normalizeRequest } from './normalize.js';

describe('normalizeRequest headers', () => {
  it("takes a runtime's lower-case, single-string headers as they are (no copy per request)", () => {
    const headers = { host: '127.0.0.1:4010', 'content-type': 'application/json', 'x-service-api-key': 'sbx_key' };
    const normalized = normalizeRequest({ method: 'post', path: '/api/v1/contacts', headers });
    expect(normalized.headers).toBe(headers);
    expect(normalized.method).toBe('POST');
  });

  it('lower-cases names, joins repeated values and drops undefined ones otherwise', () => {
    const normalized = normalizeRequest({
      method: 'GET',
      path: '/api/v1/account',
      headers: { 'X-Service-Api-Key': 'sbx_key', 'set-cookie': ['a=1', 'b=2'], 'x-absent': undefined },
    });
    expect(normalized.headers).toEqual({ 'x-service-api-key': 'sbx_key', 'set-cookie': 'a=1, b=2' });
  });

  it('copies when any one header needs it, whatever its position', () => {
    const headers = { host: 'h', accept: 'application/json', 'X-Late': 'v' };
    const normalized = normalizeRequest({ method: 'GET', path: '/', headers });
    expect(normalized.headers).not.toBe(headers);
    expect(normalized.headers).toEqual({ host: 'h', accept: 'application/json', 'x-late': 'v' });
  });
});
