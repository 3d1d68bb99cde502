/**
 * `{placeholders}` (2.10): the built-ins of the catalogue (name, first_name, email, phone,
 * ig_username, channel), `{custom_fields.<key>}`, and the session's variables. An unknown one is
 * left empty, as a customer should never see braces.
 */
import type { ContactRecord } from '../contacts/model.js';
import { CUSTOM_FIELD_PLACEHOLDER_PREFIX } from '../flows/kinds.js';

export function fillPlaceholders(text: string, contact: ContactRecord | undefined, channel: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Za-z0-9_.]{1,80})\}/g, (_whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name]!;
    if (name.startsWith(CUSTOM_FIELD_PLACEHOLDER_PREFIX)) {
      const value = contact?.custom_fields[name.slice(CUSTOM_FIELD_PLACEHOLDER_PREFIX.length)];
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
        return channel;
      default:
        return '';
    }
  });
}
