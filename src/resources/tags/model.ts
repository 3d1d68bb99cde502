/**
 * Tag definitions (2.4, 4.5). Names are unique per account and case-sensitive. Deleting a tag
 * runs the `tagDeleted` hook so every group that attaches tags (contacts, conversations) detaches
 * it inside the same transaction; this model never imports those groups.
 */
import { notFound } from '../../core/errors.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import { storedRecord, Timestamp } from '../shared/schemas.js';
import { DEFAULT_TAG_COLOR, TagColor, TagName, type TagData } from './schemas.js';

export interface TagRecord extends Entity {
  readonly name: string;
  readonly color: string;
  readonly created_at: string;
}

export const tagHooks = {
  /** A tag definition is being deleted: detach it from everything that carries it. */
  tagDeleted: hook<[accountId: number, tagId: number, tagName: string]>(),
};

const TagRecordSchema = storedRecord({ name: TagName, color: TagColor, created_at: Timestamp });

const nameKey = (accountId: number, name: string): string => `${accountId}:${name}`;

/** By name as people read it: case-insensitive first, then exact code units, then id. */
function byName(a: TagRecord, b: TagRecord): number {
  const la = a.name.toLowerCase();
  const lb = b.name.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

export function createTagsModel(core: CoreServices, hooks: HooksOf<typeof tagHooks>) {
  const { store, clock } = core;
  const tags = store.define<TagRecord>(
    'tags',
    { name: { unique: true, key: (tag) => nameKey(tag.account_id, tag.name) } },
    { schema: TagRecordSchema, sequence: 'tag' },
  );

  function findByName(accountId: number, name: string): TagRecord | undefined {
    return tags.findUnique('name', nameKey(accountId, name));
  }

  function insert(accountId: number, name: string, color: string, createdAt: string = clock.iso()): TagRecord {
    return tags.insert({ id: store.nextId('tag'), account_id: accountId, name, color, created_at: createdAt });
  }

  return {
    findByName,

    /** The account's tag with this id, if any. */
    find: (accountId: number, id: number): TagRecord | undefined => tags.getOwned(accountId, id),

    /** A tag's name by id (ids are global, so no account is needed to read one). */
    nameOf: (id: number): string | undefined => tags.get(id)?.name,

    /** Changes whenever any tag changes: presentations that show tag names compare it. */
    version: (): number => tags.version,

    get(accountId: number, id: number): TagRecord {
      const tag = tags.getOwned(accountId, id);
      if (!tag) throw notFound('Tag');
      return tag;
    },

    present(tag: TagRecord): TagData {
      return { id: tag.id, name: tag.name, color: tag.color, created_at: tag.created_at };
    },

    /** Every tag of the account, by name (a whole-set list). */
    list(accountId: number): TagRecord[] {
      return [...tags.ofAccount(accountId)].sort(byName);
    },

    /** POST /tags: an existing name keeps its colour (200); a new one is created (201). */
    create(accountId: number, name: string, color: string | undefined, createdAt?: string): { tag: TagRecord; created: boolean } {
      const existing = findByName(accountId, name);
      if (existing) return { tag: existing, created: false };
      // `createdAt`: a pulled seed keeps the source's creation time (else now).
      return { tag: insert(accountId, name, color ?? DEFAULT_TAG_COLOR, createdAt), created: true };
    },

    /** The tag by name, created with the default colour when missing (contact tagging). */
    ensureTag(accountId: number, name: string): TagRecord {
      return findByName(accountId, name) ?? insert(accountId, name, DEFAULT_TAG_COLOR);
    },

    /** Detaches the tag everywhere (through the hook), then deletes the definition. */
    remove(accountId: number, id: number): TagRecord {
      const tag = tags.getOwned(accountId, id);
      if (!tag) throw notFound('Tag');
      hooks.tagDeleted.run(accountId, tag.id, tag.name);
      tags.remove(tag.id);
      return tag;
    },
  };
}

export type TagsModel = ReturnType<typeof createTagsModel>;
