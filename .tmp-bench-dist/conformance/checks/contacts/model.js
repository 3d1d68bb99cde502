/**
 * The kit's own small model of contacts, tags and custom fields (4.2, 4.3, 4.5), written from the
 * spec text. It knows only what the spec states: POST /contacts creates (201) or updates (200) by
 * `(channel, platform_user_id)` and adds tags without removing any; POST /contacts/{id}/tags adds
 * one (creating it if missing); DELETE /contacts/{id}/tags/{tag} detaches (404 for an unknown
 * tag); DELETE /tags/{id} removes the tag from every contact; a custom field value is omitted
 * when unset or when its field is archived. Tag order on a contact is not stated, so tags
 * compare as sets.
 */
export function emptyModel() {
    return { contacts: new Map(), tags: new Map(), fields: new Map() };
}
/** The values a contact shows: set values of fields that exist and are not archived. */
export function visibleValues(model, contact) {
    const out = new Map();
    for (const [key, value] of contact.values) {
        const field = model.fields.get(key);
        if (field && !field.archived)
            out.set(key, value);
    }
    return out;
}
export function addTags(model, contact, names) {
    for (const name of names) {
        contact.tags.add(name);
        if (!model.tags.has(name))
            model.tags.set(name, { id: undefined, color: undefined });
    }
}
//# sourceMappingURL=model.js.map