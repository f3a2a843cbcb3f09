// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import AddBotPanel from './AddBotPanel.vue';
import { appInfo, mountScreen } from '../../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  botsAdd: vi.fn(),
  botsCheckAdd: vi.fn(),
}));
vi.mock('../../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => false }));

const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 350));
  await flushPromises();
};

beforeEach(() => {
  vi.resetAllMocks();
  api.appInfo.mockResolvedValue(appInfo({ mode: 'browser' }));
  api.botsCheckAdd.mockResolvedValue([]);
});

describe('AddBotPanel: a command with arguments, working folder and environment', () => {
  it('splits a typed command line and adds python3 with its arguments, folder and environment', async () => {
    const { wrapper } = await mountScreen(AddBotPanel);
    const path = wrapper.get('[data-testid="bot-path"]');
    await path.setValue('python3 bot.py --name "my bot"');
    await path.trigger('blur');
    expect((path.element as HTMLInputElement).value).toBe('python3');
    expect((wrapper.get('[data-testid="bot-args"]').element as HTMLInputElement).value).toBe(
      'bot.py --name "my bot"',
    );
    expect(wrapper.get('[data-testid="bot-split"]').text()).toBe('Split into the program and its arguments.');
    await wrapper.get('[data-testid="bot-cwd"]').setValue('/home/me/bots');
    await wrapper.get('[data-testid="bot-env"]').setValue('LEVEL=3\n\nJAVA_OPTS=-Xmx256m');
    await settle();
    expect(api.botsCheckAdd).toHaveBeenLastCalledWith({
      path: 'python3',
      args: ['bot.py', '--name', 'my bot'],
      cwd: '/home/me/bots',
      env: { LEVEL: '3', JAVA_OPTS: '-Xmx256m' },
    });
    api.botsAdd.mockResolvedValue({ id: 'bot', name: 'bot', status: 'ready', buildLog: null });
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.botsAdd).toHaveBeenCalledWith({
      path: 'python3',
      args: ['bot.py', '--name', 'my bot'],
      cwd: '/home/me/bots',
      env: { LEVEL: '3', JAVA_OPTS: '-Xmx256m' },
    });
  });

  it('shows each problem under its own field and does not add while there are any', async () => {
    api.botsCheckAdd.mockResolvedValue([
      { path: 'cwd', message: 'there is no folder /nope' },
      { path: 'args', message: 'there is no file missing.py in /home/me' },
    ]);
    const { wrapper } = await mountScreen(AddBotPanel);
    await wrapper.get('[data-testid="bot-path"]').setValue('python3');
    await wrapper.get('[data-testid="bot-args"]').setValue('missing.py');
    await wrapper.get('[data-testid="bot-env"]').setValue('not a variable');
    await settle();
    expect(wrapper.get('[data-testid="add-issues-args"]').text()).toBe(
      'there is no file missing.py in /home/me',
    );
    expect(wrapper.get('[data-testid="add-issues-cwd"]').text()).toBe('there is no folder /nope');
    expect(wrapper.get('[data-testid="add-issues-env"]').text()).toBe(
      'Line 1: write NAME=value (letters, digits and _, not starting with a digit).',
    );
    expect(wrapper.get('[data-testid="bot-args"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('details.extra').attributes('open')).toBeDefined();
    expect(wrapper.find('[data-testid="add-issues-path"]').exists()).toBe(false);
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.botsAdd).not.toHaveBeenCalled();
  });

  it('adds at once when the field the engine found a problem with was just put right', async () => {
    // The engine's check of the program alone: a system program needs a working folder of its own.
    api.botsCheckAdd.mockImplementation(async (request: { cwd?: string }) =>
      request.cwd ? [] : [{ path: 'cwd', message: 'a program in /bin needs a working folder' }],
    );
    const { wrapper } = await mountScreen(AddBotPanel);
    await wrapper.get('[data-testid="bot-path"]').setValue('/bin/false');
    await settle();
    expect(wrapper.get('[data-testid="add-issues-cwd"]').text()).toBe(
      'a program in /bin needs a working folder',
    );
    // Add clicked within the 300 ms before the engine's next check: decided on the fields as they are.
    await wrapper.get('[data-testid="bot-cwd"]').setValue('/tmp/quits');
    api.botsAdd.mockResolvedValue({ id: 'quits', name: 'false', status: 'ready', buildLog: null });
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/bin/false', cwd: '/tmp/quits' });
    expect(wrapper.find('[data-testid="add-issues-cwd"]').exists()).toBe(false);
  });
});
