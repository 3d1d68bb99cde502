/**
 * Redaction for `seed pull` (docs/seed-pull.md): personal values are replaced by fakes that are
 * consistent within one pull (a keyed hash, HMAC-SHA256 with a random per-pull key, so the same
 * input always gives the same fake and relations and duplicates survive) and keep their format
 * (a phone stays E.164 with as many digits, an email stays an email, a platform user id keeps
 * its length and character classes, a date stays a date). No mapping is kept anywhere: only the
 * key, and only in the resume state file, which is removed when the pull completes.
 *
 * Paths name seed fields: `contacts[].email`, `conversations[].messages[].text`,
 * `contacts[].custom_fields.*` (`*` is any one key). A rules file keeps or replaces chosen paths.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';

export const FAKE_KINDS = ['name', 'text', 'email', 'phone', 'id', 'username', 'url', 'date', 'value'] as const;
export type FakeKind = (typeof FAKE_KINDS)[number];

/** What default redaction replaces: people's names, contact details, platform ids and free text. */
export const DEFAULT_REDACTION: Readonly<Record<string, FakeKind>> = {
  business_name: 'name',
  'contacts[].name': 'name',
  'contacts[].email': 'email',
  'contacts[].phone': 'phone',
  'contacts[].platform_user_id': 'id',
  'contacts[].ig_username': 'username',
  'contacts[].profile_pic_url': 'url',
  'contacts[].notes': 'text',
  'contacts[].custom_fields.*': 'value',
  'team[].name': 'name',
  'team[].email': 'email',
  'team[].avatar_url': 'url',
  'invitations[].name': 'name',
  'invitations[].email': 'email',
  'conversations[].name': 'name',
  'conversations[].platform_user_id': 'id',
  'conversations[].messages[].text': 'text',
  'conversations[].messages[].sender_name': 'name',
  'blocked_users[].platform_user_id': 'id',
  'blocked_users[].ig_username': 'username',
  'blocked_users[].display_name': 'name',
  'opt_outs[].platform_user_id': 'id',
  // A flow session names its conversation by the person's platform id (faked as the conversation's is).
  'flow_sessions[].platform_user_id': 'id',
  // Knowledge gaps quote customers and the AI's answers to them; FAQs and services are the business's own configuration.
  'appointments[].customer.name': 'name',
  'appointments[].customer.email': 'email',
  'appointments[].customer.phone': 'phone',
  'appointments[].customer.address': 'text',
  'appointments[].conversation.platform_user_id': 'id',
  'appointments[].notes': 'text',
  'appointments[].vehicle_info': 'text',
  'knowledge.gaps[].user_message': 'text',
  'knowledge.gaps[].ai_response': 'text',
  'knowledge.gaps[].suggested_answer': 'text',
  // Webhook receivers: where the account's data goes and who owns it (a redacted URL also keeps a
  // pulled sandbox from delivering to the real receiver); names and event filters are configuration.
  'webhook_endpoints[].url': 'url',
  'webhook_endpoints[].governance.purpose': 'text',
  'webhook_endpoints[].governance.destination_owner': 'text',
  // The AI's free text (instructions, welcome, starters, CSAT and comment texts) and the business's contact details.
  'ai_config.identity.instructions': 'text',
  'ai_config.identity.welcome_message': 'text',
  'ai_config.identity.website_url': 'url',
  'ai_config.identity.business_contact_email': 'email',
  'ai_config.identity.business_contact_phone': 'phone',
  'ai_config.starters.instagram.questions[]': 'text',
  'ai_config.starters.facebook.questions[]': 'text',
  'ai_config.csat.custom_message': 'text',
  'ai_config.comment_ai.instructions': 'text',
  'ai_config.comment_ai.dm_message': 'text',
  // Media names and captions describe customers' pictures; the account's own handle names the business.
  'media[].name': 'text',
  'media[].description': 'text',
  'market.profile.username': 'username',
  // Handled comments: what commenters wrote, who they are, and the replies and DMs that name them.
  'handled_comments[].text': 'text',
  'handled_comments[].comment_id': 'id',
  'handled_comments[].commenter_id': 'id',
  'handled_comments[].commenter_username': 'username',
  'handled_comments[].draft': 'text',
  'handled_comments[].sent_text': 'text',
  'handled_comments[].dm_text': 'text',
};

/** A rules file: paths to keep as they are, and paths to replace (by kind), on top of the defaults. */
export const RedactionRulesFile = z.strictObject({
  keep: z.array(z.string().min(1)).default([]),
  replace: z.record(z.string().min(1), z.enum(FAKE_KINDS)).default({}),
});
export type RedactionRulesFile = z.output<typeof RedactionRulesFile>;

export function redactionRules(file?: RedactionRulesFile): Map<string, FakeKind> {
  const rules = new Map<string, FakeKind>(Object.entries(DEFAULT_REDACTION));
  for (const path of file?.keep ?? []) rules.delete(path);
  for (const [path, kind] of Object.entries(file?.replace ?? {})) rules.set(path, kind);
  return rules;
}

const FIRST = ['Avery', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Quinn', 'Rowan', 'Skyler', 'Harper', 'Emerson', 'Finley', 'Sage', 'Reese', 'Dakota', 'Parker', 'Hayden'];
const LAST = ['Moss', 'Vale', 'Hart', 'Lane', 'Brook', 'Stone', 'Field', 'Reed', 'Wells', 'Frost', 'Marsh', 'Gale', 'Fox', 'Park', 'Ash', 'Cole'];
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

export class Redactor {
  private readonly rules: Map<string, FakeKind>;
  private readonly patterns: { parts: string[]; kind: FakeKind }[];

  constructor(private readonly key: Buffer, rules: Map<string, FakeKind> = redactionRules()) {
    this.rules = rules;
    this.patterns = [...rules].map(([path, kind]) => ({ parts: splitPath(path), kind }));
  }

  /** A seed section's value (a field's value, or one item of an array field) with its personal values replaced. */
  section(field: string, value: unknown, isItem: boolean): unknown {
    return this.walk(isItem ? [field + '[]'] : [field], value);
  }

  private kindAt(parts: readonly string[]): FakeKind | undefined {
    for (const pattern of this.patterns) {
      if (pattern.parts.length === parts.length && pattern.parts.every((part, i) => part === '*' || part === parts[i])) return pattern.kind;
    }
    return undefined;
  }

  private walk(parts: string[], value: unknown): unknown {
    const kind = this.kindAt(parts);
    if (kind !== undefined && (typeof value === 'string' || (kind === 'value' && typeof value !== 'object'))) return this.fake(kind, value as string | number | boolean);
    if (Array.isArray(value)) {
      const last = parts[parts.length - 1]!;
      const inner = [...parts.slice(0, -1), `${last}[]`];
      return value.map((item) => this.walk(inner, item));
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, this.walk([...parts, key], inner)]));
    }
    return value;
  }

  /** The fake for one value: the same (kind family, value) always gives the same fake within this key. */
  fake(kind: FakeKind, value: string | number | boolean): string | number | boolean {
    if (typeof value !== 'string') return value;
    if (value === '') return value;
    switch (kind) {
      case 'phone':
      case 'id':
        return isPhoneLike(value) ? this.phone(value) : this.shape('id', value);
      case 'email':
        return this.email(value);
      case 'name':
        return this.name(value);
      case 'username':
        return this.shape('username', value);
      case 'url':
        return `https://redacted.invalid/${this.hex('url', value, 16)}`;
      case 'date':
        return this.date(value);
      case 'value':
        if (/^\d{4}-\d{2}-\d{2}/.test(value)) return this.date(value);
        if (value.includes('@')) return this.email(value);
        if (isPhoneLike(value)) return this.phone(value);
        return this.text(value);
      case 'text':
        return this.text(value);
    }
  }

  private bytes(family: string, value: string, length: number, salt = 0): Buffer {
    const chunks: Buffer[] = [];
    for (let i = 0; chunks.length * 32 < length; i++) chunks.push(createHmac('sha256', this.key).update(`${family}\0${salt}\0${i}\0${value}`).digest());
    return Buffer.concat(chunks).subarray(0, length);
  }

  private hex(family: string, value: string, length: number): string {
    return this.bytes(family, value, Math.ceil(length / 2)).toString('hex').slice(0, length);
  }

  /** Same length and character classes; punctuation and spaces stay where they are. */
  private shape(family: string, value: string): string {
    for (let salt = 0; ; salt++) {
      const bytes = this.bytes(family, value, value.length, salt);
      let out = '';
      for (let i = 0; i < value.length; i++) {
        const char = value[i]!;
        const byte = bytes[i]!;
        if (char >= '0' && char <= '9') out += i === 0 && char !== '0' ? String(1 + (byte % 9)) : String(byte % 10);
        else if (char >= 'a' && char <= 'z') out += LOWER[byte % 26];
        else if (char >= 'A' && char <= 'Z') out += UPPER[byte % 26];
        else out += char;
      }
      if (out !== value || salt > 8 || !/[0-9A-Za-z]/.test(value)) return out;
    }
  }

  /**
   * Free text, shaped; template placeholders (`{name}`, `{{first_name}}`) stay as they are, since
   * they are the product's syntax, not what someone wrote, and a DM template must still fill in.
   */
  private text(value: string): string {
    if (!PLACEHOLDER.test(value)) return this.shape('text', value);
    return value
      .split(PLACEHOLDERS)
      .map((part, i) => (i % 2 === 1 ? part : this.shape('text', part)))
      .join('');
  }

  /** Digits keyed on the digits alone, so `+447700900121` and `447700900121` give the same number. */
  private phone(value: string): string {
    const plus = value.startsWith('+');
    const digits = plus ? value.slice(1) : value;
    for (let salt = 0; ; salt++) {
      const bytes = this.bytes('phone', digits, digits.length, salt);
      let out = '';
      for (let i = 0; i < digits.length; i++) out += i === 0 ? String(1 + (bytes[i]! % 9)) : String(bytes[i]! % 10);
      if (out !== digits || salt > 8) return (plus ? '+' : '') + out;
    }
  }

  private email(value: string): string {
    const at = value.lastIndexOf('@');
    if (at <= 0) return this.shape('text', value);
    const local = this.shape('email-local', value.slice(0, at).toLowerCase());
    const domain = `${LOWER[this.bytes('email-domain', value.slice(at + 1).toLowerCase(), 1)[0]! % 26]}${this.hex('email-domain', value.slice(at + 1).toLowerCase(), 8)}.invalid`;
    return `${local}@${domain}`;
  }

  private name(value: string): string {
    const bytes = this.bytes('name', value, 2);
    const words = value.trim().split(/\s+/).length;
    const fake = words > 1 ? `${FIRST[bytes[0]! % FIRST.length]} ${LAST[bytes[1]! % LAST.length]}` : FIRST[bytes[0]! % FIRST.length]!;
    return fake !== value && fake.length <= value.length + 20 ? fake : this.shape('name', value);
  }

  private date(value: string): string {
    const bytes = this.bytes('date', value, 3);
    for (let salt = 0; ; salt++) {
      const year = 1950 + ((bytes[0]! + salt) % 55);
      const month = 1 + (bytes[1]! % 12);
      const day = 1 + (bytes[2]! % 28);
      const out = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}${value.slice(10)}`;
      if (out !== value) return out;
    }
  }
}

const PLACEHOLDER = /\{\{?[a-z_]+\}?\}/;
/** Splits text so that the odd parts are its placeholders. */
const PLACEHOLDERS = /(\{\{?[a-z_]+\}?\})/;

function isPhoneLike(value: string): boolean {
  return /^\+?[1-9]\d{6,14}$/.test(value);
}

function splitPath(path: string): string[] {
  return path.split('.').filter((part) => part !== '');
}
