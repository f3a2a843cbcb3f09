import { describe, expect, it, vi } from 'vitest';

const exposed = new Map<string, unknown>();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: { invoke: vi.fn(async () => null), on: vi.fn(), removeListener: vi.fn() },
  webUtils: { getPathForFile: (file: File) => `/dropped/${file.name}` },
}));

describe('the preload', () => {
  it('exposes exactly window.jury and window.juryFiles', async () => {
    await import('./preload.ts');
    expect([...exposed.keys()]).toEqual(['jury', 'juryFiles']);
    const jury = exposed.get('jury') as Record<string, unknown>;
    expect(typeof jury['tournamentStart']).toBe('function');
    expect(jury['platform']).toBe(process.platform);
    const files = exposed.get('juryFiles') as { pathForFile(file: File): string };
    expect(files.pathForFile(new File([], 'bot.cpp'))).toBe('/dropped/bot.cpp');
  });
});
