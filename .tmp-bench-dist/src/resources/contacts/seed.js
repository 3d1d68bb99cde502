export function applyContactsSeed(app, accountId, account, at) {
    const { tags, customFields, contacts } = app.models;
    const now = app.clock.iso();
    (account.tags ?? []).forEach((tag, index) => at(['tags', index], () => {
        if (!tags.create(accountId, tag.name, tag.color).created)
            throw new Error(`duplicate tag ${tag.name}`);
    }));
    (account.custom_fields ?? []).forEach((field, index) => at(['custom_fields', index], () => {
        const result = customFields.create(accountId, field);
        if (!result.created)
            throw new Error(`duplicate custom field ${field.field_key}`);
        if (field.archived)
            customFields.update(accountId, result.field.id, { archived: true });
    }));
    (account.contacts ?? []).forEach((contact, index) => at(['contacts', index], () => {
        contacts.seedContact(accountId, {
            ...contact,
            first_user_message_at: contact.first_user_message_at === undefined ? (contact.created_at ?? now) : contact.first_user_message_at,
        });
    }));
}
//# sourceMappingURL=seed.js.map