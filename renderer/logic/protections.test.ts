import { describe, expect, it } from 'vitest';
import {
  limitKey,
  limitsKey,
  limitsRequest,
  orderProtections,
  rowOf,
  statusBadge,
  summarizeProtections,
  type Protection,
} from './protections.ts';

const row = (limit: Protection['limit'], status: Protection['status']): Protection => ({
  limit,
  status,
  detail: `${limit} is ${status}`,
});

describe('summarizeProtections', () => {
  it('puts missing before partial before enforced, each in the record’s order of protections', () => {
    const rows = [
      row('identity', 'enforced'),
      row('filesystem', 'missing'),
      row('memory', 'partial'),
      row('cpu-time', 'missing'),
      row('memory', 'enforced'),
      row('processes', 'partial'),
    ];
    expect(orderProtections(rows).map((r) => `${r.limit}:${r.status}`)).toEqual([
      'filesystem:missing',
      'cpu-time:missing',
      'memory:partial',
      'processes:partial',
      'memory:enforced',
      'identity:enforced',
    ]);
    const summary = summarizeProtections(rows);
    expect(summary.gaps.map((r) => r.limit)).toEqual(['filesystem', 'cpu-time', 'memory', 'processes']);
    expect(summary.enforced.map((r) => r.limit)).toEqual(['memory', 'identity']);
    expect(summary.all).toHaveLength(6);
    expect(rows[0]?.limit).toBe('identity'); // the input is left alone
  });

  it('has no gaps when everything is enforced, and nothing at all for no rows', () => {
    const summary = summarizeProtections([row('network', 'enforced'), row('memory', 'enforced')]);
    expect(summary.gaps).toEqual([]);
    expect(summary.enforced.map((r) => r.limit)).toEqual(['memory', 'network']);
    expect(summarizeProtections([])).toEqual({ gaps: [], enforced: [], all: [] });
  });
});

describe('limitKey', () => {
  it('names every protection’s message in camel case', () => {
    expect(limitKey('cpu-time')).toBe('cpuTime');
    expect(limitKey('memory')).toBe('memory');
  });
});

describe('rowOf', () => {
  it('finds the row of one protection', () => {
    const rows = [row('memory', 'partial'), row('network', 'enforced')];
    expect(rowOf(rows, 'memory')?.status).toBe('partial');
    expect(rowOf(rows, 'processes')).toBeUndefined();
  });
});

describe('statusBadge', () => {
  it('is green, amber or red', () => {
    expect(statusBadge('enforced')).toBe('badge-ok');
    expect(statusBadge('partial')).toBe('badge-warn');
    expect(statusBadge('missing')).toBe('badge-danger');
  });
});

describe('limitsRequest', () => {
  it('asks with the form’s limits, null meaning no cap', () => {
    expect(limitsRequest({ memoryMiB: 512, maxProcesses: 64, network: false })).toEqual({
      memoryMiB: 512,
      maxProcesses: 64,
      network: false,
    });
    expect(limitsRequest({ memoryMiB: null, maxProcesses: null, network: true })).toEqual({
      memoryMiB: null,
      maxProcesses: null,
      network: true,
    });
    expect(limitsRequest({ memoryMiB: 16, maxProcesses: 1, network: false })).not.toBeNull();
  });

  it('does not ask while a number is one the draft would refuse', () => {
    expect(limitsRequest({ memoryMiB: 15, maxProcesses: 64, network: false })).toBeNull();
    expect(limitsRequest({ memoryMiB: 100.5, maxProcesses: 64, network: false })).toBeNull();
    expect(limitsRequest({ memoryMiB: 512, maxProcesses: 0, network: false })).toBeNull();
    expect(limitsRequest({ memoryMiB: Number.NaN, maxProcesses: 64, network: false })).toBeNull();
  });
});

describe('limitsKey', () => {
  it('tells a default from no cap, and ignores the order of the fields', () => {
    expect(limitsKey({})).not.toBe(limitsKey({ memoryMiB: null, maxProcesses: null }));
    expect(limitsKey({ network: true, memoryMiB: 64 })).toBe(limitsKey({ memoryMiB: 64, network: true }));
    expect(limitsKey({ memoryMiB: 64 })).not.toBe(limitsKey({ memoryMiB: 65 }));
  });
});
