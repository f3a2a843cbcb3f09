import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { JURY_VERSION } from './version.ts';

describe('JURY_VERSION', () => {
  it('is the version in package.json, so records name the Jury that wrote them', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(JURY_VERSION).toBe(pkg.version);
  });
});
