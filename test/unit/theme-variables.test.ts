import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * theme.css is the one source of the renderer's colours: every `var(--name)` a screen uses must be defined
 * there for both themes, and no screen may repeat a colour as a fallback (`var(--name, #fff)`), which
 * would go stale the day the theme changes and hide a misspelt variable.
 */
const root = join(import.meta.dirname, '../..');
const rendererDir = join(root, 'renderer');
const theme = readFileSync(join(rendererDir, 'theme.css'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(vue|css|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The variables a block of theme.css defines (`--name:`), by the block's selector text. */
function definedIn(selector: string): Set<string> {
  const start = theme.indexOf(selector);
  const block = theme.slice(start, theme.indexOf('}', start));
  return new Set([...block.matchAll(/(--[a-z0-9-]+)\s*:/g)].map((m) => m[1] as string));
}

describe('theme variables', () => {
  const files = sources(rendererDir);
  const light = definedIn("[data-theme='light'] {");
  const dark = definedIn("[data-theme='dark'] {");
  const anywhere = new Set([...theme.matchAll(/(--[a-z0-9-]+)\s*:/g)].map((m) => m[1] as string));

  it('finds the theme blocks and the screens', () => {
    expect(light.has('--text')).toBe(true);
    expect(dark.has('--text')).toBe(true);
    expect(files.length).toBeGreaterThan(20);
  });

  it('uses no colour fallbacks', () => {
    const found = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--[a-z0-9-]+)\s*,/g)].map(
        (m) => `${relative(root, file)}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('defines every variable a screen uses, and every colour in both themes', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--[a-z0-9-]+)\)/g)]
        .map((m) => m[1] as string)
        .filter((name) => !anywhere.has(name) || light.has(name) !== dark.has(name))
        .map((name) => `${relative(root, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
