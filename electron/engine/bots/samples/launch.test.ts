import { afterEach, describe, expect, it } from 'vitest';
import { sampleLaunch } from './launch.ts';

afterEach(() => {
  delete (process.versions as Record<string, string | undefined>)['electron'];
});

describe('sampleLaunch', () => {
  it('runs the script with the Node that runs Jury', () => {
    expect(sampleLaunch('/x/less-random.ts')).toEqual({ command: [process.execPath, '/x/less-random.ts'] });
  });

  it('makes the Electron binary act as Node inside the app', () => {
    Object.defineProperty(process.versions, 'electron', { value: '45.4.1', configurable: true });
    expect(sampleLaunch('/x/less-random.ts')).toEqual({
      command: [process.execPath, '/x/less-random.ts'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });
});
