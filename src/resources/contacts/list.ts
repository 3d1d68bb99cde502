/**
 * GET /contacts filters (4.2), all ANDed, newest first by id. No filter scans the account:
 * - tag, email, phone, stage, channel and name each have an id list (record.ts indexes; name by
 *   its 1- to 3-unit pieces, ./name-index.ts); the walk starts from the shortest list given and
 *   checks the other filters per record;
 * - `updated_since` walks the account's ids with their `updated_at` kept beside them, skipping
 *   every run of ids (a chunk, store/sorted-ids.ts) that holds no contact updated since then.
 * A page therefore reads about as many records at 1M contacts as at 1k (bench/contacts-scale.ts).
 */
import { parseTimestamp, formatTimestamp } from '../../core/clock.js';
import { cursorId, pageFromWalk, type Page, type PageRequest } from '../../core/pagination.js';
import type { Collection } from '../../store/collection.js';
import { newestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { TagsModel } from '../tags/model.js';
import type { NameGramIndex } from './name-index.js';
import { channelKey, emailKey, phoneKey, stageKey, tagKey, type ContactRecord } from './record.js';
import type { ContactData, ListContactsFilters } from './schemas.js';

export interface ContactListDeps {
  readonly contacts: Collection<ContactRecord>;
  readonly names: NameGramIndex;
  readonly tags: TagsModel;
  readonly present: (record: ContactRecord) => Readonly<ContactData>;
}

/**
 * `updated_at` is stored at whole seconds in one fixed format, so "at or after `since`" is a string
 * comparison against `since` rounded up to the next whole second.
 */
function updatedThreshold(since: string): string {
  const ms = parseTimestamp(since)!;
  return formatTimestamp(Math.ceil(ms / 1000) * 1000);
}

export function listContacts(
  deps: ContactListDeps,
  accountId: number,
  filters: ListContactsFilters,
  page: PageRequest,
): Page<ContactData> {
  const { contacts } = deps;
  const below = cursorId(page);
  const candidates: SortedIdView[] = [];
  let tagId: number | undefined;
  let impossible = false;
  if (filters.tag !== undefined) {
    tagId = deps.tags.findByName(accountId, filters.tag)?.id;
    if (tagId === undefined) impossible = true;
    else candidates.push(contacts.idsByIndex('tag', tagKey(tagId)));
  }
  if (filters.email !== undefined) candidates.push(contacts.idsByIndex('email', emailKey(accountId, filters.email)));
  if (filters.phone !== undefined) candidates.push(contacts.idsByIndex('phone', phoneKey(accountId, filters.phone)));
  if (filters.stage !== undefined) candidates.push(contacts.idsByIndex('stage', stageKey(accountId, filters.stage)));
  if (filters.channel !== undefined) candidates.push(contacts.idsByIndex('channel', channelKey(accountId, filters.channel)));
  const name = filters.name?.toLowerCase();
  if (name !== undefined && name.length > 0) {
    candidates.push(...deps.names.lists(accountId, name));
  }

  const email = filters.email?.toLowerCase();
  const since = filters.updated_since === undefined ? undefined : updatedThreshold(filters.updated_since);
  const matches = (c: ContactRecord): boolean =>
    c.account_id === accountId &&
    (filters.channel === undefined || c.channel === filters.channel) &&
    (filters.stage === undefined || c.stage === filters.stage) &&
    (tagId === undefined || c.tag_ids.includes(tagId)) &&
    (email === undefined || c.email?.toLowerCase() === email) &&
    (filters.phone === undefined || c.phone === filters.phone) &&
    (name === undefined || (c.name !== null && c.name.toLowerCase().includes(name))) &&
    (since === undefined || c.updated_at >= since);

  const walk = impossible
    ? []
    : newestFirstWalk(contacts.idsOfAccount(accountId), candidates, below, since === undefined ? undefined : Date.parse(since));
  return pageFromWalk(walk, (id) => contacts.get(id), page, matches, deps.present);
}
