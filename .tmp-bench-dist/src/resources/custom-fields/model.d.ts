import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import { type CustomFieldData, type CustomFieldType } from './schemas.js';
import { type CustomFieldValue } from './values.js';
export interface CustomFieldRecord extends Entity {
    readonly field_key: string;
    readonly label: string;
    readonly type: CustomFieldType;
    readonly archived: boolean;
    readonly created_at: string;
}
/** One checked write of a contact's `custom_fields`: `null` clears the key. */
export interface CustomFieldWrite {
    readonly field: CustomFieldRecord;
    readonly value: CustomFieldValue | null;
}
export declare function createCustomFieldsModel(core: CoreServices): {
    fields: import("../../store/collection.js").Collection<CustomFieldRecord>;
    findByKey: (accountId: number, fieldKey: string) => CustomFieldRecord | undefined;
    activeCount: (accountId: number) => number;
    get(accountId: number, id: number): CustomFieldRecord;
    present(field: CustomFieldRecord): CustomFieldData;
    /** Creation order (ids ascend with creation); archived ones only when asked. */
    list(accountId: number, includeArchived: boolean): CustomFieldRecord[];
    /**
     * 201 new; 200 when the same key and type exist (label unchanged, like a tag's colour);
     * 409 when the key exists with another type or is archived; 400 when 15 are active.
     */
    create(accountId: number, input: {
        field_key: string;
        label: string;
        type: CustomFieldType;
    }): {
        field: CustomFieldRecord;
        created: boolean;
    };
    /** PATCH: label and archived only; unarchiving counts against the active cap. */
    update(accountId: number, id: number, patch: {
        label?: string | undefined;
        archived?: boolean | undefined;
    }): CustomFieldRecord;
    /**
     * Checks every key of a `custom_fields` object (defined, active, right type) before anything
     * is written, so the merge is all-or-nothing and the 400 names the key. Seeds may hold values
     * of archived fields (`allowArchived`): they describe stored state, not an API write.
     */
    resolveWrites(accountId: number, input: Readonly<Record<string, unknown>>, options?: {
        allowArchived?: boolean;
    }): CustomFieldWrite[];
    /** True when a stored value under this key should be shown (defined and not archived). */
    isShown(accountId: number, fieldKey: string): boolean;
};
export type CustomFieldsModel = ReturnType<typeof createCustomFieldsModel>;
