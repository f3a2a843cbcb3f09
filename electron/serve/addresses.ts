import type { NetworkInterfaceInfo } from 'node:os';
import { isIPv6 } from 'node:net';
import { isLoopbackAddress } from './access.ts';

/**
 * The addresses `jury serve` prints: where this machine opens the page (with control) and where the
 * other machines of the network do (read-only, or with the token). Pure: the interfaces are an argument
 * (`os.networkInterfaces()` in the command), so every case is tested with made-up ones.
 */

/** The URLs of a server listening on `host`:`port`. */
export interface ServeUrls {
  /** On this machine, over loopback: full control without the token. */
  readonly local: readonly string[];
  /** From the other machines of the network: read-only without the token. */
  readonly network: readonly string[];
}

/** `http://host:port/`, with IPv6 addresses in brackets. */
export function httpUrl(host: string, port: number): string {
  return `http://${isIPv6(host) ? `[${host}]` : host}:${port}/`;
}

/** Whether `host` is a wildcard address (listening on every interface). */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '';
}

/** The URLs to print for a server on `host`:`port`, given the machine's network interfaces. */
export function serveUrls(
  host: string,
  port: number,
  interfaces: Readonly<Record<string, readonly NetworkInterfaceInfo[] | undefined>>,
): ServeUrls {
  if (host === 'localhost' || isLoopbackAddress(host)) return { local: [httpUrl(host, port)], network: [] };
  if (!isWildcardHost(host)) return { local: [], network: [httpUrl(host, port)] };
  // 0.0.0.0 accepts IPv4 only; :: accepts both on the usual dual-stack systems.
  const ipv6 = host === '::';
  const network: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      if (info.internal) continue;
      if (info.family === 'IPv4') network.push(httpUrl(info.address, port));
      // Link-local IPv6 addresses need a zone id that no browser bar accepts.
      else if (ipv6 && !info.address.toLowerCase().startsWith('fe80:')) {
        network.push(httpUrl(info.address, port));
      }
    }
  }
  return { local: [httpUrl('localhost', port)], network: [...new Set(network)] };
}
