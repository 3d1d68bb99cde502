import { DEFAULT_STAGE } from './schemas.js';
/** `""` and `null` both clear (null is what a cleared field reads back as); undefined leaves it. */
export function clearable(value) {
    if (value === undefined)
        return undefined;
    return value === '' ? null : value;
}
/** `""` resets the stage to its default: a contact always has one. */
export function stageOf(value) {
    if (value === undefined)
        return undefined;
    return value === '' ? DEFAULT_STAGE : value;
}
function nextTags(current, edit) {
    switch (edit.mode) {
        case 'replace':
            return [...new Set(edit.ids)];
        case 'remove': {
            const drop = new Set(edit.ids);
            return current.some((id) => drop.has(id)) ? current.filter((id) => !drop.has(id)) : current;
        }
        case 'add': {
            const out = [...current];
            const seen = new Set(current);
            for (const id of edit.ids) {
                if (!seen.has(id)) {
                    seen.add(id);
                    out.push(id);
                }
            }
            return out.length === current.length ? current : out;
        }
    }
}
function nextCustomFields(current, writes) {
    if (writes.length === 0)
        return current;
    const out = { ...current };
    for (const write of writes) {
        if (write.value === null)
            delete out[write.field.field_key];
        else
            out[write.field.field_key] = write.value;
    }
    return out;
}
/** The record after the edit; `updated_at` is the caller's to set once it knows something changed. */
export function applyEdit(record, edit) {
    return {
        ...record,
        name: edit.name === undefined ? record.name : edit.name,
        email: edit.email === undefined ? record.email : edit.email,
        phone: edit.phone === undefined ? record.phone : edit.phone,
        notes: edit.notes === undefined ? record.notes : edit.notes,
        stage: edit.stage ?? record.stage,
        tag_ids: edit.tags ? nextTags(record.tag_ids, edit.tags) : record.tag_ids,
        custom_fields: nextCustomFields(record.custom_fields, edit.custom ?? []),
    };
}
const SCALAR_FIELDS = [
    'name',
    'email',
    'phone',
    'ig_username',
    'profile_pic_url',
    'stage',
    'lead_score',
    'lead_temperature',
    'notes',
];
function sameIds(a, b) {
    return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}
export function customFieldChanges(previous, next) {
    const changes = [];
    const keys = new Set([...Object.keys(previous.custom_fields), ...Object.keys(next.custom_fields)]);
    for (const key of keys) {
        const before = previous.custom_fields[key] ?? null;
        const after = next.custom_fields[key] ?? null;
        if (before !== after)
            changes.push({ field_key: key, previous_value: before, value: after });
    }
    return changes;
}
/** Public fields whose value differs; activity timestamps (last_seen_at...) are not changes. */
export function changedFields(previous, next) {
    const changed = SCALAR_FIELDS.filter((field) => previous[field] !== next[field]);
    if (!sameIds(previous.tag_ids, next.tag_ids))
        changed.push('tags');
    if (previous.custom_fields !== next.custom_fields && customFieldChanges(previous, next).length > 0) {
        changed.push('custom_fields');
    }
    return changed;
}
//# sourceMappingURL=writes.js.map