import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualClock, formatTimestamp, parseTimestamp } from './clock.js';
import { Scheduler } from './scheduler.js';
import { testSimulator } from '../../test/support/simulator.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function manualWall(start = 1_000_000) {
  let wall = start;
  return { now: () => wall, tick: (ms: number) => (wall += ms) };
}

describe('VirtualClock (unit)', () => {
  it('follows the wall clock in real mode', () => {
    const wall = manualWall();
    const clock = new VirtualClock(wall.now);
    expect(clock.mode()).toBe('real');
    expect(clock.now()).toBe(1_000_000);
    wall.tick(500);
    expect(clock.now()).toBe(1_000_500);
  });

  it('holds one wall instant from holdWall to releaseWall, while virtual time still moves', () => {
    const wall = manualWall();
    const clock = new VirtualClock(wall.now);
    expect(clock.holdWall()).toBe(true);
    wall.tick(1500);
    expect(clock.now()).toBe(1_000_000);
    // A hold already on is not taken again (and the inner caller must not release it).
    expect(clock.holdWall()).toBe(false);
    clock.advance(250);
    expect(clock.now()).toBe(1_000_250);
    clock.set(2_000_000);
    expect(clock.now()).toBe(2_000_000);
    clock.freeze();
    clock.unfreeze();
    expect(clock.now()).toBe(2_000_000);
    // wall() is real time, never held.
    expect(clock.wall()).toBe(1_001_500);
    clock.releaseWall();
    expect(clock.now()).toBe(2_001_500);
    wall.tick(10);
    expect(clock.now()).toBe(2_001_510);
  });

  it('stands still when frozen, moves only on advance and set', () => {
    const wall = manualWall();
    const clock = new VirtualClock(wall.now);
    clock.freeze(T0);
    wall.tick(10_000);
    expect(clock.now()).toBe(T0);
    clock.advance(1500);
    expect(clock.now()).toBe(T0 + 1500);
    clock.set(T0 - 5000);
    expect(clock.now()).toBe(T0 - 5000);
    expect(clock.state()).toEqual({ mode: 'frozen', now: '2025-12-31T23:59:55+00:00', now_ms: T0 - 5000 });
  });

  it('freeze() without an argument freezes at the current instant', () => {
    const wall = manualWall();
    const clock = new VirtualClock(wall.now);
    clock.freeze();
    wall.tick(100);
    expect(clock.now()).toBe(1_000_000);
  });

  it('advance and set in real mode shift the offset and time keeps running', () => {
    const wall = manualWall();
    const clock = new VirtualClock(wall.now);
    clock.advance(60_000);
    expect(clock.now()).toBe(1_060_000);
    wall.tick(1);
    expect(clock.now()).toBe(1_060_001);
    clock.set(T0);
    expect(clock.now()).toBe(T0);
    wall.tick(5);
    expect(clock.now()).toBe(T0 + 5);
  });

  it('unfreeze runs on from the frozen instant; resetToReal goes back to the wall clock', () => {
    const wall = manualWall();
    const clock = new VirtualClock(wall.now);
    clock.freeze(T0);
    wall.tick(1000);
    clock.unfreeze();
    expect(clock.mode()).toBe('real');
    expect(clock.now()).toBe(T0);
    wall.tick(250);
    expect(clock.now()).toBe(T0 + 250);
    clock.resetToReal();
    expect(clock.now()).toBe(wall.now());
  });

  it('refuses a negative or non-finite advance and a non-finite set', () => {
    const clock = new VirtualClock(() => 0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.set(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('notifies listeners of jumps with the new and previous instants', () => {
    const clock = new VirtualClock(() => 0);
    clock.freeze(T0);
    const jumps: [number, number][] = [];
    const off = clock.onJump((now, previous) => jumps.push([now, previous]));
    clock.advance(10);
    clock.set(T0);
    off();
    clock.advance(10);
    expect(jumps).toEqual([
      [T0 + 10, T0],
      [T0, T0 + 10],
    ]);
  });

  it('formats timestamps in the spec form with seconds precision and parses them back', () => {
    expect(formatTimestamp(T0 + 1999)).toBe('2026-01-01T00:00:01+00:00');
    expect(parseTimestamp('2026-01-01T00:00:01+00:00')).toBe(T0 + 1000);
    expect(parseTimestamp('2026-01-01T02:00:00+02:00')).toBe(T0);
    expect(parseTimestamp('2026-01-01T00:00:00Z')).toBe(T0);
    expect(parseTimestamp('2026-01-01T00:00:00.250Z')).toBe(T0 + 250);
    for (const bad of ['2026-01-01', '2026-01-01T00:00:00', 'yesterday', '2026-13-45T99:00:00Z', '']) {
      expect(parseTimestamp(bad), bad).toBeNull();
    }
  });

  it('refuses a day the month does not have instead of rolling it over, and knows leap years', () => {
    for (const missing of ['2026-02-29T00:00:00Z', '2026-02-30T00:00:00Z', '2026-04-31T10:00:00Z', '2026-11-31T10:00:00Z', '1900-02-29T00:00:00Z', '2026-01-32T00:00:00Z']) {
      expect(parseTimestamp(missing), missing).toBeNull();
    }
    expect(parseTimestamp('2028-02-29T00:00:00Z')).toBe(Date.UTC(2028, 1, 29));
    expect(parseTimestamp('2000-02-29T12:00:00+00:00')).toBe(Date.UTC(2000, 1, 29, 12));
    expect(parseTimestamp('2026-04-30T23:59:59Z')).toBe(Date.UTC(2026, 3, 30, 23, 59, 59));
    expect(parseTimestamp('2026-12-31T23:00:00-05:00')).toBe(Date.UTC(2027, 0, 1, 4));
  });
});

describe('Scheduler (unit)', () => {
  afterEach(() => vi.useRealTimers());

  function frozen() {
    const clock = new VirtualClock(() => 0);
    clock.freeze(T0);
    const errors: unknown[] = [];
    return { clock, errors, scheduler: new Scheduler(clock, (error) => errors.push(error)) };
  }

  it('runs due tasks on advance, in time order (ties in scheduling order)', () => {
    const { clock, scheduler } = frozen();
    const ran: string[] = [];
    scheduler.at(T0 + 300, () => ran.push('c'));
    scheduler.at(T0 + 100, () => ran.push('a1'));
    scheduler.after(100, () => ran.push('a2'));
    scheduler.at(T0 + 200, () => ran.push('b'));
    scheduler.at(T0 + 10_000, () => ran.push('later'));
    expect(scheduler.pending()).toBe(5);
    clock.advance(99);
    expect(ran).toEqual([]);
    clock.advance(1);
    expect(ran).toEqual(['a1', 'a2']);
    clock.advance(250);
    expect(ran).toEqual(['a1', 'a2', 'b', 'c']);
    expect(scheduler.pending()).toBe(1);
  });

  it('runs tasks when the clock is set past them', () => {
    const { clock, scheduler } = frozen();
    const ran: number[] = [];
    scheduler.at(T0 + 1000, () => ran.push(clock.now()));
    clock.set(T0 + 5000);
    expect(ran).toEqual([T0 + 5000]);
  });

  it('does not run a cancelled task', () => {
    const { clock, scheduler } = frozen();
    const ran: string[] = [];
    const cancel = scheduler.after(10, () => ran.push('cancelled'));
    scheduler.after(20, () => ran.push('kept'));
    cancel();
    expect(scheduler.pending()).toBe(1);
    clock.advance(100);
    expect(ran).toEqual(['kept']);
  });

  it('runs work scheduled by a task in the same pass when it is already due', () => {
    const { clock, scheduler } = frozen();
    const ran: string[] = [];
    scheduler.after(10, () => {
      ran.push('first');
      // Scheduled for a past instant (the clock already stands at T0 + 100): due at once.
      scheduler.at(T0 + 50, () => ran.push('follow-up'));
      scheduler.after(1000, () => ran.push('too late'));
    });
    clock.advance(100);
    expect(ran).toEqual(['first', 'follow-up']);
  });

  it('reports a failing task and carries on', () => {
    const { clock, scheduler, errors } = frozen();
    const ran: string[] = [];
    scheduler.after(1, () => {
      throw new Error('task failed');
    });
    scheduler.after(2, () => ran.push('next'));
    clock.advance(10);
    expect(errors).toHaveLength(1);
    expect(ran).toEqual(['next']);
  });

  it('clear drops every task', () => {
    const { clock, scheduler } = frozen();
    const ran: string[] = [];
    scheduler.after(1, () => ran.push('x'));
    scheduler.clear();
    clock.advance(10);
    expect(ran).toEqual([]);
    expect(scheduler.pending()).toBe(0);
  });

  it('fires due work from a real timer while the clock runs in real mode', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const clock = new VirtualClock();
    const scheduler = new Scheduler(clock, () => {});
    const ran: string[] = [];
    scheduler.after(5000, () => ran.push('timer'));
    vi.advanceTimersByTime(4999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['timer']);
  });
});

describe('the virtual clock through the simulator', () => {
  it('stamps created_at with the virtual time after set and advance', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
    sim.sandbox.clock.set(Date.parse('2030-06-15T12:34:56Z'));
    const first = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'a' } });
    expect((first.body as { data: { created_at: string } }).data.created_at).toBe('2030-06-15T12:34:56+00:00');

    sim.sandbox.clock.advance('1h30m');
    const second = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'b' } });
    expect((second.body as { data: { created_at: string } }).data.created_at).toBe('2030-06-15T14:04:56+00:00');
    expect(sim.sandbox.clock.now()).toBe('2030-06-15T14:04:56+00:00');
  });

  it('starts frozen at clock.frozenAt, and freeze/unfreeze work through sim.sandbox.clock', () => {
    const { sim } = testSimulator({ clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
    expect(sim.clock.state()).toMatchObject({ mode: 'frozen', now: '2026-01-01T00:00:00+00:00' });
    sim.sandbox.clock.unfreeze();
    expect(sim.clock.mode()).toBe('real');
    sim.sandbox.clock.freeze(T0 + 42_000);
    expect(sim.sandbox.clock.now()).toBe('2026-01-01T00:00:42+00:00');
    sim.sandbox.clock.advance(1000);
    expect(sim.sandbox.clock.now()).toBe('2026-01-01T00:00:43+00:00');
  });

  it('accepts frozenAt as epoch ms and refuses a non-timestamp', () => {
    expect(testSimulator({ clock: { frozenAt: T0 } }).sim.clock.now()).toBe(T0);
    expect(() => testSimulator({ clock: { frozenAt: 'tomorrow' } })).toThrow(/frozenAt/);
  });

  it('stamps a write and its events with one real instant, however far the wall clock moves meanwhile', async () => {
    const { sim, keys, accounts } = testSimulator();
    // Every read of the wall clock is a second after the last one.
    let wall = Date.parse('2031-01-01T00:00:00.500Z');
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => (wall += 1000));
    try {
      const res = await sim.request({ method: 'POST', path: '/contacts', key: keys.full, body: { channel: 'telegram', platform_user_id: 'one-instant', email: 'one@instant.test' } });
      expect(res.status).toBe(201);
      const contact = (res.body as { data: { id: number; created_at: string; updated_at: string } }).data;
      expect(contact.updated_at).toBe(contact.created_at);
      const events = sim.sandbox.events(accounts[0]!.id).filter((event) => (event.data['contact'] as { id?: number } | undefined)?.id === contact.id);
      expect(events.map((event) => event.type).sort()).toEqual(['contact.updated', 'lead.captured']);
      for (const event of events) expect(event.created_at).toBe(contact.created_at);
    } finally {
      spy.mockRestore();
    }
  });

  it('runs in real time by default', () => {
    const { sim } = testSimulator();
    expect(sim.clock.mode()).toBe('real');
    expect(Math.abs(sim.clock.now() - Date.now())).toBeLessThan(5000);
  });
});
