/**
 * Pure contact edits: turn checked input into the next record, and tell which public fields and
 * which custom field values really changed. Events and `updated_at` follow real changes only, so
 * sending the same values twice is a quiet no-op.
 */
import type { CustomFieldWrite } from '../custom-fields/model.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import type { ContactRecord } from './record.js';
import { DEFAULT_STAGE, type Stage } from './schemas.js';

export interface ContactEdit {
  readonly name?: string | null | undefined;
  readonly email?: string | null | undefined;
  readonly phone?: string | null | undefined;
  readonly notes?: string | null | undefined;
  readonly stage?: Stage | undefined;
  readonly custom?: readonly CustomFieldWrite[];
  /** `add` appends missing ids (POST /contacts and tagging); `remove` detaches. */
  readonly tags?: { readonly mode: 'add' | 'remove'; readonly ids: readonly number[] };
}

export interface CustomFieldChange {
  readonly field_key: string;
  readonly previous_value: CustomFieldValue | null;
  readonly value: CustomFieldValue | null;
}

/** `""` and `null` both clear (null is what a cleared field reads back as); undefined leaves it. */
export function clearable(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === '' ? null : value;
}

/** `""` resets the stage to its default: a contact always has one. */
export function stageOf(value: Stage | '' | undefined): Stage | undefined {
  if (value === undefined) return undefined;
  return value === '' ? DEFAULT_STAGE : value;
}

/** Up to this many ids in all, `add` scans arrays; past it (a body of thousands of tags), a Set keeps it linear. */
const SCAN_AT_MOST = 32;

function addWithSet(current: readonly number[], ids: readonly number[]): readonly number[] {
  const out = [...current];
  const seen = new Set(current);
  for (const id of ids) {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out.length === current.length ? current : out;
}

/** The tag ids after an edit (the same array when nothing changes). */
export function nextTags(current: readonly number[], edit: NonNullable<ContactEdit['tags']>): readonly number[] {
  switch (edit.mode) {
    case 'remove': {
      const drop = new Set(edit.ids);
      return current.some((id) => drop.has(id)) ? current.filter((id) => !drop.has(id)) : current;
    }
    case 'add': {
      if (current.length + edit.ids.length > SCAN_AT_MOST) return addWithSet(current, edit.ids);
      // A contact usually carries a handful of tags: scanning them beats building a Set for each write.
      let out: number[] | undefined;
      for (const id of edit.ids) {
        if ((out ?? current).includes(id)) continue;
        (out ??= [...current]).push(id);
      }
      return out ?? current;
    }
  }
}

/** The custom field values after the writes (the same object when there are none). */
export function nextCustomFields(
  current: Readonly<Record<string, CustomFieldValue>>,
  writes: readonly CustomFieldWrite[],
): Readonly<Record<string, CustomFieldValue>> {
  if (writes.length === 0) return current;
  const out: Record<string, CustomFieldValue> = { ...current };
  for (const write of writes) {
    if (write.value === null) delete out[write.field.field_key];
    else out[write.field.field_key] = write.value;
  }
  return out;
}

/** The record after the edit; `updated_at` is the caller's to set once it knows something changed. */
export function applyEdit(record: ContactRecord, edit: ContactEdit): ContactRecord {
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
] as const;

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}

export function customFieldChanges(previous: ContactRecord, next: ContactRecord): CustomFieldChange[] {
  const changes: CustomFieldChange[] = [];
  const keys = new Set([...Object.keys(previous.custom_fields), ...Object.keys(next.custom_fields)]);
  for (const key of keys) {
    const before = previous.custom_fields[key] ?? null;
    const after = next.custom_fields[key] ?? null;
    if (before !== after) changes.push({ field_key: key, previous_value: before, value: after });
  }
  return changes;
}

/** Public fields whose value differs; activity timestamps (last_seen_at...) are not changes. */
export function changedFields(previous: ContactRecord, next: ContactRecord): string[] {
  const changed: string[] = SCALAR_FIELDS.filter((field) => previous[field] !== next[field]);
  if (!sameIds(previous.tag_ids, next.tag_ids)) changed.push('tags');
  if (previous.custom_fields !== next.custom_fields && customFieldChanges(previous, next).length > 0) {
    changed.push('custom_fields');
  }
  return changed;
}
