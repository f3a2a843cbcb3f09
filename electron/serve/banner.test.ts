import { describe, expect, it } from 'vitest';
import { serveBanner } from './banner.ts';

describe('serveBanner', () => {
  it('prints where to watch, where to control and the token link', () => {
    const text = serveBanner({
      storeFolder: '/home/ann/.local/share/jury/tournaments',
      singleStore: undefined,
      urls: {
        local: ['http://localhost:5170/'],
        network: ['http://192.168.1.5:5170/', 'http://10.0.0.7:5170/'],
      },
      token: 'abcd1234abcd1234',
    });
    expect(text.split('\n')).toEqual([
      'Jury is serving the tournaments in /home/ann/.local/share/jury/tournaments',
      '  on this machine (control):     http://localhost:5170/',
      '  on the network (read-only):    http://192.168.1.5:5170/',
      '  on the network (read-only):    http://10.0.0.7:5170/',
      '  control from another machine:  http://192.168.1.5:5170/?token=abcd1234abcd1234',
      'Others on the network can watch (read-only); only this machine and browsers with the token can change anything.',
      'Press Ctrl-C to stop.',
      '',
    ]);
  });

  it('says when only this machine can connect, and names the one tournament of --db', () => {
    const text = serveBanner({
      storeFolder: '/data',
      singleStore: '/data/final.sqlite',
      urls: { local: ['http://127.0.0.1:5170/'], network: [] },
      token: 'abcd1234abcd1234',
    });
    expect(text).toContain('Jury is serving the tournament /data/final.sqlite\n');
    expect(text).toContain('Only this machine can connect');
    expect(text).not.toContain('token');
  });

  it('without a loopback address, control needs the token everywhere', () => {
    const text = serveBanner({
      storeFolder: '/data',
      singleStore: undefined,
      urls: { local: [], network: ['http://192.168.1.5:5170/'] },
      token: 'abcd1234abcd1234',
    });
    expect(text).toContain('Everyone who connects can watch (read-only); only browsers with the token');
    expect(text).not.toContain('on this machine');
  });
});
