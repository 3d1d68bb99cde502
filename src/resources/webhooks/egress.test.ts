/** The egress rules a delivery's connection obeys (no resolver here: what each answer means). */
import { describe, expect, it } from 'vitest';
import { classifyAddress } from './ip-ranges.js';
import { EgressRefused, isReservedName, loopbackAllowance, parsePortList, pickCheckedAddress, planEgress, planHost } from './egress.js';

describe('reserved names (RFC 2606, 6761, 7686) are never resolved', () => {
  it.each(['hooks.test', 'a.b.example', 'x.invalid', 'api.localhost', 'example.com', 'hooks.example.org', 'HOOKS.EXAMPLE.NET.', 'abc.onion'])('%s is reserved', (host) => {
    expect(isReservedName(host)).toBe(true);
  });

  it.each(['hooks.customer.com', 'example.co.uk', 'myexample.com', 'test.com', 'invalid.io', 'localhost.dev'])('%s is not', (host) => {
    expect(isReservedName(host)).toBe(false);
  });

  it('a reserved name plans as refused with the reason, before any lookup', () => {
    const plan = planEgress(new URL('https://hooks.switchboard.test/x'), true);
    expect(plan).toEqual({ kind: 'refused', reservedName: true, reason: expect.stringMatching(/hooks\.switchboard\.test is a reserved name .* never resolved/) });
  });
});

describe('address classes', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.1', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['2002:7f00:1::', 'private'], // 6to4 wrapping 127.0.0.1
    ['2002:0808:0808::1', 'private'], // 6to4 refused whatever it wraps
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'private'], // Teredo
    ['64:ff9b::a00:1', 'private'], // NAT64
    ['::7f00:1', 'private'], // deprecated IPv4-compatible form
    ['hooks.test', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('planHost: what can be decided without a lookup', () => {
  it('pins localhost names to 127.0.0.1 and checks the port', () => {
    expect(planHost('localhost', 4400, [4400])).toEqual({ kind: 'address', address: '127.0.0.1' });
    expect(planHost('api.localhost', 4400, [4400])).toEqual({ kind: 'address', address: '127.0.0.1' });
    expect(planHost('localhost', 6379, [4400])).toMatchObject({ kind: 'refused', reason: expect.stringContaining('port 6379 is not allowed') });
    expect(planHost('localhost', 4400, false)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('allowLocalWebhooks') });
  });

  it('checks address literals, bracketed or bare', () => {
    expect(planHost('[::1]', 8080, [8080])).toEqual({ kind: 'address', address: '::1' });
    expect(planHost('::1', 8080, true)).toEqual({ kind: 'address', address: '::1' });
    expect(planHost('1.1.1.1', 443, false)).toEqual({ kind: 'address', address: '1.1.1.1' });
    expect(planHost('10.0.0.1', 443, true)).toMatchObject({ kind: 'refused', reservedName: false });
  });

  it('leaves public-looking names to the resolver', () => {
    expect(planHost('127.0.0.1.nip.io', 443, false)).toEqual({ kind: 'resolve', host: '127.0.0.1.nip.io' });
  });
});

describe('pickCheckedAddress: every resolved address must be allowed', () => {
  it('returns the first address when all are public', () => {
    expect(pickCheckedAddress('hooks.customer.com', ['93.184.216.34', '2606:2800:220:1::1'], 443, false)).toBe('93.184.216.34');
  });

  it('refuses a name with any private answer, whatever the order', () => {
    for (const answers of [
      ['127.0.0.1'],
      ['93.184.216.34', '10.0.0.5'],
      ['::1', '93.184.216.34'],
    ]) {
      expect(() => pickCheckedAddress('localtest.me', answers, 443, false)).toThrow(EgressRefused);
    }
    expect(() => pickCheckedAddress('localtest.me', ['127.0.0.1'], 443, false)).toThrow(/localtest\.me resolves to 127\.0\.0\.1/);
  });

  it('allows loopback answers on the named ports only', () => {
    expect(pickCheckedAddress('dev.receiver.net', ['127.0.0.1'], 4400, [4400])).toBe('127.0.0.1');
    expect(() => pickCheckedAddress('dev.receiver.net', ['127.0.0.1'], 6379, [4400])).toThrow(/port 6379 is not allowed/);
  });

  it('refuses a name without addresses', () => {
    expect(() => pickCheckedAddress('nothing.net', [], 443, false)).toThrow(/did not resolve/);
  });
});

describe('the allowance options', () => {
  it('serve --allow-local-webhooks takes a port list', () => {
    expect(parsePortList('8080, 4400,8080')).toEqual([4400, 8080]);
    for (const bad of ['', 'all', '0', '65536', '80,x', '1.5']) expect(() => parsePortList(bad), bad).toThrow(/is not a port/);
  });

  it('the in-process option is true, false or valid ports', () => {
    expect(loopbackAllowance(undefined)).toBe(false);
    expect(loopbackAllowance(true)).toBe(true);
    expect(loopbackAllowance([9000, 80])).toEqual([80, 9000]);
    expect(() => loopbackAllowance([0])).toThrow(TypeError);
    expect(() => loopbackAllowance([3.5])).toThrow(TypeError);
  });
});
