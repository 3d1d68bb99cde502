/**
 * The stored form of a phone-channel id and the lookup that finds every spelling of one number
 * (audit 9d, D1; the public-surface proof is test/phone-recipients.test.ts). In process: pure functions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPhoneIdentity, storedPlatformUserId } from './phone-identity.js';

describe('storedPlatformUserId', () => {
  it('drops the formatting of a number on SMS and WhatsApp, keeping whether it had a leading +', () => {
    expect(storedPlatformUserId('sms', '+1 (555) 222-3333')).toBe('+15552223333');
    expect(storedPlatformUserId('sms', '(555) 222-3333')).toBe('5552223333');
    expect(storedPlatformUserId('whatsapp', '44 7700.900-555')).toBe('447700900555');
    expect(storedPlatformUserId('whatsapp', '+44 7700 900555')).toBe('+447700900555');
  });

  it('keeps plain digits, ids that are not numbers, and every id on other channels exactly as sent', () => {
    for (const id of ['+15551234567', '15551234567', '12345', 'ext-1234567', 'desk (555) 9', '+1 555 222 3333 4444 55']) {
      expect(storedPlatformUserId('sms', id), id).toBe(id);
    }
    expect(storedPlatformUserId('telegram', '+1 (555) 222-3333')).toBe('+1 (555) 222-3333');
    expect(storedPlatformUserId('instagram', '555 222 3333')).toBe('555 222 3333');
  });

  it('is idempotent: a stored id is stored as itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.constantFrom('sms', 'whatsapp', 'telegram'), (id, channel) => {
        const stored = storedPlatformUserId(channel, id);
        expect(storedPlatformUserId(channel, stored)).toBe(stored);
      }),
    );
  });
});

describe('findPhoneIdentity', () => {
  const lookupsFor = (stored: readonly string[], channel: 'sms' | 'telegram', asked: string) => {
    const asks: string[] = [];
    const found = findPhoneIdentity(channel, asked, (id) => {
      asks.push(id);
      return stored.includes(id) ? id : undefined;
    });
    return { found, asks };
  };

  it('finds a number stored plain from any spelling, in at most three exact lookups', () => {
    for (const asked of ['+1 (555) 222-3333', '1 555 222 3333', '15552223333', '+15552223333']) {
      const { found, asks } = lookupsFor(['+15552223333'], 'sms', asked);
      expect(found, asked).toBe('+15552223333');
      expect(asks.length).toBeLessThanOrEqual(3);
    }
  });

  it('tries the id as sent first (data stored before the rule), and does one lookup for other channels', () => {
    expect(lookupsFor(['+1 (555) 222-3333'], 'sms', '+1 (555) 222-3333')).toEqual({ found: '+1 (555) 222-3333', asks: ['+1 (555) 222-3333'] });
    expect(lookupsFor(['+15552223333'], 'telegram', '+1 (555) 222-3333')).toEqual({ found: undefined, asks: ['+1 (555) 222-3333'] });
    expect(lookupsFor([], 'sms', 'ext-1234567')).toEqual({ found: undefined, asks: ['ext-1234567'] });
  });
});
