import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepMeasuring, SpeedGauge } from './speed-gauge.ts';
import { speedFactor } from './speed.ts';

/** A benchmark that answers `times` in turn (the last one from then on): no real work is timed. */
function figures(...times: number[]): () => number {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)] ?? NaN;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the speed gauge', () => {
  it('does not let one busy moment decide the factor once a quiet measurement exists', () => {
    // The tester's evening: the coordinator measured under load (75 ms instead of 40) when it started,
    // so a worker on the same machine got 0.53, and its bots 53% of their time.
    const coordinator = new SpeedGauge({ benchmark: figures(75, 40, 90) });
    const worker = new SpeedGauge({ benchmark: figures(40) });
    const factor = (): number => speedFactor(worker.current().benchmarkMs, coordinator.current().benchmarkMs);
    coordinator.measure();
    expect(factor()).toBe(0.53);
    coordinator.measure(); // a quiet moment
    expect(factor()).toBe(1);
    coordinator.measure(); // busy again: a slower measurement changes nothing
    expect(factor()).toBe(1);
    expect(coordinator.reading()).toMatchObject({ benchmarkMs: 40, measurements: 3 });
  });

  it('counts the worker’s own quiet measurement the same way', () => {
    const worker = new SpeedGauge({ benchmark: figures(64, 42) });
    worker.measure();
    expect(speedFactor(worker.current().benchmarkMs, 40)).toBe(1.6);
    worker.measure();
    expect(speedFactor(worker.current().benchmarkMs, 40)).toBe(1.05);
  });

  it('goes by the latest measurements only, so a machine that became slower is seen', () => {
    const gauge = new SpeedGauge({ benchmark: figures(40, 60, 61, 62), keep: 3 });
    for (let i = 0; i < 3; i++) gauge.measure();
    expect(gauge.reading()?.benchmarkMs).toBe(40);
    gauge.measure();
    expect(gauge.reading()).toMatchObject({ benchmarkMs: 60, measurements: 3 });
  });

  it('says when it last measured, and how long ago', () => {
    let now = Date.parse('2026-11-27T19:00:00.000Z');
    const gauge = new SpeedGauge({ benchmark: figures(50, 45), now: () => now });
    expect(gauge.reading()).toBeNull();
    expect(gauge.ageMs()).toBe(Infinity);
    expect(gauge.current()).toEqual({
      benchmarkMs: 50,
      measuredAt: '2026-11-27T19:00:00.000Z',
      measurements: 1,
    });
    now += 90_000;
    expect(gauge.ageMs()).toBe(90_000);
    // current() does not measure again once there is a reading.
    expect(gauge.current().measuredAt).toBe('2026-11-27T19:00:00.000Z');
    expect(gauge.measure()).toEqual({
      benchmarkMs: 45,
      measuredAt: '2026-11-27T19:01:30.000Z',
      measurements: 2,
    });
  });

  it('ignores a measurement that is not a positive time, and refuses to start with one', () => {
    const gauge = new SpeedGauge({ benchmark: figures(40, 0, NaN) });
    gauge.measure();
    expect(gauge.measure()).toMatchObject({ benchmarkMs: 40, measurements: 1 });
    expect(() => new SpeedGauge({ benchmark: () => -1 }).measure()).toThrow('answered -1 ms');
    expect(SpeedGauge.fixed(33).measure().benchmarkMs).toBe(33);
  });
});

describe('measuring at quiet moments', () => {
  it('measures again once the last measurement is old enough, and only while quiet', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T19:00:00.000Z') });
    const benchmark = vi.fn(figures(70, 42, 41));
    const gauge = new SpeedGauge({ benchmark });
    gauge.measure();
    let quiet = false;
    const stop = keepMeasuring(gauge, () => quiet, 300_000, 30_000);
    vi.advanceTimersByTime(600_000); // old enough, but games are playing here
    expect(benchmark).toHaveBeenCalledTimes(1);
    quiet = true;
    vi.advanceTimersByTime(30_000);
    expect(benchmark).toHaveBeenCalledTimes(2);
    expect(gauge.reading()).toMatchObject({ benchmarkMs: 42, measuredAt: '2026-11-27T19:10:30.000Z' });
    vi.advanceTimersByTime(270_000); // not yet 5 minutes since
    expect(benchmark).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30_000);
    expect(benchmark).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(3_600_000);
    expect(benchmark).toHaveBeenCalledTimes(3);
  });
});
