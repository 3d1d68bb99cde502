/** Custom field definitions read back (`seed pull`), archived ones included, with their ids. */
import { pullList, type PullSpec } from '../../groups/pull.js';

interface FieldView { id: number; field_key: string; label: string; type: string; archived: boolean }

export const customFieldPull: PullSpec = {
  sections: [
    pullList<FieldView>({
      field: 'custom_fields',
      list: '/custom-fields',
      map: ({ id, field_key, label, type, archived }) => ({ id, field_key, label, type, archived }),
    }),
  ],
};
