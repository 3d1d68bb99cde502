/**
 * Commands over contacts and tags for `fc.commands` + `fc.asyncModelRun`. Each sends one request,
 * compares the answer with the kit's model (model.ts), then moves the model on. `toString` is what
 * a counterexample prints, so it names the request.
 */
import type fc from 'fast-check';
import { expectError, expectStatus, fail, readData, readList } from '../../runner/expect.js';
import { addTags, type ContactsModel } from './kit-model.js';
import { displayName, expectContact, pid, tagName, type Real } from './real.js';

type Command = fc.AsyncCommand<ContactsModel, Real>;

const contactPath = (model: ContactsModel, handle: string): string => `/contacts/${model.contacts.get(handle)!.id}`;

export class UpsertContact implements Command {
  constructor(readonly handle: string, readonly tags: readonly string[], readonly stage: string | undefined) {}
  check(): boolean {
    return true;
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const exists = model.contacts.has(this.handle);
    const body: Record<string, unknown> = {
      channel: 'telegram',
      platform_user_id: pid(real, this.handle),
      name: displayName(real, this.handle),
      tags: this.tags.map((t) => tagName(real, t)),
      ...(this.stage ? { stage: this.stage } : {}),
    };
    const response = await real.ctx.send({ method: 'POST', path: '/contacts', key: real.key, body });
    expectStatus(response, exists ? 200 : 201, `${this} (${exists ? 'an existing' : 'a new'} identity)`);
    const id = readData(response, 'POST /contacts')['id'];
    if (typeof id !== 'number') fail('POST /contacts: data.id must be an integer', response);
    const contact = model.contacts.get(this.handle) ?? { id, stage: 'new', name: null, tags: new Set<string>(), values: new Map() };
    contact.name = displayName(real, this.handle);
    if (this.stage) contact.stage = this.stage;
    addTags(model, contact, this.tags);
    model.contacts.set(this.handle, contact);
    real.deleted.delete(this.handle);
    expectContact(model, real, this.handle, response, String(this));
  }
  toString(): string {
    return `POST /contacts ${this.handle} tags=[${this.tags.join(',')}]${this.stage ? ` stage=${this.stage}` : ''}`;
  }
}

export class PatchContact implements Command {
  constructor(readonly handle: string, readonly stage: string | undefined, readonly rename: boolean) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.contacts.has(this.handle) && (this.stage !== undefined || this.rename);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const contact = model.contacts.get(this.handle)!;
    const body: Record<string, unknown> = {};
    if (this.stage) body['stage'] = this.stage;
    if (this.rename) body['name'] = displayName(real, this.handle, ' renamed');
    const response = await real.ctx.send({ method: 'PATCH', path: contactPath(model, this.handle), key: real.key, body });
    expectStatus(response, 200, String(this));
    if (this.stage) contact.stage = this.stage;
    if (this.rename) contact.name = displayName(real, this.handle, ' renamed');
    expectContact(model, real, this.handle, response, String(this));
  }
  toString(): string {
    return `PATCH /contacts/${this.handle}${this.stage ? ` stage=${this.stage}` : ''}${this.rename ? ' name' : ''}`;
  }
}

export class AttachTag implements Command {
  constructor(readonly handle: string, readonly tag: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.contacts.has(this.handle);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const response = await real.ctx.send({ method: 'POST', path: `${contactPath(model, this.handle)}/tags`, key: real.key, body: { name: tagName(real, this.tag) } });
    expectStatus(response, 200, String(this));
    addTags(model, model.contacts.get(this.handle)!, [this.tag]);
    expectContact(model, real, this.handle, response, String(this));
  }
  toString(): string {
    return `POST /contacts/${this.handle}/tags ${this.tag}`;
  }
}

export class DetachTag implements Command {
  constructor(readonly handle: string, readonly tag: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.contacts.has(this.handle);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const path = `${contactPath(model, this.handle)}/tags/${encodeURIComponent(tagName(real, this.tag))}`;
    const response = await real.ctx.send({ method: 'DELETE', path, key: real.key });
    if (!model.tags.has(this.tag)) {
      expectError(response, 404, 'not_found', `${this} (a tag that does not exist)`);
      return;
    }
    expectStatus(response, 200, String(this));
    model.contacts.get(this.handle)!.tags.delete(this.tag);
    expectContact(model, real, this.handle, response, String(this));
  }
  toString(): string {
    return `DELETE /contacts/${this.handle}/tags/${this.tag}`;
  }
}

export class GetContact implements Command {
  constructor(readonly handle: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.contacts.has(this.handle);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const response = await real.ctx.send({ path: contactPath(model, this.handle), key: real.key });
    expectStatus(response, 200, String(this));
    expectContact(model, real, this.handle, response, String(this));
  }
  toString(): string {
    return `GET /contacts/${this.handle}`;
  }
}

export class DeleteContact implements Command {
  constructor(readonly handle: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.contacts.has(this.handle);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const id = model.contacts.get(this.handle)!.id;
    const response = await real.ctx.send({ method: 'DELETE', path: `/contacts/${id}`, key: real.key });
    expectStatus(response, 200, String(this));
    const data = readData(response, String(this));
    if (data['id'] !== id || data['object'] !== 'contact' || data['deleted'] !== true) fail(`${this}: expected {id, object: contact, deleted: true}`, response);
    model.contacts.delete(this.handle);
    real.deleted.set(this.handle, id);
    real.ctx.ledger.forget('contact', id);
    expectError(await real.ctx.send({ path: `/contacts/${id}`, key: real.key }), 404, 'not_found', `GET of deleted contact ${this.handle}`);
  }
  toString(): string {
    return `DELETE /contacts/${this.handle}`;
  }
}

export class CreateTag implements Command {
  constructor(readonly tag: string, readonly color: string) {}
  check(): boolean {
    return true;
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const known = model.tags.get(this.tag);
    const response = await real.ctx.send({ method: 'POST', path: '/tags', key: real.key, body: { name: tagName(real, this.tag), color: this.color } });
    expectStatus(response, known ? 200 : 201, `${this} (${known ? 'existing' : 'new'} name)`);
    const data = readData(response, String(this));
    const color = typeof data['color'] === 'string' ? data['color'].toUpperCase() : undefined;
    if (known?.color !== undefined && color !== known.color) fail(`${this}: an existing tag's colour changed to ${String(color)}`, response);
    if (!known && color !== this.color.toUpperCase()) fail(`${this}: created with colour ${String(color)}`, response);
    model.tags.set(this.tag, { id: typeof data['id'] === 'number' ? data['id'] : undefined, color: known ? (known.color ?? color) : color });
  }
  toString(): string {
    return `POST /tags ${this.tag} ${this.color}`;
  }
}

export class DeleteTag implements Command {
  constructor(readonly tag: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.tags.has(this.tag);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const tag = model.tags.get(this.tag)!;
    if (tag.id === undefined) {
      const listed = await real.ctx.send({ path: '/tags', key: real.key });
      await real.ctx.setup('list the tags to find one a contact write created', async () => expectStatus(listed, 200, 'GET /tags')); // 4.5's, not 4.2's
      const found = readList(listed, 'GET /tags').data.find((t) => (t as { name?: unknown }).name === tagName(real, this.tag));
      const id = (found as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'number') fail(`GET /tags does not list ${tagName(real, this.tag)}, which a contact write created`, listed);
      tag.id = id;
      // The contact write created this run-prefixed tag without a POST /tags the ledger could
      // see: recorded now, so the safe profile's guard knows the kit owns it (and a sweep would
      // undo it if the DELETE below never happened).
      real.ctx.ledger.add({ kind: 'tag', id, account: real.key.startsWith('b') ? 'b' : 'a', method: 'DELETE', path: `/tags/${id}`, seq: listed.exchange.seq });
    }
    const response = await real.ctx.send({ method: 'DELETE', path: `/tags/${tag.id}`, key: real.key });
    expectStatus(response, 200, String(this));
    real.ctx.ledger.forget('tag', tag.id);
    model.tags.delete(this.tag);
    for (const contact of model.contacts.values()) contact.tags.delete(this.tag);
  }
  toString(): string {
    return `DELETE /tags/${this.tag}`;
  }
}

export class ListByTag implements Command {
  constructor(readonly tag: string) {}
  check(model: Readonly<ContactsModel>): boolean {
    return model.tags.has(this.tag);
  }
  async run(model: ContactsModel, real: Real): Promise<void> {
    const response = await real.ctx.send({ path: '/contacts', key: real.key, query: { tag: tagName(real, this.tag), limit: 100 } });
    expectStatus(response, 200, String(this));
    const ids = readList(response, String(this)).data.map((c) => (c as { id?: unknown }).id);
    const expected = [...model.contacts.values()].filter((c) => c.tags.has(this.tag)).map((c) => c.id);
    const same = ids.length === expected.length && expected.every((id) => ids.includes(id));
    if (!same) fail(`${this}: listed [${ids.join(', ')}], expected [${expected.join(', ')}]`, response);
  }
  toString(): string {
    return `GET /contacts?tag=${this.tag}`;
  }
}
