/**
 * Commands over custom fields and contact values (4.3, 4.2 PATCH, 7.1, 8): create is 201, the same
 * key and type again 200, another type or an archived key 409, the 16th active field 400;
 * unarchiving counts against the cap; values are checked per type (400 naming the key), null
 * clears, archived fields' values are hidden and cannot be written. The fields are the kit's pool
 * (one key per type, reused by every run), so the model starts from what the target holds.
 */
import type fc from 'fast-check';
import { errorCodeOf, expectError, expectStatus, fail, readData, readError } from '../../runner/expect.js';
import type { ContactsModel, FieldType, FieldValue } from './kit-model.js';
import { expectContact, fieldKey, type Real } from './real.js';

type Command = fc.AsyncCommand<ContactsModel, Real>;

export const FIELD_CAP = 15;

const activeFields = (model: ContactsModel): number => [...model.fields.values()].filter((f) => !f.archived).length;

export class CreateField implements Command {
  constructor(readonly field: string, readonly type: FieldType) {}
  /** A pool key is first created with its own type (`sbc_pool_date` is a date field). */
  check(model: Readonly<ContactsModel>): boolean {
    return model.fields.has(this.field) || this.type === this.field;
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const known = model.fields.get(this.field);
    const body = { field_key: fieldKey(real, this.field), label: `Kit pool: ${this.field}`, type: this.type };
    const response = await real.ctx.send({ method: 'POST', path: '/custom-fields', key: real.key, body });
    if (known && (known.type !== this.type || known.archived)) {
      // 4.3 states the 409, not its code.
      expectStatus(response, 409, `${this} (key exists ${known.archived ? 'archived' : `as ${known.type}`})`);
      readError(response, String(this));
      return;
    }
    if (known) {
      expectStatus(response, 200, `${this} (same key and type)`);
      return;
    }
    if (real.activeBefore + activeFields(model) >= FIELD_CAP) {
      expectStatus(response, 400, `${this} (already ${FIELD_CAP} active fields)`);
      return;
    }
    expectStatus(response, 201, `${this} (new key)`);
    const data = readData(response, String(this));
    if (data['field_key'] !== body.field_key || data['type'] !== this.type || data['archived'] !== false) fail(`${this}: the definition came back different`, response);
    if (typeof data['id'] !== 'number') fail(`${this}: data.id must be an integer`, response);
    model.fields.set(this.field, { id: data['id'], type: this.type, archived: false });
    real.ctx.fields.own(data['id']);
  }
  toString(): string {
    return `POST /custom-fields ${this.field}:${this.type}`;
  }
}

export class ArchiveField implements Command {
  constructor(readonly field: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.fields.get(this.field)?.archived === false;
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const field = model.fields.get(this.field)!;
    const response = await real.ctx.send({ method: 'PATCH', path: `/custom-fields/${field.id}`, key: real.key, body: { archived: true } });
    expectStatus(response, 200, String(this));
    if (readData(response, String(this))['archived'] !== true) fail(`${this}: archived should read true`, response);
    field.archived = true;
    real.ctx.fields.markArchived(field.id);
  }
  toString(): string {
    return `PATCH /custom-fields/${this.field} archived=true`;
  }
}

export class UnarchiveField implements Command {
  constructor(readonly field: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.fields.get(this.field)?.archived === true;
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const field = model.fields.get(this.field)!;
    real.ctx.fields.own(field.id);
    const response = await real.ctx.send({ method: 'PATCH', path: `/custom-fields/${field.id}`, key: real.key, body: { archived: false } });
    if (real.activeBefore + activeFields(model) >= FIELD_CAP) {
      expectStatus(response, 400, `${this} (already ${FIELD_CAP} active fields: unarchiving counts against the cap)`);
      real.ctx.fields.markArchived(field.id);
      return;
    }
    expectStatus(response, 200, String(this));
    if (readData(response, String(this))['archived'] !== false) fail(`${this}: archived should read false`, response);
    field.archived = false;
    real.ctx.fields.noteReused();
  }
  toString(): string {
    return `PATCH /custom-fields/${this.field} archived=false`;
  }
}

/** A value of the field's own type, or deliberately of another one. */
export function valueFor(type: FieldType, seed: number, wrong: boolean): FieldValue {
  if (wrong) {
    const wrongs: Record<FieldType, FieldValue> = { text: seed, number: `n${seed}`, date: '2026-02-30', boolean: 'yes' };
    return wrongs[type];
  }
  const rights: Record<FieldType, FieldValue> = {
    text: `value ${seed}`,
    number: seed,
    date: `2026-0${1 + (seed % 9)}-1${seed % 10}`,
    boolean: seed % 2 === 0,
  };
  return rights[type];
}

export class SetValue implements Command {
  constructor(readonly handle: string, readonly field: string, readonly seed: number, readonly mode: 'right' | 'wrong' | 'clear') {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.contacts.has(this.handle) && model.fields.has(this.field);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const contact = model.contacts.get(this.handle)!;
    const field = model.fields.get(this.field)!;
    const value = this.mode === 'clear' ? null : valueFor(field.type, this.seed, this.mode === 'wrong');
    const key = fieldKey(real, this.field);
    const response = await real.ctx.send({ method: 'PATCH', path: `/contacts/${contact.id}`, key: real.key, body: { custom_fields: { [key]: value } } });
    const refused = field.archived || this.mode === 'wrong';
    if (refused) {
      expectStatus(response, 400, `${this} (${field.archived ? 'archived field' : 'wrong type'})`);
      const error = expectError(response, 400, errorCodeOf(response) ?? 'invalid_param', String(this));
      if (!error.param?.includes(key) && !error.message.includes(key)) fail(`${this}: the 400 should name the key ${key}`, response);
      expectContact(model, real, this.handle, await real.ctx.send({ path: `/contacts/${contact.id}`, key: real.key }), `${this}: contact after the refused write`);
      return;
    }
    expectStatus(response, 200, String(this));
    if (value === null) contact.values.delete(this.field);
    else contact.values.set(this.field, value);
    expectContact(model, real, this.handle, response, String(this));
  }
  toString(): string {
    return `PATCH /contacts/${this.handle} custom_fields.${this.field}=${this.mode}#${this.seed}`;
  }
}
