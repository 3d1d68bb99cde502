/**
 * Custom field definitions (2.3, 4.3): keys and types are permanent, there is no delete, and at
 * most 15 are active. Also the gate for writing values: the contacts model asks `resolveWrites`
 * to check every key of a `custom_fields` object before it changes anything.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { z } from 'zod';
import { storedRecord, Timestamp } from '../shared/schemas.js';
import {
  CustomFieldTypeSchema,
  FieldKey,
  MAX_ACTIVE_CUSTOM_FIELDS,
  UPDATABLE_CUSTOM_FIELD_KEYS,
  type CustomFieldData,
  type CustomFieldType,
} from './schemas.js';
import { checkValue, type CustomFieldValue } from './values.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

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

const CustomFieldRecordSchema = storedRecord({
  field_key: FieldKey,
  label: z.string().min(1).max(100),
  type: CustomFieldTypeSchema,
  archived: z.boolean(),
  created_at: Timestamp,
});

const keyOf = (accountId: number, fieldKey: string): string => `${accountId}:${fieldKey}`;

export function createCustomFieldsModel(core: CoreServices) {
  const { store, clock } = core;
  const fields = store.define<CustomFieldRecord>(
    'custom_fields',
    { key: { unique: true, key: (field) => keyOf(field.account_id, field.field_key) } },
    { schema: CustomFieldRecordSchema, sequence: 'custom_field' },
  );

  function findByKey(accountId: number, fieldKey: string): CustomFieldRecord | undefined {
    return fields.findUnique('key', keyOf(accountId, fieldKey));
  }

  function activeCount(accountId: number): number {
    let count = 0;
    for (const field of fields.ofAccount(accountId)) if (!field.archived) count++;
    return count;
  }

  function capReached(param: string | undefined, verb: string): ApiError {
    return new ApiError(
      'invalid_param',
      `An account can have at most ${MAX_ACTIVE_CUSTOM_FIELDS} active custom fields; archive one before you ${verb}.`,
      param === undefined ? {} : { param },
    );
  }

  return {
    findByKey,
    activeCount,

    /** Changes whenever any definition changes: presentations that show values compare it. */
    version: (): number => fields.version,

    get(accountId: number, id: number): CustomFieldRecord {
      const field = fields.getOwned(accountId, id);
      if (!field) throw notFound('Custom field');
      return field;
    },

    present(field: CustomFieldRecord): CustomFieldData {
      return {
        id: field.id,
        object: 'custom_field',
        field_key: field.field_key,
        label: field.label,
        type: field.type,
        archived: field.archived,
        created_at: field.created_at,
      };
    },

    /** Creation order (ids ascend with creation); archived ones only when asked. */
    list(accountId: number, includeArchived: boolean): CustomFieldRecord[] {
      const out: CustomFieldRecord[] = [];
      for (const field of fields.ofAccount(accountId)) if (includeArchived || !field.archived) out.push(field);
      return out;
    },

    /**
     * 201 new; 200 when the same key and type exist (label unchanged, like a tag's colour);
     * 409 when the key exists with another type or is archived; 400 when 15 are active.
     */
    create(
      accountId: number,
      input: { field_key: string; label: string; type: CustomFieldType },
      /** A pulled seed keeps the source's creation time (else now). */
      createdAt: string = clock.iso(),
    ): { field: CustomFieldRecord; created: boolean } {
      const existing = findByKey(accountId, input.field_key);
      if (existing) {
        if (existing.archived) {
          throw new ApiError('conflict', `Custom field ${input.field_key} exists and is archived; unarchive it with PATCH.`, {
            param: 'field_key',
          });
        }
        if (existing.type !== input.type) {
          throw new ApiError('conflict', `Custom field ${input.field_key} exists with type ${existing.type}.`, {
            param: 'type',
          });
        }
        return { field: existing, created: false };
      }
      if (activeCount(accountId) >= MAX_ACTIVE_CUSTOM_FIELDS) throw capReached(undefined, 'create another');
      const field = fields.insert({
        id: store.nextId('custom_field'),
        account_id: accountId,
        field_key: input.field_key,
        label: input.label,
        type: input.type,
        archived: false,
        created_at: createdAt,
      });
      return { field, created: true };
    },

    /** PATCH: label and archived only; unarchiving counts against the active cap. */
    update(accountId: number, id: number, patch: { label?: string | undefined; archived?: boolean | undefined }): CustomFieldRecord {
      const field = fields.getOwned(accountId, id);
      if (!field) throw notFound('Custom field');
      refuseEmptyPatch(patch, UPDATABLE_CUSTOM_FIELD_KEYS);
      if (patch.archived === false && field.archived && activeCount(accountId) >= MAX_ACTIVE_CUSTOM_FIELDS) {
        throw capReached('archived', 'unarchive this one');
      }
      const next: { label?: string; archived?: boolean } = {};
      if (patch.label !== undefined && patch.label !== field.label) next.label = patch.label;
      if (patch.archived !== undefined && patch.archived !== field.archived) next.archived = patch.archived;
      return Object.keys(next).length === 0 ? field : fields.update(field.id, next);
    },

    /**
     * Checks every key of a `custom_fields` object (defined, active, right type) before anything
     * is written, so the merge is all-or-nothing and the 400 names the key. Seeds may hold values
     * of archived fields (`allowArchived`): they describe stored state, not an API write.
     */
    resolveWrites(
      accountId: number,
      input: Readonly<Record<string, unknown>>,
      options: { allowArchived?: boolean } = {},
    ): CustomFieldWrite[] {
      const writes: CustomFieldWrite[] = [];
      for (const [fieldKey, raw] of Object.entries(input)) {
        const param = `custom_fields.${fieldKey}`;
        const field = findByKey(accountId, fieldKey);
        if (!field) throw invalidParam(param, `No custom field with key ${fieldKey} is defined; create it with POST /custom-fields.`);
        if (field.archived && !options.allowArchived) throw invalidParam(param, `Custom field ${fieldKey} is archived; its values cannot be written.`);
        const checked = checkValue(field.type, raw);
        if (!checked.ok) throw invalidParam(param, `Invalid value for ${param}: ${checked.message}.`);
        writes.push({ field, value: checked.value });
      }
      return writes;
    },

    /** True when a stored value under this key should be shown (defined and not archived). */
    isShown(accountId: number, fieldKey: string): boolean {
      const field = findByKey(accountId, fieldKey);
      return field !== undefined && !field.archived;
    },
  };
}

export type CustomFieldsModel = ReturnType<typeof createCustomFieldsModel>;
