import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { IpcRenderer, WebUtils } from 'electron';
import { eventChannels, requestChannels } from '../shared/ipc/contract.ts';
import type { IpcRendererLike, RendererListener, WebUtilsLike } from './preload-api.ts';
import { buildFilesApi, buildJuryApi } from './preload-api.ts';

function fakeRenderer() {
  const listeners = new Map<string, Set<RendererListener>>();
  const ipc = {
    invoke: vi.fn(async (channel: string) => `reply to ${channel}`),
    on: vi.fn((channel: string, listener: RendererListener) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    }),
    removeListener: vi.fn((channel: string, listener: RendererListener) =>
      listeners.get(channel)?.delete(listener),
    ),
  } satisfies IpcRendererLike;
  const emit = (channel: string, payload: unknown) =>
    listeners.get(channel)?.forEach((l) => l({ sender: 'secret' }, payload));
  return { ipc, emit, listeners };
}

describe('buildJuryApi', () => {
  it('exposes exactly one method per contract channel and nothing generic', () => {
    const api = buildJuryApi(fakeRenderer().ipc);
    expect(Object.keys(api)).toEqual(
      expect.arrayContaining(['gamesList', 'tournamentStart', 'dialogSaveFile', 'onGameFrame']),
    );
    expect(Object.keys(api).filter((k) => /send|invoke|emit/i.test(k))).toEqual([]);
    expect(Object.keys(api)).toHaveLength(requestChannels.length + eventChannels.length);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes each fixed channel with only the payload', async () => {
    const { ipc } = fakeRenderer();
    const api = buildJuryApi(ipc);
    await expect(api.gamesList()).resolves.toBe('reply to games.list');
    expect(ipc.invoke).toHaveBeenLastCalledWith('games.list');
    await api.botsSamples({ game: 'flit' });
    expect(ipc.invoke).toHaveBeenLastCalledWith('bots.samples', { game: 'flit' });
    const play = { game: 'less' as const, bots: [{ sample: 'a' }, { sample: 'b' }], timing: 'cpu' as const };
    await (api.matchPlay as (...args: unknown[]) => Promise<unknown>)(play, 'smuggled');
    expect(ipc.invoke).toHaveBeenLastCalledWith('match.play', play);
  });

  it('subscribes to events, passes only the payload and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeRenderer();
    const api = buildJuryApi(ipc);
    const seen: unknown[] = [];
    const off = api.onGameFrame((move) => seen.push(move));
    const move = { game: 0, ply: 1, lastMove: 'Ab' };
    emit('game.frame', move);
    emit('tournament.progress', { finished: 1, total: 2, running: 1, etaMs: 5 });
    expect(seen).toEqual([move]);
    off();
    off();
    emit('game.frame', move);
    expect(seen).toHaveLength(1);
    expect(ipc.removeListener).toHaveBeenCalledTimes(1);
    expect(listeners.get('game.frame')?.size).toBe(0);
    expect(() => api.onTournamentProgress('x' as never)).toThrow(TypeError);
  });

  it("accepts Electron's real ipcRenderer", () => {
    expectTypeOf<IpcRenderer>().toExtend<IpcRendererLike>();
  });
});

describe('buildFilesApi', () => {
  it('gives the path of a dropped file and nothing else', () => {
    const getPathForFile = vi.fn((file: File) => `/home/me/${file.name}`);
    const files = buildFilesApi({ getPathForFile });
    const file = new File(['#!/bin/sh\n'], 'mybot');
    expect(files.pathForFile(file)).toBe('/home/me/mybot');
    expect(getPathForFile).toHaveBeenCalledWith(file);
    expect(Object.keys(files)).toEqual(['pathForFile']);
    expect(Object.isFrozen(files)).toBe(true);
  });

  it("accepts Electron's real webUtils", () => {
    expectTypeOf<WebUtils>().toExtend<WebUtilsLike>();
  });
});

describe('the preload bundle', () => {
  it('pulls in no zod: a sandboxed preload can require nothing but electron', () => {
    for (const file of ['./preload-api.ts', '../shared/ipc/channels.ts', '../shared/ipc/api.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const runtimeImports = source.match(/^import (?!type ).*$/gm) ?? [];
      expect(runtimeImports.join('\n'), file).not.toMatch(/zod|contract\.ts|schemas\.ts/);
    }
  });
});
