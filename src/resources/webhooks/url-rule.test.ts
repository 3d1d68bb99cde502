/** The webhook URL rule: https on a public host; loopback http only when allowed. */
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from './url-rule.js';

describe('checkWebhookUrl', () => {
  it.each([
    'https://hooks.switchboard.test/x',
    'https://hooks.switchboard.test./x',
    'https://a.b.example.co.uk:8443/path?q=1',
    'https://1.1.1.1/x',
    'https://172.32.0.1/x',
    'https://[2001:4860:4860::8888]/x',
  ])('accepts %s', (url) => {
    expect(checkWebhookUrl(url, false)).toMatchObject({ ok: true });
  });

  it.each([
    ['http://hooks.switchboard.test/x', /https/],
    ['https://localhost/x', /public|local/],
    ['https://localhost./x', /public|local/],
    ['https://127.0.0.2/x', /public/],
    ['https://0x7f.0.0.1/x', /public/],
    ['https://017700000001/x', /public/],
    ['https://192.0.2.1/x', /public/],
    ['https://224.0.0.1/x', /public/],
    ['https://255.255.255.255/x', /public/],
    ['https://[::]/x', /public/],
    ['https://[::ffff:127.0.0.1]/x', /public/],
    ['https://[64:ff9b::a00:1]/x', /public/],
    ['https://[fec0::1]/x', /public/],
    ['https://[ff02::1]/x', /public/],
    ['https://[2001:db8::1]/x', /public/],
    ['https://kubernetes.default.svc.internal/x', /internal/],
    ['https://nas.home.arpa/x', /internal/],
    ['https://localhost.localdomain/x', /internal/],
    ['https://[2002:7f00:1::]/x', /public/], // 6to4 wrapping 127.0.0.1
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x', /public/], // Teredo
    ['https://[::7f00:1]/x', /public/], // IPv4-compatible form
    ['https://metadata/x', /fully qualified/],
    ['https://:pw@hooks.switchboard.test/x', /credentials/],
    ['javascript:alert(1)', /https/],
    ['//hooks.switchboard.test/x', /absolute/],
  ])('refuses %s', (url, reason) => {
    const verdict = checkWebhookUrl(url, false);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });

  it('names the option when a loopback URL is refused', () => {
    const verdict = checkWebhookUrl('http://127.0.0.1:4400/x', false);
    expect(verdict).toMatchObject({ ok: false });
    if (!verdict.ok) expect(verdict.reason).toContain('allowLocalWebhooks');
  });

  it('with allowLocal accepts http and https to loopback only', () => {
    for (const url of ['http://127.0.0.1:4400/x', 'http://127.9.9.9/x', 'https://localhost/x', 'http://api.localhost/x', 'http://[::1]:1/x', 'http://[::ffff:127.0.0.1]/x']) {
      expect(checkWebhookUrl(url, true), url).toMatchObject({ ok: true });
    }
    for (const url of ['http://10.0.0.1/x', 'http://example.com/x', 'http://printer.local/x', 'http://user:pw@127.0.0.1/x']) {
      expect(checkWebhookUrl(url, true).ok, url).toBe(false);
    }
  });

  it('with named ports accepts loopback on those ports only', () => {
    expect(checkWebhookUrl('http://127.0.0.1:4400/x', [4400, 8080])).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://localhost:8080/x', [4400, 8080])).toMatchObject({ ok: true });
    for (const url of ['http://127.0.0.1:6379/', 'http://127.0.0.1/x', 'https://[::1]/x']) {
      const verdict = checkWebhookUrl(url, [4400, 8080]);
      expect(verdict.ok, url).toBe(false);
      if (!verdict.ok) expect(verdict.reason).toMatch(/allowed on ports 4400, 8080 only/);
    }
  });

  it('returns the normalised URL', () => {
    expect(checkWebhookUrl('HTTPS://Hooks.Switchboard.TEST/a b', false)).toEqual({ ok: true, url: 'https://hooks.switchboard.test/a%20b' });
  });

  it('plainHttp (a flow http_request) accepts http to a public host and keeps every other refusal, without the local-receiver hint', () => {
    expect(checkWebhookUrl('http://hooks.switchboard.test/x', false, { plainHttp: true })).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://169.254.169.254/latest', false, { plainHttp: true })).toMatchObject({ ok: false, reason: expect.stringMatching(/public/) });
    expect(checkWebhookUrl('http://u:p@hooks.switchboard.test/x', false, { plainHttp: true })).toMatchObject({ ok: false, reason: expect.stringMatching(/credentials/) });
    const loopback = checkWebhookUrl('http://127.0.0.1:8080/x', false, { plainHttp: true, localHint: false });
    expect(loopback).toMatchObject({ ok: false, reason: expect.stringMatching(/public/) });
    expect(JSON.stringify(loopback)).not.toMatch(/allowLocalWebhooks/);
  });
});
