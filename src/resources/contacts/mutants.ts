/** Contact rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { ContactsModel, ContactsNeeds } from './model.js';

export const contactMutants: Readonly<Record<string, GroupMutant<ContactsModel, ContactsNeeds>>> = {
  replace_tags: {
    description: 'Tags sent to POST /contacts replace the contact tags instead of adding.',
    install: ({ model }) => {
      const upsert = model.upsert;
      model.upsert = (accountId, input) => {
        const result = upsert(accountId, input);
        if (result.created || input.tags === undefined) return result;
        let contact = result.contact;
        for (const name of model.present(contact).tags) {
          if (!input.tags.includes(name)) contact = model.detachTag(accountId, contact.id, name);
        }
        return { contact, created: false };
      };
      return () => {
        model.upsert = upsert;
      };
    },
  },
};
