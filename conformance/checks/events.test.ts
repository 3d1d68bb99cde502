/**
 * How a delivery is matched to the event expected (section 6's envelope is "not shown", audit
 * 11a A2) and how the deliveries that did arrive are quoted in a failure.
 */
import { describe, expect, it } from 'vitest';
import { deliveryMatches, describeReceived } from './events.js';

const delivery = (body: unknown, headers: Record<string, string> = {}) => ({ headers, body: JSON.stringify(body) });
const booked = { event: 'appointment.booked', id: 11 };

describe('deliveryMatches', () => {
  it('finds the event name as a string value, an object key or a header value', () => {
    expect(deliveryMatches(delivery({ type: 'appointment.booked', data: { appointment: { id: 11 } } }), booked)).toBe(true);
    expect(deliveryMatches(delivery({ 'appointment.booked': { appointment_id: 11 } }), booked)).toBe(true);
    expect(deliveryMatches(delivery({ data: { id: 11 } }, { 'x-event': 'appointment.booked' }), booked)).toBe(true);
    expect(deliveryMatches(delivery({ 'appointment.cancelled': { id: 11 } }), booked)).toBe(false);
  });

  it('finds the record under id, *_id or the key named after the event kind, and nowhere else', () => {
    expect(deliveryMatches(delivery({ 'appointment.booked': { appointment: 11 } }), booked)).toBe(true);
    expect(deliveryMatches(delivery({ 'appointment.booked': { contact: 11 } }), booked)).toBe(false);
    expect(deliveryMatches(delivery({ 'appointment.booked': { count: 11 } }), booked)).toBe(false);
    expect(deliveryMatches(delivery({ 'appointment.booked': { appointment: 12 } }), booked)).toBe(false);
  });

  it('requires the keys the event must carry', () => {
    const changed = { event: 'contact.field_changed', id: 3, keys: ['changed_at', 'source'] };
    expect(deliveryMatches(delivery({ 'contact.field_changed': { contact: 3, changed_at: 'x', source: 'api' } }), changed)).toBe(true);
    expect(deliveryMatches(delivery({ 'contact.field_changed': { contact: 3, changed_at: 'x' } }), changed)).toBe(false);
  });
});

describe('describeReceived', () => {
  it('quotes each body, cut to 200 characters (9 of the envelope, 191 x)', () => {
    expect(describeReceived([])).toBe('nothing arrived');
    const one = describeReceived([delivery({ 'appointment.booked': { appointment: 11 } })]);
    expect(one).toBe('1 delivery arrived: "{\\"appointment.booked\\":{\\"appointment\\":11}}"');
    const long = describeReceived([delivery({ text: 'x'.repeat(500) }), delivery({ type: 'flow.paused' })]);
    expect(long).toMatch(/^2 deliveries arrived: "\{\\"text\\":\\"x{191}\.\.\."; .*flow\.paused/);
  });
});
