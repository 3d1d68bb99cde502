/**
 * Opt-outs read back (`seed pull`). An SMS opt-in (START) is pulled as its STOP then its START,
 * the only way the seed can state one; Meta opt-outs keep scope, method and keyword.
 */
import { agoOf, pullList, type PullSpec } from '../../groups/pull.js';

interface OptOutView { id: string; channel: string; identifier: string; status: string; scope: string | null; method: string | null; keyword: string | null; opted_out_at: string | null; recorded_at: string }

export const optOutPull: PullSpec = {
  sections: [
    pullList<OptOutView>({
      field: 'opt_outs',
      list: '/opt-outs',
      many: true,
      map: (row, api) => {
        const base = {
          channel: row.channel,
          platform_user_id: row.identifier,
          ...(row.scope ? { scope: row.scope } : {}),
          ...(row.method ? { method: row.method } : {}),
          ...(row.keyword ? { keyword: row.keyword } : {}),
        };
        const number = Number(row.id.split(':')[1]);
        const kept = Number.isSafeInteger(number) && number > 0 ? { number } : {};
        if (row.status === 'opted_out') return [{ ...kept, ...base, status: 'opted_out', ago: agoOf(api, row.recorded_at) }];
        return [
          { ...kept, ...base, status: 'opted_out', ago: agoOf(api, row.opted_out_at ?? row.recorded_at) },
          { ...base, status: row.status, ago: agoOf(api, row.recorded_at) },
        ];
      },
    }),
  ],
};
