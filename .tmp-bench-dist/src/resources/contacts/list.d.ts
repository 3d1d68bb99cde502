import { type Page, type PageRequest } from '../../core/pagination.js';
import type { Collection } from '../../store/collection.js';
import type { TagsModel } from '../tags/model.js';
import { type ContactRecord } from './record.js';
import type { ContactData, ListContactsFilters } from './schemas.js';
export interface ContactListDeps {
    readonly contacts: Collection<ContactRecord>;
    readonly tags: TagsModel;
    readonly present: (record: ContactRecord) => ContactData;
}
export declare function listContacts(deps: ContactListDeps, accountId: number, filters: ListContactsFilters, page: PageRequest): Page<ContactData>;
