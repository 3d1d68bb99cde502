/** Redaction for seed pull: no input value survives default redaction; fakes are consistent and keep formats. */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeedContact } from '../resources/contacts/seed.js';
import { Redactor, redactionRules } from './redact.js';

const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: 6, maxLength: 20 });
const phone = fc.integer({ min: 2_000_000_000, max: 9_999_999_999 }).map((n) => `+1${n}`);
const contact = fc.record({
  channel: fc.constant('sms'),
  platform_user_id: phone,
  name: fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
  email: fc.tuple(word, word).map(([a, b]) => `${a}@${b}.com`.toLowerCase()),
  phone,
  notes: fc.array(word, { minLength: 2, maxLength: 5 }).map((words) => words.join(' ')),
  ig_username: word,
  custom_fields: fc.record({ birthday: fc.constant('1990-04-12'), store: word }),
});

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, out));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => strings(item, out));
  return out;
}

const sentence = fc.array(word, { minLength: 2, maxLength: 6 }).map((words) => words.join(' '));
/** The values of the groups added with webhooks, AI configuration, media and market: each one must not survive. */
const newGroupSections = fc.record({
  webhook_endpoints: fc.array(
    fc.record({
      name: fc.constant('Orders'),
      url: word.map((host) => `https://${host.toLowerCase()}.example.com/hooks`),
      governance: fc.record({ attested: fc.constant(true), purpose: sentence, destination_owner: sentence, payload_profile: fc.constant('full') }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  ai_config: fc.record({
    identity: fc.record({
      instructions: sentence,
      welcome_message: sentence,
      website_url: word.map((host) => `https://${host.toLowerCase()}.example.com/`),
      business_contact_email: fc.tuple(word, word).map(([a, b]) => `${a}@${b}.com`.toLowerCase()),
      business_contact_phone: phone,
    }),
    starters: fc.record({ instagram: fc.record({ questions: fc.array(sentence, { minLength: 1, maxLength: 4 }) }), facebook: fc.record({ questions: fc.array(sentence, { maxLength: 4 }) }) }),
    csat: fc.record({ custom_message: sentence }),
    comment_ai: fc.record({ instructions: sentence, dm_message: sentence.map((text) => `Hi {name}, ${text}`) }),
  }),
  media: fc.array(fc.record({ name: sentence, description: sentence }), { maxLength: 4 }),
  market: fc.record({ profile: fc.record({ username: word.map((handle) => `${handle.toLowerCase()}.shop`) }) }),
  handled_comments: fc.array(
    fc.record({
      text: sentence,
      comment_id: word.map((id) => `c_${id}`),
      commenter_id: word,
      commenter_username: word.map((name) => name.toLowerCase()),
      draft: sentence,
      sent_text: sentence,
      dm_text: sentence,
    }),
    { maxLength: 4 },
  ),
});

describe('default redaction', () => {
  it('covers webhook endpoints, AI configuration, media, the market handle and handled comments: no input value survives (property)', () => {
    fc.assert(
      fc.property(newGroupSections, (sections) => {
        const redactor = new Redactor(randomBytes(32));
        const output = JSON.stringify({
          webhook_endpoints: sections.webhook_endpoints.map((row) => redactor.section('webhook_endpoints', row, true)),
          ai_config: redactor.section('ai_config', sections.ai_config, false),
          media: redactor.section('media', sections.media, false),
          market: redactor.section('market', sections.market, false),
          handled_comments: redactor.section('handled_comments', sections.handled_comments, false),
        });
        const configuration = new Set(['Orders', 'full']);
        for (const value of strings(sections)) if (!configuration.has(value)) expect(output).not.toContain(value);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps template placeholders in redacted text, so a DM still names the commenter', () => {
    const redactor = new Redactor(randomBytes(32));
    const out = redactor.fake('text', 'Hi {name}, thanks for the comment! See {{first_name}} soon.') as string;
    expect(out).toContain('{name}');
    expect(out).toContain('{{first_name}}');
    expect(out).not.toContain('thanks');
    expect(out.length).toBe('Hi {name}, thanks for the comment! See {{first_name}} soon.'.length);
  });

  it('lets no personal input value survive anywhere in the output (property)', () => {
    fc.assert(
      fc.property(fc.array(contact, { minLength: 1, maxLength: 5 }), (contacts) => {
        const redactor = new Redactor(randomBytes(32));
        const output = JSON.stringify(contacts.map((row) => redactor.section('contacts', row, true)));
        for (const row of contacts) {
          for (const value of strings({ ...row, channel: undefined })) expect(output).not.toContain(value);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps formats, so the redacted record is still a valid seed contact', () => {
    fc.assert(
      fc.property(contact, (row) => {
        const redacted = new Redactor(randomBytes(32)).section('contacts', row, true) as typeof row;
        expect(redacted.phone).toMatch(/^\+[1-9]\d{10}$/);
        expect(redacted.platform_user_id).toMatch(/^\+[1-9]\d{10}$/);
        expect(redacted.custom_fields.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(redacted.notes.length).toBe(row.notes.length);
        expect(SeedContact.safeParse(redacted).success).toBe(true);
      }),
    );
  });

  it('is consistent within a pull (same input, same fake; a phone with or without + alike) and differs across pulls', () => {
    const key = randomBytes(32);
    const a = new Redactor(key);
    const b = new Redactor(key);
    expect(a.fake('id', '+447700900121')).toBe(`+${String(b.fake('id', '447700900121'))}`);
    expect(a.fake('name', 'Grace Kim')).toBe(b.fake('name', 'Grace Kim'));
    expect(a.fake('email', 'dana@atlas.com')).toBe(b.fake('email', 'dana@atlas.com'));
    expect(new Redactor(randomBytes(32)).fake('text', 'a fairly long secret note')).not.toBe(a.fake('text', 'a fairly long secret note'));
  });

  it('a rules file keeps or replaces chosen paths', () => {
    const rules = redactionRules({ keep: ['contacts[].notes'], replace: { 'contacts[].lead_temperature': 'text' } });
    const out = new Redactor(randomBytes(32), rules).section('contacts', { notes: 'keep me', lead_temperature: 'warm', name: 'Ann Lee' }, true) as Record<string, string>;
    expect(out['notes']).toBe('keep me');
    expect(out['lead_temperature']).not.toBe('warm');
    expect(out['name']).not.toBe('Ann Lee');
  });
});
