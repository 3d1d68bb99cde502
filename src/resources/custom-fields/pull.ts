/** Custom field definitions read back (`seed pull`), archived ones included, with their ids. */
import { pullList, type PullSpec } from '../../groups/pull.js';

interface FieldView { id: number; field_key: string; label: string; type: string; archived: boolean; created_at: string }

export const customFieldPull: PullSpec = {
  sections: [
    pullList<FieldView>({
      field: 'custom_fields',
      list: '/custom-fields',
      map: ({ id, field_key, label, type, archived, created_at }) => ({ id, field_key, label, type, archived, created_at }),
    }),
  ],
};
