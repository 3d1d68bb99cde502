import { fail, readData } from '../../runner/expect.js';
import { visibleValues } from './model.js';
export const pid = (real, handle) => `${real.ns}_${handle}`;
export const tagName = (real, tag) => `${real.ns}_${tag}`;
export const fieldKey = (real, field) => `${real.ns}_${field}`;
export const displayName = (real, handle, variant = '') => `${real.ns} ${handle}${variant}`;
function sameSet(a, b) {
    return a.length === b.size && a.every((x) => b.has(x));
}
/** Compares the contact in a response with the model's; returns the contact's id. */
export function expectContact(model, real, handle, response, what) {
    const data = readData(response, what);
    const contact = model.contacts.get(handle);
    if (!contact)
        throw new Error(`${what}: the model has no contact ${handle} (kit bug)`);
    if (data['id'] !== contact.id)
        fail(`${what}: id ${String(data['id'])}, expected ${contact.id}`, response);
    if (data['platform_user_id'] !== pid(real, handle))
        fail(`${what}: platform_user_id ${String(data['platform_user_id'])}`, response);
    if (data['stage'] !== contact.stage)
        fail(`${what}: stage "${String(data['stage'])}", expected "${contact.stage}"`, response);
    if (contact.name !== null && data['name'] !== contact.name)
        fail(`${what}: name "${String(data['name'])}", expected "${contact.name}"`, response);
    const tags = data['tags'];
    const expectedTags = new Set([...contact.tags].map((tag) => tagName(real, tag)));
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))
        fail(`${what}: tags must be an array of names`, response);
    const ours = tags.filter((t) => t.startsWith(real.ns));
    if (!sameSet(ours, expectedTags))
        fail(`${what}: tags [${ours.join(', ')}], expected [${[...expectedTags].join(', ')}]`, response);
    const custom = data['custom_fields'];
    if (typeof custom !== 'object' || custom === null || Array.isArray(custom))
        fail(`${what}: custom_fields must be an object`, response);
    const expected = visibleValues(model, contact);
    const shown = Object.entries(custom).filter(([key]) => key.startsWith(real.ns));
    for (const [key, value] of shown) {
        if (value === null)
            fail(`${what}: custom_fields.${key} is null; unset fields are omitted, never null (2.1)`, response);
        const short = key.slice(real.ns.length + 1);
        if (!expected.has(short))
            fail(`${what}: custom_fields.${key} should not appear (unset or archived)`, response);
        if (expected.get(short) !== value)
            fail(`${what}: custom_fields.${key} is ${JSON.stringify(value)}, expected ${JSON.stringify(expected.get(short))}`, response);
    }
    if (shown.length !== expected.size)
        fail(`${what}: custom_fields shows ${shown.length} of the sequence's values, expected ${expected.size}`, response);
    return contact.id;
}
//# sourceMappingURL=real.js.map