/**
 * GET /contacts filters (4.2), all ANDed. The walk starts from the most selective indexed id list
 * among the filters given (tag, email, phone, stage, channel) and checks the rest per record, so
 * a filtered page costs about the same at 1k and at 100k contacts in an account.
 */
import { parseTimestamp, formatTimestamp } from '../../core/clock.js';
import { pageNewestFirst, type Page, type PageRequest } from '../../core/pagination.js';
import type { Collection } from '../../store/collection.js';
import type { TagsModel } from '../tags/model.js';
import { channelKey, emailKey, phoneKey, stageKey, tagKey, type ContactRecord } from './record.js';
import type { ContactData, ListContactsFilters } from './schemas.js';

export interface ContactListDeps {
  readonly contacts: Collection<ContactRecord>;
  readonly tags: TagsModel;
  readonly present: (record: ContactRecord) => Readonly<ContactData>;
}

const EMPTY: readonly number[] = [];

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
  const candidates: (readonly number[])[] = [contacts.idsOfAccount(accountId)];
  let tagId: number | undefined;
  if (filters.tag !== undefined) {
    tagId = deps.tags.findByName(accountId, filters.tag)?.id;
    candidates.push(tagId === undefined ? EMPTY : contacts.idsByIndex('tag', tagKey(tagId)));
  }
  if (filters.email !== undefined) candidates.push(contacts.idsByIndex('email', emailKey(accountId, filters.email)));
  if (filters.phone !== undefined) candidates.push(contacts.idsByIndex('phone', phoneKey(accountId, filters.phone)));
  if (filters.stage !== undefined) candidates.push(contacts.idsByIndex('stage', stageKey(accountId, filters.stage)));
  if (filters.channel !== undefined) candidates.push(contacts.idsByIndex('channel', channelKey(accountId, filters.channel)));
  const ids = candidates.reduce((best, list) => (list.length < best.length ? list : best));

  const email = filters.email?.toLowerCase();
  const name = filters.name?.toLowerCase();
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

  return pageNewestFirst(ids, (id) => contacts.get(id), page, matches, deps.present);
}
