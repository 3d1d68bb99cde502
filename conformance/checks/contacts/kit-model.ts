/**
 * The kit's own small model of contacts, tags and custom fields (4.2, 4.3, 4.5), written from the
 * spec text. It knows only what the spec states: POST /contacts creates (201) or updates (200) by
 * `(channel, platform_user_id)` and adds tags without removing any; POST /contacts/{id}/tags adds
 * one (creating it if missing); DELETE /contacts/{id}/tags/{tag} detaches (404 for an unknown
 * tag); DELETE /tags/{id} removes the tag from every contact; a custom field value is omitted
 * when unset or when its field is archived. Tag order on a contact is not stated, so tags
 * compare as sets.
 */

export type FieldType = 'text' | 'number' | 'date' | 'boolean';
export type FieldValue = string | number | boolean;

export interface ModelContact {
  id: number;
  stage: string;
  name: string | null;
  readonly tags: Set<string>;
  readonly values: Map<string, FieldValue>;
}

export interface ModelTag {
  id: number | undefined;
  color: string | undefined;
}

export interface ModelField {
  readonly id: number;
  readonly type: FieldType;
  archived: boolean;
}

export interface ContactsModel {
  /** By handle (`c0`, `c1`, ...); the real platform_user_id is namespaced. */
  readonly contacts: Map<string, ModelContact>;
  /** Tags of this sequence, by short name (`t0`...). */
  readonly tags: Map<string, ModelTag>;
  /** Custom fields of this sequence, by short key (`f0`...). */
  readonly fields: Map<string, ModelField>;
}

export function emptyModel(): ContactsModel {
  return { contacts: new Map(), tags: new Map(), fields: new Map() };
}

/** The values a contact shows: set values of fields that exist and are not archived. */
export function visibleValues(model: ContactsModel, contact: ModelContact): Map<string, FieldValue> {
  const out = new Map<string, FieldValue>();
  for (const [key, value] of contact.values) {
    const field = model.fields.get(key);
    if (field && !field.archived) out.set(key, value);
  }
  return out;
}

export function addTags(model: ContactsModel, contact: ModelContact, names: readonly string[]): void {
  for (const name of names) {
    contact.tags.add(name);
    if (!model.tags.has(name)) model.tags.set(name, { id: undefined, color: undefined });
  }
}
