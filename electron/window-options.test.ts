import { describe, expect, it } from 'vitest';
import { secureWindowOptions } from './window-options.ts';

describe('secureWindowOptions', () => {
  it('isolates and sandboxes the renderer with no Node integration', () => {
    const prefs = secureWindowOptions('/x/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(prefs?.preload).toBe('/x/preload.cjs');
  });
});
