// Checks build/electron-builder.yml without packaging (Electron cannot be downloaded here): the config is
// loaded and validated by electron-builder's own code, every path in it is checked against the repository
// and `npm run build`, the sample bots are copied exactly as electron-builder copies extraResources and
// then run from the copy, and the icons are parsed. These use internals of app-builder-lib (electron-builder's
// engine, pinned by package-lock.json): if an update moves them, this test fails loudly.
//
// JURY_PACK_TEST=1 also runs a real `electron-builder --linux dir` with a stand-in Electron binary (needs
// `npm run build` first; about 10 s, so it is not part of `npm test`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from 'electron-builder';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import * as fileMatcher from 'app-builder-lib/out/fileMatcher.js';
import { convertIcon } from 'app-builder-lib/out/util/iconConverter.js';
import { listPackage } from '@electron/asar';
import { allSampleBots } from '../../electron/engine/bots/samples/index.ts';
import { builtInGameIds } from '../../shared/games/registry.ts';
import rendererConfig from '../../renderer/vite.config.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const configFile = 'build/electron-builder.yml';
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
/** electron-builder's own copy of a FileSet (not in its typings: internal). */
const copyFiles = (
  fileMatcher as unknown as { copyFiles: (m: fileMatcher.FileMatcher[]) => Promise<unknown> }
).copyFiles;

let config: Configuration;
beforeAll(async () => {
  config = await getConfig(root, configFile, null);
});

/** The options electron-builder passes when it turns a files/extraResources setting into matchers. */
function matcherOptions(): fileMatcher.GetFileMatchersOptions {
  return {
    macroExpander: (p) => p,
    customBuildOptions: {},
    globalOutDir: join(root, 'dist'),
    defaultSrc: root,
  };
}

/** The filter of the files that go into app.asar (electron-builder then adds its default exclusions). */
function appFilter(): ReturnType<fileMatcher.FileMatcher['createFilter']> {
  const matchers = fileMatcher.getFileMatchers(config, 'files', '/app', matcherOptions());
  expect(matchers?.map((m) => m.from)).toEqual([root]);
  return matchers![0]!.createFilter();
}

/** Every file under dir, as absolute paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** The module graph of a TypeScript entry: relative imports followed, bare specifiers collected. */
function importClosure(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const specifier =
    /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      const spec = match[1] ?? match[2]!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else bare.add(spec);
    }
  };
  visit(entry);
  return { files, bare };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own validation (its JSON schema, scheme.json, through ajv)', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the app and uses dist/ and build/, with no preset', () => {
    expect(config.appId).toBe('org.jury.app');
    expect(config.productName).toBe('Jury');
    expect(config.extends).toBeNull();
    expect(config.directories).toEqual({ output: 'dist', buildResources: 'build' });
  });

  it('builds AppImage and deb on Linux, NSIS on Windows, dmg on macOS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
  });

  it('gives the deb a maintainer and the desktop entry the Development and Game categories', () => {
    expect(config.linux?.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(config.linux?.category?.split(';')).toEqual(['Development', 'Game']);
    expect(config.deb?.packageCategory).toBe('devel');
  });

  it('flips the fuses the app does not need; runAsNode stays on for the sample bots', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: true,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // The one reason runAsNode is on: the sample bots are started as the app's binary run as Node.
    const launch = readFileSync(join(root, 'electron/engine/bots/samples/launch.ts'), 'utf8');
    expect(launch).toContain("ELECTRON_RUN_AS_NODE: '1'");
    // file:// pages lose their privileges because the window is never one (electron/shell/app-protocol.ts).
    const main = readFileSync(join(root, 'electron/main.ts'), 'utf8');
    expect(main).toContain('win.loadURL(APP_INDEX_URL)');
    expect(main).not.toMatch(/loadFile\(/);
  });

  it('puts the bundles of `npm run build` and package.json into app.asar, and no sources', () => {
    // What `npm run build` writes: build-main.ts's bundle() calls and the renderer's Vite outDir.
    const bundles = [
      ...readFileSync(join(root, 'build/build-main.ts'), 'utf8').matchAll(
        /bundle\('[^']+', '([^']+)', '(?:es|cjs)', '([^']+)'\)/g,
      ),
    ].map(([, dir, name]) => `${dir}/${name}`);
    const rendererOut = relative(root, rendererConfig.build!.outDir!);
    expect(bundles).toEqual([
      'out/main/index.js',
      'out/main/host.js',
      'out/main/server-thread.js',
      'out/main/reader-thread.js',
      'out/main/game-thread.js',
      'out/preload/index.cjs',
    ]);
    expect(rendererOut).toBe('out/renderer');
    expect(bundles).toContain(pkg.main);

    const filter = appFilter();
    const stat = { isDirectory: () => false } as Parameters<typeof filter>[1];
    const included = (file: string): boolean => filter(join(root, file), stat);
    for (const file of [...bundles, `${rendererOut}/index.html`, `${rendererOut}/assets/index-x.js`])
      expect(included(file), file).toBe(true);
    expect(included('package.json')).toBe(true);
    for (const file of ['electron/main.ts', 'shared/random/prng.ts', 'renderer/App.vue', 'test/x.test.ts'])
      expect(included(file), file).toBe(false);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toBeUndefined();
  });

  it.skipIf(!existsSync(join(root, 'out/main/index.js')))(
    'puts every file of the current out/ into the app',
    () => {
      const filter = appFilter();
      const built = filesUnder(join(root, 'out'));
      expect(built.length).toBeGreaterThan(3);
      for (const file of built) expect(filter(file, statSync(file)), file).toBe(true);
    },
  );
});

describe('sample bots in the package', () => {
  const resources = mkdtempSync(join(tmpdir(), 'jury-resources-'));
  const shipped = join(resources, 'sample-bots');
  const bots = allSampleBots;
  afterAll(() => rmSync(resources, { recursive: true, force: true }));

  beforeAll(async () => {
    const matchers = fileMatcher.getFileMatchers(config, 'extraResources', resources, matcherOptions());
    for (const matcher of matchers ?? []) expect(existsSync(matcher.from), matcher.from).toBe(true);
    await copyFiles(matchers ?? []);
  });

  it('ships them as extraResources under sample-bots/, in the repository layout', () => {
    expect(bots).toHaveLength(8);
    // One script runs them all, with the sample's id as its first argument.
    expect(new Set(bots.map((bot) => relative(root, bot.file)))).toEqual(
      new Set(['electron/engine/bots/samples/sample-bot.ts']),
    );
    for (const bot of bots) {
      const file = relative(root, bot.file);
      expect(existsSync(join(shipped, file)), file).toBe(true);
    }
    // Each game's sessions and strategies, which the script finds through the registry.
    for (const game of builtInGameIds) {
      for (const file of ['index.ts', 'session.ts', 'strategies.ts'])
        expect(existsSync(join(shipped, 'shared/games', game, 'samples', file)), `${game}/${file}`).toBe(
          true,
        );
    }
    expect(filesUnder(resources).every((file) => file.startsWith(shipped))).toBe(true);
  });

  it('ships every module the bots import, and no tests', () => {
    for (const script of new Set(bots.map((bot) => bot.file))) {
      const { files, bare } = importClosure(script);
      expect(
        [...bare].filter((spec) => !spec.startsWith('node:')),
        script,
      ).toEqual([]);
      // The registry brings in every game's module and samples.
      expect(files.size).toBeGreaterThan(50);
      for (const file of files) expect(existsSync(join(shipped, relative(root, file))), file).toBe(true);
    }
    expect(filesUnder(shipped).filter((file) => file.endsWith('.test.ts'))).toEqual([]);
  });

  it('runs every bot from the copy with Node (it exits 0 when its input ends)', () => {
    for (const bot of bots) {
      const run = spawnSync(process.execPath, [join(shipped, relative(root, bot.file)), bot.id], {
        input: '',
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect({ id: bot.id, status: run.status, stderr: run.stderr }).toEqual({
        id: bot.id,
        status: 0,
        stderr: '',
      });
    }
  });

  it('plays the same moves from the copy as from the repository', () => {
    const play = (file: string): string =>
      spawnSync(process.execPath, [file, '6561-greedy', '--seed', '7'], {
        input: 'B\n22\n11\n',
        encoding: 'utf8',
        timeout: 20_000,
      }).stdout;
    const bot = bots.find((b) => b.id === '6561-greedy')!;
    const moves = play(bot.file);
    expect(moves.trim().split('\n')).toHaveLength(2);
    expect(play(join(shipped, relative(root, bot.file)))).toBe(moves);
  });
});

describe('icons', () => {
  const icons = join(root, 'build/icons');
  const roots = [join(root, 'build'), root];
  const outDir = mkdtempSync(join(tmpdir(), 'jury-icons-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('has a PNG set from 16 to 1024 px and a 1024 px icon.png', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = readFileSync(join(icons, `${size}x${size}.png`));
      expect(pngSize(png), `${size}x${size}.png`).toEqual({ width: size, height: size });
      expect(png[25], 'colour type RGBA').toBe(6);
    }
    expect(pngSize(readFileSync(join(icons, 'icon.png')))).toEqual({ width: 1024, height: 1024 });
  });

  it('has an ICO whose PNG entries are 16 to 256 px', () => {
    const ico = readFileSync(join(icons, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const declared = ico[entry] || 256;
      const start = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(start, start + ico.readUInt32LE(entry + 8));
      expect(pngSize(png)).toEqual({ width: declared, height: declared });
      return declared;
    });
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('has an ICNS whose PNG entries go up to 1024 px', () => {
    const icns = readFileSync(join(icons, 'icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const entries: Record<string, number> = {};
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      const png = icns.subarray(at + 8, at + icns.readUInt32BE(at + 4));
      entries[icns.subarray(at, at + 4).toString('latin1')] = pngSize(png).width;
    }
    expect(entries).toEqual({
      icp4: 16,
      icp5: 32,
      icp6: 64,
      ic07: 128,
      ic08: 256,
      ic09: 512,
      ic10: 1024,
      ic11: 32,
      ic12: 64,
      ic13: 256,
      ic14: 512,
    });
  });

  // convertIcon would download electron-builder's icons toolset if a file needed converting; these
  // return at once because every configured icon is already in its platform's format.
  it('is taken as is by electron-builder on every platform', async () => {
    const linux = await convertIcon({
      sources: [config.linux!.icon!],
      fallbackSources: [],
      roots,
      format: 'set',
      outDir,
    });
    expect(linux.icons.map((icon) => [relative(icons, icon.file), icon.size])).toEqual(
      [16, 24, 32, 48, 64, 128, 256, 512, 1024].map((size) => [`${size}x${size}.png`, size]),
    );
    const win = await convertIcon({
      sources: [config.win!.icon!],
      fallbackSources: [],
      roots,
      format: 'ico',
      outDir,
    });
    expect(win.icons).toEqual([{ file: join(icons, 'icon.ico'), size: 256 }]);
    const mac = await convertIcon({
      sources: [config.mac!.icon!],
      fallbackSources: [],
      roots,
      format: 'icns',
      outDir,
    });
    expect(mac.icons.map((icon) => icon.file)).toEqual([join(icons, 'icon.icns')]);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe.runIf(process.env['JURY_PACK_TEST'] === '1')(
  'electron-builder --linux dir (JURY_PACK_TEST=1)',
  () => {
    it('packs app.asar and the sample bots', { timeout: 180_000 }, () => {
      const work = mkdtempSync(join(tmpdir(), 'jury-pack-'));
      try {
        // A stand-in for the Electron binary: electron-builder only copies and renames it.
        const electronDist = join(work, 'electron');
        mkdirSync(electronDist);
        writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
        writeFileSync(join(electronDist, 'LICENSE'), '');
        const output = join(work, 'dist');
        const cli = join(root, 'node_modules/electron-builder/cli.js');
        const args = ['--linux', 'dir', '--config', configFile];
        args.push(`-c.electronDist=${electronDist}`, `-c.directories.output=${output}`);
        const run = spawnSync(process.execPath, [cli, ...args], {
          cwd: root,
          encoding: 'utf8',
          timeout: 170_000,
        });
        expect(run.status, run.stdout + run.stderr).toBe(0);

        const resources = join(output, 'linux-unpacked/resources');
        const app = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) =>
          f.replace(/\\/g, '/'),
        );
        expect(app).toContain('/package.json');
        expect(app).toContain(`/${pkg.main}`);
        expect(app).toContain('/out/preload/index.cjs');
        expect(app).toContain('/out/renderer/index.html');
        expect(app.filter((f) => /^\/(electron|shared|renderer|test|build)\//.test(f))).toEqual([]);
        for (const bot of allSampleBots)
          expect(existsSync(join(resources, 'sample-bots', relative(root, bot.file))), bot.id).toBe(true);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    });
  },
);
