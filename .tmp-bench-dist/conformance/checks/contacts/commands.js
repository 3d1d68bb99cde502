import { expectError, expectStatus, fail, readData, readList } from '../../runner/expect.js';
import { addTags } from './model.js';
import { displayName, expectContact, pid, tagName } from './real.js';
const contactPath = (model, handle) => `/contacts/${model.contacts.get(handle).id}`;
export class UpsertContact {
    handle;
    tags;
    stage;
    constructor(handle, tags, stage) {
        this.handle = handle;
        this.tags = tags;
        this.stage = stage;
    }
    check() {
        return true;
    }
    async run(model, real) {
        const exists = model.contacts.has(this.handle);
        const body = {
            channel: 'telegram',
            platform_user_id: pid(real, this.handle),
            name: displayName(real, this.handle),
            tags: this.tags.map((t) => tagName(real, t)),
            ...(this.stage ? { stage: this.stage } : {}),
        };
        const response = await real.ctx.send({ method: 'POST', path: '/contacts', key: real.key, body });
        expectStatus(response, exists ? 200 : 201, `${this} (${exists ? 'an existing' : 'a new'} identity)`);
        const id = readData(response, 'POST /contacts')['id'];
        if (typeof id !== 'number')
            fail('POST /contacts: data.id must be an integer', response);
        const contact = model.contacts.get(this.handle) ?? { id, stage: 'new', name: null, tags: new Set(), values: new Map() };
        contact.name = displayName(real, this.handle);
        if (this.stage)
            contact.stage = this.stage;
        addTags(model, contact, this.tags);
        model.contacts.set(this.handle, contact);
        real.deleted.delete(this.handle);
        expectContact(model, real, this.handle, response, String(this));
    }
    toString() {
        return `POST /contacts ${this.handle} tags=[${this.tags.join(',')}]${this.stage ? ` stage=${this.stage}` : ''}`;
    }
}
export class PatchContact {
    handle;
    stage;
    rename;
    constructor(handle, stage, rename) {
        this.handle = handle;
        this.stage = stage;
        this.rename = rename;
    }
    check(model) {
        return model.contacts.has(this.handle) && (this.stage !== undefined || this.rename);
    }
    async run(model, real) {
        const contact = model.contacts.get(this.handle);
        const body = {};
        if (this.stage)
            body['stage'] = this.stage;
        if (this.rename)
            body['name'] = displayName(real, this.handle, ' renamed');
        const response = await real.ctx.send({ method: 'PATCH', path: contactPath(model, this.handle), key: real.key, body });
        expectStatus(response, 200, String(this));
        if (this.stage)
            contact.stage = this.stage;
        if (this.rename)
            contact.name = displayName(real, this.handle, ' renamed');
        expectContact(model, real, this.handle, response, String(this));
    }
    toString() {
        return `PATCH /contacts/${this.handle}${this.stage ? ` stage=${this.stage}` : ''}${this.rename ? ' name' : ''}`;
    }
}
export class AttachTag {
    handle;
    tag;
    constructor(handle, tag) {
        this.handle = handle;
        this.tag = tag;
    }
    check(model) {
        return model.contacts.has(this.handle);
    }
    async run(model, real) {
        const response = await real.ctx.send({ method: 'POST', path: `${contactPath(model, this.handle)}/tags`, key: real.key, body: { name: tagName(real, this.tag) } });
        expectStatus(response, 200, String(this));
        addTags(model, model.contacts.get(this.handle), [this.tag]);
        expectContact(model, real, this.handle, response, String(this));
    }
    toString() {
        return `POST /contacts/${this.handle}/tags ${this.tag}`;
    }
}
export class DetachTag {
    handle;
    tag;
    constructor(handle, tag) {
        this.handle = handle;
        this.tag = tag;
    }
    check(model) {
        return model.contacts.has(this.handle);
    }
    async run(model, real) {
        const path = `${contactPath(model, this.handle)}/tags/${encodeURIComponent(tagName(real, this.tag))}`;
        const response = await real.ctx.send({ method: 'DELETE', path, key: real.key });
        if (!model.tags.has(this.tag)) {
            expectError(response, 404, 'not_found', `${this} (a tag that does not exist)`);
            return;
        }
        expectStatus(response, 200, String(this));
        model.contacts.get(this.handle).tags.delete(this.tag);
        expectContact(model, real, this.handle, response, String(this));
    }
    toString() {
        return `DELETE /contacts/${this.handle}/tags/${this.tag}`;
    }
}
export class GetContact {
    handle;
    constructor(handle) {
        this.handle = handle;
    }
    check(model) {
        return model.contacts.has(this.handle);
    }
    async run(model, real) {
        const response = await real.ctx.send({ path: contactPath(model, this.handle), key: real.key });
        expectStatus(response, 200, String(this));
        expectContact(model, real, this.handle, response, String(this));
    }
    toString() {
        return `GET /contacts/${this.handle}`;
    }
}
export class DeleteContact {
    handle;
    constructor(handle) {
        this.handle = handle;
    }
    check(model) {
        return model.contacts.has(this.handle);
    }
    async run(model, real) {
        const id = model.contacts.get(this.handle).id;
        const response = await real.ctx.send({ method: 'DELETE', path: `/contacts/${id}`, key: real.key });
        expectStatus(response, 200, String(this));
        const data = readData(response, String(this));
        if (data['id'] !== id || data['object'] !== 'contact' || data['deleted'] !== true)
            fail(`${this}: expected {id, object: contact, deleted: true}`, response);
        model.contacts.delete(this.handle);
        real.deleted.set(this.handle, id);
        real.ctx.ledger.forget('contact', id);
        expectError(await real.ctx.send({ path: `/contacts/${id}`, key: real.key }), 404, 'not_found', `GET of deleted contact ${this.handle}`);
    }
    toString() {
        return `DELETE /contacts/${this.handle}`;
    }
}
export class CreateTag {
    tag;
    color;
    constructor(tag, color) {
        this.tag = tag;
        this.color = color;
    }
    check() {
        return true;
    }
    async run(model, real) {
        const known = model.tags.get(this.tag);
        const response = await real.ctx.send({ method: 'POST', path: '/tags', key: real.key, body: { name: tagName(real, this.tag), color: this.color } });
        expectStatus(response, known ? 200 : 201, `${this} (${known ? 'existing' : 'new'} name)`);
        const data = readData(response, String(this));
        const color = typeof data['color'] === 'string' ? data['color'].toUpperCase() : undefined;
        if (known?.color !== undefined && color !== known.color)
            fail(`${this}: an existing tag's colour changed to ${String(color)}`, response);
        if (!known && color !== this.color.toUpperCase())
            fail(`${this}: created with colour ${String(color)}`, response);
        model.tags.set(this.tag, { id: typeof data['id'] === 'number' ? data['id'] : undefined, color: known ? (known.color ?? color) : color });
    }
    toString() {
        return `POST /tags ${this.tag} ${this.color}`;
    }
}
export class DeleteTag {
    tag;
    constructor(tag) {
        this.tag = tag;
    }
    check(model) {
        return model.tags.has(this.tag);
    }
    async run(model, real) {
        const tag = model.tags.get(this.tag);
        if (tag.id === undefined) {
            const listed = await real.ctx.send({ path: '/tags', key: real.key });
            const found = readList(listed, 'GET /tags').data.find((t) => t.name === tagName(real, this.tag));
            const id = found?.id;
            if (typeof id !== 'number')
                fail(`GET /tags does not list ${tagName(real, this.tag)}, which a contact write created`, listed);
            tag.id = id;
        }
        const response = await real.ctx.send({ method: 'DELETE', path: `/tags/${tag.id}`, key: real.key });
        expectStatus(response, 200, String(this));
        real.ctx.ledger.forget('tag', tag.id);
        model.tags.delete(this.tag);
        for (const contact of model.contacts.values())
            contact.tags.delete(this.tag);
    }
    toString() {
        return `DELETE /tags/${this.tag}`;
    }
}
export class ListByTag {
    tag;
    constructor(tag) {
        this.tag = tag;
    }
    check(model) {
        return model.tags.has(this.tag);
    }
    async run(model, real) {
        const response = await real.ctx.send({ path: '/contacts', key: real.key, query: { tag: tagName(real, this.tag), limit: 100 } });
        expectStatus(response, 200, String(this));
        const ids = readList(response, String(this)).data.map((c) => c.id);
        const expected = [...model.contacts.values()].filter((c) => c.tags.has(this.tag)).map((c) => c.id);
        const same = ids.length === expected.length && expected.every((id) => ids.includes(id));
        if (!same)
            fail(`${this}: listed [${ids.join(', ')}], expected [${expected.join(', ')}]`, response);
    }
    toString() {
        return `GET /contacts?tag=${this.tag}`;
    }
}
//# sourceMappingURL=commands.js.map