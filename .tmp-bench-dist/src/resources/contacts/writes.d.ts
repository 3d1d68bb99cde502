/**
 * Pure contact edits: turn checked input into the next record, and tell which public fields and
 * which custom field values really changed. Events and `updated_at` follow real changes only, so
 * sending the same values twice is a quiet no-op.
 */
import type { CustomFieldWrite } from '../custom-fields/model.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import type { ContactRecord } from './record.js';
import { type Stage } from './schemas.js';
export interface ContactEdit {
    readonly name?: string | null | undefined;
    readonly email?: string | null | undefined;
    readonly phone?: string | null | undefined;
    readonly notes?: string | null | undefined;
    readonly stage?: Stage | undefined;
    readonly custom?: readonly CustomFieldWrite[];
    /** `add` appends missing ids (POST /contacts); `replace` is the `replace_tags` mutant only. */
    readonly tags?: {
        readonly mode: 'add' | 'replace' | 'remove';
        readonly ids: readonly number[];
    };
}
export interface CustomFieldChange {
    readonly field_key: string;
    readonly previous_value: CustomFieldValue | null;
    readonly value: CustomFieldValue | null;
}
/** `""` and `null` both clear (null is what a cleared field reads back as); undefined leaves it. */
export declare function clearable(value: string | null | undefined): string | null | undefined;
/** `""` resets the stage to its default: a contact always has one. */
export declare function stageOf(value: Stage | '' | undefined): Stage | undefined;
/** The record after the edit; `updated_at` is the caller's to set once it knows something changed. */
export declare function applyEdit(record: ContactRecord, edit: ContactEdit): ContactRecord;
export declare function customFieldChanges(previous: ContactRecord, next: ContactRecord): CustomFieldChange[];
/** Public fields whose value differs; activity timestamps (last_seen_at...) are not changes. */
export declare function changedFields(previous: ContactRecord, next: ContactRecord): string[];
