/**
 * `{placeholders}` (2.10): the built-ins of the catalogue (name, first_name, email, phone,
 * ig_username, channel, business_name), `{custom_fields.<key>}`, and the session's variables. An
 * unknown one is left empty, as a customer should never see braces.
 */
import type { ContactRecord } from '../contacts/model.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import { CUSTOM_FIELD_PLACEHOLDER_PREFIX } from '../flows/kinds.js';

/** What a message's placeholders are filled from, as the API shows it at the moment of sending. */
export interface PlaceholderValues {
  readonly contact: ContactRecord | undefined;
  /** The contact's set, active custom fields (an archived field's value is hidden, as in GET /contacts). */
  readonly customFields: Readonly<Record<string, CustomFieldValue>>;
  readonly channel: string;
  /** The account's `business_name` (GET /account). */
  readonly businessName: string;
  readonly variables: Readonly<Record<string, string>>;
}

export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  const { contact, variables } = values;
  return text.replace(/\{([A-Za-z0-9_.]{1,80})\}/g, (_whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name]!;
    if (name.startsWith(CUSTOM_FIELD_PLACEHOLDER_PREFIX)) {
      const key = name.slice(CUSTOM_FIELD_PLACEHOLDER_PREFIX.length);
      const value = Object.hasOwn(values.customFields, key) ? values.customFields[key] : undefined;
      return value === undefined || value === null ? '' : String(value);
    }
    switch (name) {
      case 'name':
        return contact?.name ?? '';
      case 'first_name':
        return contact?.name?.split(/\s+/)[0] ?? '';
      case 'email':
        return contact?.email ?? '';
      case 'phone':
        return contact?.phone ?? '';
      case 'ig_username':
        return contact?.ig_username ?? '';
      case 'channel':
        return values.channel;
      case 'business_name':
        return values.businessName;
      default:
        return '';
    }
  });
}
