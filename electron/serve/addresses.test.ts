import { describe, expect, it } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { httpUrl, serveUrls } from './addresses.ts';

function nic(address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo {
  const base = { address, netmask: '', mac: '00:00:00:00:00:00', internal, cidr: null };
  return family === 'IPv4' ? { ...base, family } : { ...base, family, scopeid: 0 };
}

const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.5', 'IPv4'), nic('fe80::1c2:3ff:fe4', 'IPv6'), nic('2001:db8::5', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4')],
  docker0: undefined,
};

describe('httpUrl', () => {
  it('brackets IPv6 addresses', () => {
    expect(httpUrl('192.168.1.5', 5170)).toBe('http://192.168.1.5:5170/');
    expect(httpUrl('2001:db8::5', 80)).toBe('http://[2001:db8::5]:80/');
    expect(httpUrl('localhost', 5170)).toBe('http://localhost:5170/');
  });
});

describe('serveUrls', () => {
  it('lists localhost and every external IPv4 address for 0.0.0.0', () => {
    expect(serveUrls('0.0.0.0', 5170, interfaces)).toEqual({
      local: ['http://localhost:5170/'],
      network: ['http://192.168.1.5:5170/', 'http://10.0.0.7:5170/'],
    });
  });

  it('adds global IPv6 addresses (not link-local ones) for ::', () => {
    expect(serveUrls('::', 8080, interfaces).network).toEqual([
      'http://192.168.1.5:8080/',
      'http://[2001:db8::5]:8080/',
      'http://10.0.0.7:8080/',
    ]);
  });

  it('offers only this machine for a loopback host', () => {
    expect(serveUrls('127.0.0.1', 5170, interfaces)).toEqual({
      local: ['http://127.0.0.1:5170/'],
      network: [],
    });
    expect(serveUrls('localhost', 5170, interfaces)).toEqual({
      local: ['http://localhost:5170/'],
      network: [],
    });
  });

  it('offers only that address for a specific one (no loopback there)', () => {
    expect(serveUrls('192.168.1.5', 5170, interfaces)).toEqual({
      local: [],
      network: ['http://192.168.1.5:5170/'],
    });
  });
});
