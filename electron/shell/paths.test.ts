import { describe, expect, it } from 'vitest';
import { shellPaths } from './paths.ts';

describe('shellPaths', () => {
  it('finds the bundles beside the main bundle and the samples in the repository while developing', () => {
    const paths = shellPaths({
      storeFolder: '/home/me/.local/share/jury/tournaments',
      appPath: '/src/jury',
      isPackaged: false,
      resourcesPath: '/usr/lib/electron/resources',
      mainDir: '/src/jury/out/main',
    });
    expect(paths).toEqual({
      workspace: '/home/me/.local/share/jury',
      storeFolder: '/home/me/.local/share/jury/tournaments',
      samplesDir: '/src/jury/electron/engine/bots/samples',
      preload: '/src/jury/out/preload/index.cjs',
      host: '/src/jury/out/main/host.js',
      rendererRoot: '/src/jury/out/renderer',
    });
  });

  it('takes the samples from the resources once packaged (build/electron-builder.yml)', () => {
    const paths = shellPaths({
      storeFolder: '/u/jury/tournaments',
      appPath: '/opt/Jury/resources/app.asar',
      isPackaged: true,
      resourcesPath: '/opt/Jury/resources',
      mainDir: '/opt/Jury/resources/app.asar/out/main',
    });
    expect(paths.samplesDir).toBe('/opt/Jury/resources/sample-bots/electron/engine/bots/samples');
    expect(paths.rendererRoot).toBe('/opt/Jury/resources/app.asar/out/renderer');
    expect(paths.host).toBe('/opt/Jury/resources/app.asar/out/main/host.js');
  });
});
