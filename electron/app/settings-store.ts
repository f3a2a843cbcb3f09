import { access, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { presetSchema, settingsPatchSchema, settingsSchema } from '../../shared/ipc/app-schemas.ts';
import { parseRedisUrl } from '../engine/workers/connection.ts';
import { writeFileAtomic } from '../engine/atomic-file.ts';
import { keepOwnerOnly, readJsonFile, writeJsonFileAtomic, WriteQueue } from './json-file.ts';

/** The user's settings, every default filled in. */
export type Settings = z.output<typeof settingsSchema>;
/** A change to some top-level settings fields. */
export type SettingsPatch = z.input<typeof settingsPatchSchema>;
/** A saved set of tournament settings. */
export type Preset = z.output<typeof presetSchema>;

/** The settings file's name inside the workspace. */
export const SETTINGS_FILE = 'settings.json';
/** The presets file's name inside the workspace. */
export const PRESETS_FILE = 'presets.json';
/** The organiser's secret of remote workers, inside the workspace (mode 0600, never in the settings). */
export const WORKER_SECRET_FILE = 'worker-secret';

/** Owner only: settings.json holds the Redis URL with its password, the secret's file the secret. */
const PRIVATE = { mode: 0o600 } as const;

/**
 * The user's settings in `<workspace>/settings.json`. Fields missing from the file (an older Jury wrote
 * it) get their defaults; a file that cannot be read or holds a wrong value makes {@link open} fail with
 * the file and the field, so nothing the user set is overwritten unseen. The file is its owner's only
 * (0600, like the secret's): a world-readable one an older Jury wrote is tightened when it is opened.
 */
export class SettingsStore {
  /** No settings file existed when the store was opened: Jury starts for the first time here. */
  readonly firstStart: boolean;
  readonly #path: string;
  readonly #secretPath: string;
  readonly #queue = new WriteQueue();
  #settings: Settings;

  private constructor(path: string, secretPath: string, settings: Settings, firstStart: boolean) {
    this.#path = path;
    this.#secretPath = secretPath;
    this.#settings = settings;
    this.firstStart = firstStart;
  }

  /** Reads the settings of `workspace` (defaults when there is no file yet). */
  static async open(workspace: string): Promise<SettingsStore> {
    const path = join(workspace, SETTINGS_FILE);
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    await keepOwnerOnly(path);
    const stored = await readJsonFile(path, settingsSchema, settingsSchema.parse({}));
    const secretPath = join(workspace, WORKER_SECRET_FILE);
    const secretSet = (await readSecret(secretPath)) !== null;
    const settings = { ...stored, workers: { ...stored.workers, secretSet } };
    return new SettingsStore(path, secretPath, settings, !exists);
  }

  /** The organiser's secret of remote workers, or null when none is set (read from its file each time). */
  workerSecret(): Promise<string | null> {
    return readSecret(this.#secretPath);
  }

  /** The current settings. */
  get(): Settings {
    return this.#settings;
  }

  /**
   * The settings as the app and `jury serve` may see them: the Redis URL without its password, and
   * `passwordSet` saying whether it has one. What `settings.get` and `settings.set` answer; the engine
   * itself reads {@link get}.
   */
  shown(): Settings {
    const url = this.#settings.workers.redisUrl;
    const split = url === null ? null : withoutPassword(url);
    return {
      ...this.#settings,
      workers: {
        ...this.#settings.workers,
        redisUrl: split?.url ?? null,
        passwordSet: split?.password != null,
      },
    };
  }

  /**
   * Changes the fields `patch` names (a nested `defaults` is replaced whole, as the schema requires it
   * complete), stores the result and answers the whole new settings. A bad patch is refused naming the
   * field, and nothing changes.
   */
  async set(patch: SettingsPatch): Promise<Settings> {
    const checked = settingsPatchSchema.safeParse(patch);
    if (!checked.success) {
      throw new Error(
        `invalid settings: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    const { workers, ...rest } = checked.data;
    const url = workers?.redisUrl;
    if (url !== undefined && url !== null) {
      const target = parseRedisUrl(url);
      if ('problem' in target) throw new Error(`invalid settings: workers.redisUrl: ${target.problem}`);
    }
    const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    const secret = workers?.secret;
    const current = this.#settings.workers;
    const redisUrl = nextRedisUrl(current.redisUrl, url, workers?.redisPassword);
    const next = settingsSchema.parse({
      ...this.#settings,
      ...changes,
      workers: {
        redisUrl,
        secretSet: secret === undefined ? current.secretSet : secret !== null,
      },
    });
    await this.#queue.run(async () => {
      if (secret !== undefined) await writeSecret(this.#secretPath, secret);
      // The file never says whether a secret is set: that is the secret file's own existence.
      await writeJsonFileAtomic(
        this.#path,
        { ...next, workers: { redisUrl: next.workers.redisUrl } },
        PRIVATE,
      );
    });
    this.#settings = next;
    return next;
  }
}

/** A Redis URL without its password (kept: the user name, host, port, database), and the password. */
function withoutPassword(url: string): { url: string; password: string | null } {
  try {
    const parsed = new URL(url);
    const password = parsed.password === '' ? null : parsed.password;
    parsed.password = '';
    return { url: parsed.toString().replace(/\/$/, ''), password };
  } catch {
    return { url, password: null };
  }
}

/**
 * The Redis URL to store: `url` as given (undefined: the current one), with `password` (a new one; null:
 * none; undefined: the URL's own, else the current URL's, so a URL the app shows without its password
 * and sends back keeps it).
 */
function nextRedisUrl(
  current: string | null,
  url: string | null | undefined,
  password: string | null | undefined,
): string | null {
  const base = url === undefined ? current : url;
  if (base === null) return null;
  const own = withoutPassword(base);
  const keep = own.password ?? (current === null ? null : withoutPassword(current).password);
  const chosen = password === undefined ? keep : password;
  if (chosen === null) return own.url;
  const parsed = new URL(own.url);
  parsed.password = chosen;
  return parsed.toString().replace(/\/$/, '');
}

/** The secret in `path`, or null when there is no file (or an empty one). */
async function readSecret(path: string): Promise<string | null> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

/** Writes the secret readable by its owner only (0600), or removes the file for null. */
async function writeSecret(path: string, secret: string | null): Promise<void> {
  if (secret === null) {
    await rm(path, { force: true });
    return;
  }
  await writeFileAtomic(path, `${secret}\n`, PRIVATE);
}

const presetsFileSchema = z.strictObject({ version: z.literal(1), presets: z.array(presetSchema) });

/** Saved tournament presets in `<workspace>/presets.json`, in the order they were first saved. */
export class PresetStore {
  readonly #path: string;
  readonly #queue = new WriteQueue();
  #presets: Preset[];

  private constructor(path: string, presets: Preset[]) {
    this.#path = path;
    this.#presets = presets;
  }

  /** Reads the presets of `workspace` (none when there is no file yet). */
  static async open(workspace: string): Promise<PresetStore> {
    const path = join(workspace, PRESETS_FILE);
    const file = await readJsonFile(path, presetsFileSchema, { version: 1, presets: [] });
    return new PresetStore(path, file.presets);
  }

  /** Every preset. */
  list(): Preset[] {
    return [...this.#presets];
  }

  /** Saves `preset`, replacing the one with the same name in its place; answers every preset. */
  async save(preset: Preset): Promise<Preset[]> {
    const checked = presetSchema.parse(preset);
    const at = this.#presets.findIndex((p) => p.name === checked.name);
    const next = [...this.#presets];
    if (at === -1) next.push(checked);
    else next[at] = checked;
    return this.#store(next);
  }

  /** Removes the preset named `name`; answers every preset. An unknown name is an error. */
  async remove(name: string): Promise<Preset[]> {
    // Stored names are trimmed by the schema; a caller may pass the name as typed.
    const wanted = name.trim();
    if (!this.#presets.some((p) => p.name === wanted)) {
      throw new Error(`no preset named ${JSON.stringify(name)}`);
    }
    return this.#store(this.#presets.filter((p) => p.name !== wanted));
  }

  async #store(presets: Preset[]): Promise<Preset[]> {
    this.#presets = presets;
    await this.#queue.run(() => writeJsonFileAtomic(this.#path, { version: 1, presets }));
    return [...presets];
  }
}
