import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageOfFile } from '../engine/bots/languages.ts';
import type { DialogDeps } from './dialogs.ts';
import {
  dialogHandlers,
  openBotOptions,
  openPackageOptions,
  saveFileOptions,
  sourceExtensions,
} from './dialogs.ts';
import { writeFileAtomic } from '../engine/atomic-file.ts';

const csv = { fileName: 'club-night.csv', mime: 'text/csv', content: 'rank,name\n1,a\n' };

function deps(over: Partial<DialogDeps> = {}) {
  return {
    showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/me/bots/mybot'] })),
    showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/home/me/out.csv' })),
    writeFile: vi.fn(async () => {}),
    defaultFolder: () => '/home/me/Documents',
    ...over,
  };
}

describe('dialog.openBot', () => {
  it('answers the chosen file, or null when cancelled', async () => {
    const d = deps();
    await expect(dialogHandlers(d)['dialog.openBot'](undefined)).resolves.toBe('/home/me/bots/mybot');
    expect(d.showOpenDialog).toHaveBeenCalledWith(openBotOptions());
    const cancel = deps({ showOpenDialog: async () => ({ canceled: true, filePaths: [] }) });
    await expect(dialogHandlers(cancel)['dialog.openBot'](undefined)).resolves.toBeNull();
  });

  it('offers any file first (programs have no extension) and every buildable source file', () => {
    const options = openBotOptions();
    expect(options.properties).toEqual(['openFile']);
    expect(options.filters?.[0]).toEqual({ name: 'Programs and source files', extensions: ['*'] });
    expect(options.filters?.[1]?.extensions).toEqual(sourceExtensions);
    for (const ext of sourceExtensions) expect(languageOfFile(`bot.${ext}`), ext).not.toBeNull();
  });
});

describe('dialog.openPackage', () => {
  it('asks for a folder and answers it, or null when cancelled', async () => {
    const d = deps({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/games/toy'] })) });
    await expect(dialogHandlers(d)['dialog.openPackage'](undefined)).resolves.toBe('/games/toy');
    expect(d.showOpenDialog).toHaveBeenCalledWith(openPackageOptions());
    expect(openPackageOptions().properties).toEqual(['openDirectory']);
    const cancel = deps({ showOpenDialog: async () => ({ canceled: true, filePaths: [] }) });
    await expect(dialogHandlers(cancel)['dialog.openPackage'](undefined)).resolves.toBeNull();
  });
});

describe('dialog.saveFile', () => {
  it('writes the content where the user chose and answers the path', async () => {
    const d = deps();
    await expect(dialogHandlers(d)['dialog.saveFile'](csv)).resolves.toBe('/home/me/out.csv');
    expect(d.showSaveDialog).toHaveBeenCalledWith(saveFileOptions('club-night.csv', '/home/me/Documents'));
    expect(d.writeFile).toHaveBeenCalledWith('/home/me/out.csv', csv.content);
  });

  it('writes nothing and answers null when cancelled', async () => {
    for (const result of [
      { canceled: true, filePath: '' },
      { canceled: false, filePath: '' },
    ]) {
      const d = deps({ showSaveDialog: async () => result });
      await expect(dialogHandlers(d)['dialog.saveFile'](csv)).resolves.toBeNull();
      expect(d.writeFile).not.toHaveBeenCalled();
    }
  });

  it('suggests the file name in the documents folder, never a folder of its own', () => {
    expect(saveFileOptions('club-night.csv', '/docs')).toMatchObject({
      defaultPath: '/docs/club-night.csv',
      filters: [
        { name: 'CSV file', extensions: ['csv'] },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    expect(saveFileOptions('../../.bashrc', '/docs').defaultPath).toBe('/docs/.bashrc');
    expect(saveFileOptions('', '/docs')).toMatchObject({
      defaultPath: '/docs/export',
      filters: [{ name: 'All files', extensions: ['*'] }],
    });
  });
});

describe('writeFileAtomic', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('replaces the file whole and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-save-'));
    dirs.push(dir);
    const path = join(dir, 'sub', 'report.html');
    await writeFileAtomic(path, 'first');
    await writeFileAtomic(path, '<p>second</p>');
    expect(readFileSync(path, 'utf8')).toBe('<p>second</p>');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['report.html']);
  });

  it('fails without leaving a temporary file when the target cannot be replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-save-'));
    dirs.push(dir);
    // A folder in the way: the temporary file is written, the rename over the folder fails.
    mkdirSync(join(dir, 'report.csv'));
    writeFileSync(join(dir, 'report.csv', 'inside'), 'x');
    await expect(writeFileAtomic(join(dir, 'report.csv'), 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['report.csv']);
    expect(readdirSync(join(dir, 'report.csv'))).toEqual(['inside']);
  });
});
