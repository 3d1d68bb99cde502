/**
 * Tag definitions (2.4, 4.5). Names are unique per account and case-sensitive. Deleting a tag
 * runs `hooks.tagDeleted` so every group that attaches tags (contacts now, conversations later)
 * detaches it inside the same transaction; this model never imports those groups.
 */
import { notFound } from '../../core/errors.js';
import { DEFAULT_TAG_COLOR } from './schemas.js';
const nameKey = (accountId, name) => `${accountId}:${name}`;
/** By name as people read it: case-insensitive first, then exact code units, then id. */
function byName(a, b) {
    const la = a.name.toLowerCase();
    const lb = b.name.toLowerCase();
    if (la !== lb)
        return la < lb ? -1 : 1;
    if (a.name !== b.name)
        return a.name < b.name ? -1 : 1;
    return a.id - b.id;
}
export function createTagsModel(core, deps) {
    const { store, clock } = core;
    const tags = store.define('tags', {
        name: { unique: true, key: (tag) => nameKey(tag.account_id, tag.name) },
    });
    function findByName(accountId, name) {
        return tags.findUnique('name', nameKey(accountId, name));
    }
    function insert(accountId, name, color) {
        return tags.insert({ id: store.nextId('tag'), account_id: accountId, name, color, created_at: clock.iso() });
    }
    return {
        tags,
        findByName,
        get(accountId, id) {
            const tag = tags.getOwned(accountId, id);
            if (!tag)
                throw notFound('Tag');
            return tag;
        },
        present(tag) {
            return { id: tag.id, name: tag.name, color: tag.color, created_at: tag.created_at };
        },
        /** Every tag of the account, by name (a whole-set list). */
        list(accountId) {
            return [...tags.ofAccount(accountId)].sort(byName);
        },
        /** POST /tags: an existing name keeps its colour (200); a new one is created (201). */
        create(accountId, name, color) {
            const existing = findByName(accountId, name);
            if (existing)
                return { tag: existing, created: false };
            return { tag: insert(accountId, name, color ?? DEFAULT_TAG_COLOR), created: true };
        },
        /** The tag by name, created with the default colour when missing (contact tagging). */
        ensureTag(accountId, name) {
            return findByName(accountId, name) ?? insert(accountId, name, DEFAULT_TAG_COLOR);
        },
        /** Detaches the tag everywhere (through the hook), then deletes the definition. */
        remove(accountId, id) {
            const tag = tags.getOwned(accountId, id);
            if (!tag)
                throw notFound('Tag');
            deps.hooks.tagDeleted.run(accountId, tag.id, tag.name);
            tags.remove(tag.id);
            return tag;
        },
    };
}
//# sourceMappingURL=model.js.map