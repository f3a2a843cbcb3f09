import type { OpenDialogOptions, SaveDialogOptions } from 'electron';
import { basename, extname, join } from 'node:path';
import { SOURCE_EXTENSIONS } from '../../shared/bots/languages.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';

/**
 * The requests main answers itself, with native dialogs: `dialog.openBot` (pick a program or a
 * source file to add as a bot), `dialog.openPackage` (pick a game package's folder) and `dialog.saveFile` (pick where an export goes, then write it). Takes
 * the dialog functions and the file writer, so tests check the logic without Electron.
 */

/** The extensions of the source files Jury can build (shared/bots/languages.ts). */
export const sourceExtensions: string[] = [...SOURCE_EXTENSIONS];

/** What the dialog handlers need from Electron and the file system. */
export interface DialogDeps {
  /** `dialog.showOpenDialog`, attached to the app's window. */
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  /** `dialog.showSaveDialog`, attached to the app's window. */
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  /** Writes a file atomically (electron/engine/atomic-file.ts). */
  writeFile(path: string, content: string): Promise<void>;
  /** The folder a save dialog starts in (the user's documents). */
  defaultFolder(): string;
}

/** The handlers of the desktop-only channels. */
export type DialogHandlers = Pick<Handlers, 'dialog.openBot' | 'dialog.saveFile' | 'dialog.openPackage'>;

/** Options of the "add a game package" dialog: a folder holding a jury-game.json. */
export function openPackageOptions(): OpenDialogOptions {
  return {
    title: 'Add a game package',
    buttonLabel: 'Add game package',
    properties: ['openDirectory'],
  };
}

/** Options of the "add a bot" dialog: any file (programs rarely have an extension) or a source file. */
export function openBotOptions(): OpenDialogOptions {
  return {
    title: 'Add a bot',
    buttonLabel: 'Add bot',
    properties: ['openFile'],
    filters: [
      { name: 'Programs and source files', extensions: ['*'] },
      { name: 'Source files', extensions: sourceExtensions },
    ],
  };
}

/**
 * Options of the save dialog for `fileName`: starts in `folder` with the suggested name (only its base
 * name: a suggestion never chooses the folder) and offers the file's own type first.
 */
export function saveFileOptions(fileName: string, folder: string): SaveDialogOptions {
  const name = basename(fileName) || 'export';
  const ext = extname(name).slice(1).toLowerCase();
  const filters = [{ name: 'All files', extensions: ['*'] }];
  if (ext !== '') filters.unshift({ name: `${ext.toUpperCase()} file`, extensions: [ext] });
  return {
    title: 'Save export',
    defaultPath: join(folder, name),
    properties: ['createDirectory', 'showOverwriteConfirmation'],
    filters,
  };
}

/** Builds the handlers of `dialog.openBot` and `dialog.saveFile`. */
export function dialogHandlers(deps: DialogDeps): DialogHandlers {
  return {
    'dialog.openBot': async () => {
      const result = await deps.showOpenDialog(openBotOptions());
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    'dialog.openPackage': async () => {
      const result = await deps.showOpenDialog(openPackageOptions());
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    'dialog.saveFile': async ({ fileName, content }) => {
      const result = await deps.showSaveDialog(saveFileOptions(fileName, deps.defaultFolder()));
      if (result.canceled || result.filePath === undefined || result.filePath === '') return null;
      await deps.writeFile(result.filePath, content);
      return result.filePath;
    },
  };
}
