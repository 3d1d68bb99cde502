/** Our Standard Webhooks signer and verifier, each checked against the `standardwebhooks` package. */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSecret, secretKey, sign, signatureHeader } from './signing.js';
import { verifyWebhook } from './verify.js';

const body = JSON.stringify({ id: 'evt_00000001', type: 'message.received', data: { text: 'héllo ✓' } });

describe('Standard Webhooks signing', () => {
  it('generates whsec_ secrets of 32 random key bytes', () => {
    const a = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKey(a)).toHaveLength(32);
    expect(generateSecret()).not.toBe(a);
  });

  it('signs exactly as the standardwebhooks package does', async () => {
    for (let i = 0; i < 5; i++) {
      const secret = generateSecret();
      const at = new Date(1_772_442_000_000 + i * 1000);
      const ours = await sign(secret, `evt_${i}`, Math.floor(at.getTime() / 1000), body);
      expect(ours).toBe(new Webhook(secret).sign(`evt_${i}`, at, body));
    }
  });

  it('puts one signature per secret in the header, and the package accepts either secret', async () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    const timestamp = Math.floor(Date.now() / 1000);
    const header = await signatureHeader([current, previous], 'evt_9', timestamp, body);
    expect(header.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': 'evt_9', 'webhook-timestamp': String(timestamp), 'webhook-signature': header };
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ id: 'evt_00000001' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ id: 'evt_00000001' });
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  });

  it('verifies what the package signs, and refuses tampering, other secrets and stale timestamps', async () => {
    const secret = generateSecret();
    const now = Date.now();
    const at = new Date(now);
    const headers = {
      'Webhook-Id': 'evt_1',
      'Webhook-Timestamp': String(Math.floor(now / 1000)),
      'Webhook-Signature': `v2,abc ${new Webhook(secret).sign('evt_1', at, body)}`,
    };
    expect(await verifyWebhook([secret], headers, body, { nowMs: now })).toMatchObject({ ok: true, webhookId: 'evt_1', secretIndex: 0 });
    expect(await verifyWebhook([generateSecret(), secret], headers, body, { nowMs: now })).toMatchObject({ ok: true, secretIndex: 1 });
    expect((await verifyWebhook([secret], headers, `${body} `, { nowMs: now })).ok).toBe(false);
    expect((await verifyWebhook([generateSecret()], headers, body, { nowMs: now })).ok).toBe(false);
    expect(await verifyWebhook([secret], headers, body, { nowMs: now + 6 * 60_000 })).toEqual({ ok: false, reason: 'webhook-timestamp is too old' });
    expect(await verifyWebhook([secret], headers, body, { nowMs: now - 6 * 60_000 })).toEqual({ ok: false, reason: 'webhook-timestamp is in the future' });
    expect((await verifyWebhook([secret], { 'webhook-id': 'x' }, body, { nowMs: now })).ok).toBe(false);
    expect((await verifyWebhook(['whsec_!!!'], headers, body, { nowMs: now })).ok).toBe(false);
  });
});
