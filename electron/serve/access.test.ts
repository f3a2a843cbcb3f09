import { describe, expect, it } from 'vitest';
import {
  controlChannels,
  desktopOnlyChannels,
  organiserChannels,
  requestChannels,
} from '../../shared/ipc/channels.ts';
import {
  canControl,
  decideAccess,
  hostName,
  isLoopbackAddress,
  isLoopbackHost,
  isSameOrigin,
  tokenMatches,
} from './access.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.0.0.5', true],
    ['::ffff:7f00:1', true],
    ['192.168.1.5', false],
    ['10.0.0.1', false],
    ['128.0.0.1', false],
    ['::ffff:192.168.1.5', false],
    ['::2', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['localhost', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});

describe('hostName and isLoopbackHost', () => {
  it('strips the port and brackets and lowers the case', () => {
    expect(hostName('Example.ORG:5170')).toBe('example.org');
    expect(hostName('[::1]:5170')).toBe('::1');
    expect(hostName('192.168.1.5')).toBe('192.168.1.5');
  });

  it.each([
    ['localhost:5170', true],
    ['LOCALHOST', true],
    ['jury.localhost:80', true],
    ['127.0.0.1:5170', true],
    ['[::1]:5170', true],
    ['192.168.1.5:5170', false],
    ['evil.example:5170', false],
    ['localhost.evil.example', false],
    [undefined, false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('isSameOrigin', () => {
  it('accepts a page of the same host and port', () => {
    expect(isSameOrigin('http://192.168.1.5:5170', '192.168.1.5:5170')).toBe(true);
    expect(isSameOrigin('http://localhost:5170', 'LOCALHOST:5170')).toBe(true);
    expect(isSameOrigin('http://example.org', 'example.org:80')).toBe(true);
  });

  it('refuses a page of another site or port, and odd origins', () => {
    expect(isSameOrigin('http://evil.example', 'localhost:5170')).toBe(false);
    expect(isSameOrigin('http://localhost:5171', 'localhost:5170')).toBe(false);
    expect(isSameOrigin('null', 'localhost:5170')).toBe(false);
    expect(isSameOrigin('file://', 'localhost:5170')).toBe(false);
    expect(isSameOrigin('http://localhost:5170', undefined)).toBe(false);
  });

  it('lets clients without an Origin (not browsers) through to the other checks', () => {
    expect(isSameOrigin(undefined, 'localhost:5170')).toBe(true);
  });
});

describe('tokenMatches', () => {
  it('accepts only the exact token', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN.slice(0, -1) + '0', TOKEN)).toBe(false);
    expect(tokenMatches(TOKEN + 'x', TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
    expect(tokenMatches(null, TOKEN)).toBe(false);
    expect(tokenMatches(undefined, TOKEN)).toBe(false);
    expect(tokenMatches('', '')).toBe(false);
  });
});

describe('canControl', () => {
  it('gives control to loopback under a loopback host name, whatever the token', () => {
    expect(canControl({ remoteAddress: '127.0.0.1', host: 'localhost:5170', token: null }, TOKEN)).toBe(true);
    expect(canControl({ remoteAddress: '::1', host: '[::1]:5170', token: 'wrong' }, TOKEN)).toBe(true);
    expect(
      canControl({ remoteAddress: '::ffff:127.0.0.1', host: '127.0.0.1:5170', token: null }, TOKEN),
    ).toBe(true);
  });

  it('gives control to any address with the token', () => {
    expect(canControl({ remoteAddress: '192.168.1.7', host: '192.168.1.5:5170', token: TOKEN }, TOKEN)).toBe(
      true,
    );
  });

  it('keeps other machines read-only without the right token', () => {
    expect(canControl({ remoteAddress: '192.168.1.7', host: '192.168.1.5:5170', token: null }, TOKEN)).toBe(
      false,
    );
    expect(canControl({ remoteAddress: '192.168.1.7', host: 'localhost:5170', token: 'guess' }, TOKEN)).toBe(
      false,
    );
  });

  it('refuses loopback control under a foreign host name (DNS rebinding)', () => {
    expect(canControl({ remoteAddress: '127.0.0.1', host: 'evil.example:5170', token: null }, TOKEN)).toBe(
      false,
    );
    expect(canControl({ remoteAddress: '127.0.0.1', host: undefined, token: null }, TOKEN)).toBe(false);
  });
});

describe('decideAccess', () => {
  it('refuses the desktop-only channels to everyone', () => {
    for (const channel of desktopOnlyChannels) {
      for (const control of [true, false]) {
        expect(decideAccess(channel, control)).toEqual({
          allowed: false,
          error: `${channel}: only in the desktop app`,
        });
      }
    }
  });

  it('refuses every control channel to spectators with a read-only message', () => {
    for (const channel of controlChannels) {
      const decision = decideAccess(channel, false);
      expect(decision.allowed).toBe(false);
      expect(!decision.allowed && decision.error).toMatch(
        new RegExp(`^read-only: ${channel.replace('.', '\\.')} `),
      );
      expect(decideAccess(channel, true)).toEqual({ allowed: true });
    }
  });

  it("refuses every event channel, reads too, to spectators: they show contestants' programs", () => {
    expect(organiserChannels).toContain('event.submissions');
    expect(organiserChannels).toContain('event.replay');
    for (const channel of organiserChannels) {
      expect(decideAccess(channel, false)).toEqual({
        allowed: false,
        error: `${channel}: the event's organiser controls are only on the serving machine or with the printed token`,
      });
      expect(decideAccess(channel, true)).toEqual({ allowed: true });
    }
  });

  it('lets spectators read everything else', () => {
    const reading = requestChannels.filter(
      (c) =>
        !(controlChannels as readonly string[]).includes(c) &&
        !(organiserChannels as readonly string[]).includes(c) &&
        !(desktopOnlyChannels as readonly string[]).includes(c),
    );
    expect(reading).toContain('tournament.standings');
    expect(reading).toContain('tournament.statistics');
    expect(reading).toContain('tournament.live');
    expect(reading).toContain('system.protections');
    for (const channel of reading) expect(decideAccess(channel, false)).toEqual({ allowed: true });
  });
});
