import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate } from './menu.ts';

const roles = (items: MenuItemConstructorOptions[]) => items.map((i) => i.role ?? i.label ?? i.type);
const submenu = (items: MenuItemConstructorOptions[], name: string) =>
  (items.find((i) => i.label === name || i.role === name)?.submenu ?? []) as MenuItemConstructorOptions[];

describe('menuTemplate', () => {
  it('has File, Edit, View, Window and Help, with reload and devtools only while developing', () => {
    const packaged = menuTemplate({
      isMac: false,
      isDev: false,
      docsUrl: undefined,
      openExternal: () => {},
      navigate: () => {},
    });
    expect(roles(packaged)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(roles(submenu(packaged, 'File'))).toEqual([
      'New Tournament…',
      'Tournaments',
      'Bot Library',
      'Settings…',
      'separator',
      'quit',
    ]);
    expect(roles(submenu(packaged, 'View'))).not.toContain('toggleDevTools');
    expect(roles(submenu(packaged, 'View'))).not.toContain('reload');
    expect(roles(submenu(packaged, 'help'))).toEqual(['about']);
    const dev = menuTemplate({
      isMac: false,
      isDev: true,
      docsUrl: undefined,
      openExternal: () => {},
      navigate: () => {},
    });
    expect(roles(submenu(dev, 'View')).slice(0, 3)).toEqual(['reload', 'forceReload', 'toggleDevTools']);
  });

  it('opens the documentation in the system browser, and only an https address', () => {
    const openExternal = vi.fn();
    const docsUrl = 'https://example.org/jury/docs';
    const help = submenu(
      menuTemplate({ isMac: false, isDev: false, docsUrl, openExternal, navigate: () => {} }),
      'help',
    );
    expect(roles(help)).toEqual(['Documentation', 'about']);
    (help[0]?.click as () => void)();
    expect(openExternal).toHaveBeenCalledWith(docsUrl);
    const insecure = menuTemplate({
      isMac: false,
      isDev: false,
      docsUrl: 'http://x',
      openExternal,
      navigate: () => {},
    });
    expect(roles(submenu(insecure, 'help'))).toEqual(['about']);
    const placeholder = menuTemplate({
      isMac: false,
      isDev: false,
      docsUrl: 'https://jury.invalid',
      openExternal,
      navigate: () => {},
    });
    expect(roles(submenu(placeholder, 'help'))).toEqual(['about']);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('takes the window to the main screens from File', () => {
    const navigate = vi.fn();
    const file = submenu(
      menuTemplate({ isMac: false, isDev: false, docsUrl: undefined, openExternal: () => {}, navigate }),
      'File',
    );
    for (const item of file.slice(0, 4)) (item.click as () => void)();
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/new', '/', '/bots', '/settings']);
    expect(file[0]?.accelerator).toBe('CmdOrCtrl+N');
  });

  it('follows macOS: the app menu holds About and Quit, File closes the window', () => {
    const mac = menuTemplate({
      isMac: true,
      isDev: false,
      docsUrl: undefined,
      openExternal: () => {},
      navigate: () => {},
    });
    expect(roles(mac)).toEqual(['appMenu', 'File', 'editMenu', 'View', 'windowMenu']);
    expect(roles(submenu(mac, 'File')).at(-1)).toBe('close');
  });
});
