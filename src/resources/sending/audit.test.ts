import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/clock.js';
import { Store } from '../../store/store.js';
import type { CoreServices } from '../../groups/services.js';
import { createSendAudit } from './audit.js';

describe('send audit counts (api_sends of the overview analytics)', () => {
  it('counts requested and sent sends per account in a half-open time range', () => {
    const store = new Store();
    const clock = new VirtualClock(() => 0);
    clock.freeze(Date.parse('2026-01-01T00:00:00Z'));
    const audit = createSendAudit({ store, clock } as unknown as CoreServices);
    const row = (outcome: 'sent' | 'failed', accountId = 1) =>
      store.transaction(() =>
        audit.record(accountId, {
          channel: 'sms',
          platform_user_id: '+15550100001',
          action: 'send_message',
          conversation_id: 1,
          idempotency_key: 'k',
          outcome,
          error_code: outcome === 'sent' ? null : 'service_unavailable',
          cold_created: false,
        }),
      );
    const start = clock.now();
    row('sent');
    row('failed');
    row('sent', 2);
    clock.advance(3_600_000);
    row('sent');
    expect(audit.counts(1, start, start + 3_600_000)).toEqual({ requested: 2, sent: 1 });
    expect(audit.counts(1, start, start + 3_600_001)).toEqual({ requested: 3, sent: 2 });
    expect(audit.counts(2, start, start + 3_600_001)).toEqual({ requested: 1, sent: 1 });
  });
});
