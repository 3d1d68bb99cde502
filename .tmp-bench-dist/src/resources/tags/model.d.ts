import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { Hooks } from '../hooks.js';
import { type TagData } from './schemas.js';
export interface TagRecord extends Entity {
    readonly name: string;
    readonly color: string;
    readonly created_at: string;
}
export interface TagsDeps {
    readonly hooks: Hooks;
}
export declare function createTagsModel(core: CoreServices, deps: TagsDeps): {
    tags: import("../../store/collection.js").Collection<TagRecord>;
    findByName: (accountId: number, name: string) => TagRecord | undefined;
    get(accountId: number, id: number): TagRecord;
    present(tag: TagRecord): TagData;
    /** Every tag of the account, by name (a whole-set list). */
    list(accountId: number): TagRecord[];
    /** POST /tags: an existing name keeps its colour (200); a new one is created (201). */
    create(accountId: number, name: string, color: string | undefined): {
        tag: TagRecord;
        created: boolean;
    };
    /** The tag by name, created with the default colour when missing (contact tagging). */
    ensureTag(accountId: number, name: string): TagRecord;
    /** Detaches the tag everywhere (through the hook), then deletes the definition. */
    remove(accountId: number, id: number): TagRecord;
};
export type TagsModel = ReturnType<typeof createTagsModel>;
