/**
 * The kit judges an appointment by 2.8's types, as it does `notes`: `service_type` a string and
 * `cost` a two-decimal string, never null (audit 12a, A1). A target answering null for either
 * fails the shape step of the appointment checks that book, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { Appointment } from '../../src/resources/appointments/schemas.js';
import { expectShape } from '../runner/expect.js';

const WALK_IN = {
  id: 7,
  confirmation_code: 'ABCD2345',
  conversation_id: null,
  contact_id: null,
  channel: null,
  datetime: '2026-12-02T18:00:00+00:00',
  timezone: 'America/New_York',
  duration_minutes: 30,
  service_type: '',
  cost: '0.00',
  status: 'confirmed',
  meeting_link: null,
  google_event_id: null,
  reminder_sent: false,
  location: { city: null, state: null },
  customer: { name: 'Walk In', email: null, phone: null, address: null },
  vehicle_info: null,
  notes: '',
  created_at: '2026-11-24T15:00:00+00:00',
};
const judge = (answer: object) => () => expectShape(answer, Appointment, 'appointment (2.8)');

describe('the kit reads an appointment as 2.8 types it', () => {
  it('takes "" for no service and "0.00" for no cost', () => {
    expect(judge(WALK_IN)).not.toThrow();
    expect(judge({ ...WALK_IN, service_type: 'Tune-up', cost: '12.50' })).not.toThrow();
  });

  it('refuses null service_type or cost, naming the field, and a cost without two decimals', () => {
    expect(judge({ ...WALK_IN, service_type: null })).toThrow(/service_type.*got null/);
    expect(judge({ ...WALK_IN, cost: null })).toThrow(/cost.*got null/);
    expect(judge({ ...WALK_IN, cost: '12.5' })).toThrow(/cost/);
    expect(judge({ ...WALK_IN, cost: 12.5 })).toThrow(/cost/);
  });
});
