import { dirname, join } from 'node:path';
import type { HostFolders } from '../app/host-protocol.ts';

/**
 * Where the desktop app's files are. The bundles sit side by side in out/ (main and the engine host in
 * out/main/, the preload in out/preload/, the renderer in out/renderer/), in the repository while
 * developing and inside app.asar once packaged; the sample bots stay plain files outside the archive
 * (build/electron-builder.yml copies them to <resources>/sample-bots/, mirroring the repository).
 */

/** What Electron says about the running app. */
export interface AppLocations {
  /**
   * The tournaments folder: the CLI's default (`defaultStoreFolder` in electron/engine/store/paths.ts), so
   * `jury run`, `jury serve` and the app see the same tournaments; the workspace (bots, settings, presets)
   * is its parent folder, as for `jury serve`.
   */
  readonly storeFolder: string;
  /** `app.getAppPath()`: the folder (or app.asar) holding package.json. */
  readonly appPath: string;
  readonly isPackaged: boolean;
  /** `process.resourcesPath`. */
  readonly resourcesPath: string;
  /** The folder of the main bundle (out/main/). */
  readonly mainDir: string;
}

/** Every path main needs. */
export interface ShellPaths extends HostFolders {
  /** The preload bundle. */
  readonly preload: string;
  /** The engine host bundle, forked as a utility process. */
  readonly host: string;
  /** The built renderer's folder: what the window's scheme serves (shell/app-protocol.ts). */
  readonly rendererRoot: string;
}

/** Works out {@link ShellPaths} from the app's locations. */
export function shellPaths(app: AppLocations): ShellPaths {
  const renderer = join(app.mainDir, '..', 'renderer');
  return {
    workspace: dirname(app.storeFolder),
    storeFolder: app.storeFolder,
    samplesDir: app.isPackaged
      ? join(app.resourcesPath, 'sample-bots', 'electron', 'engine', 'bots', 'samples')
      : join(app.appPath, 'electron', 'engine', 'bots', 'samples'),
    preload: join(app.mainDir, '..', 'preload', 'index.cjs'),
    host: join(app.mainDir, 'host.js'),
    rendererRoot: renderer,
  };
}
