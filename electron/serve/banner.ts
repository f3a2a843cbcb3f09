import type { ServeUrls } from './addresses.ts';

/**
 * What `jury serve` prints once it listens: what it shows, where to open it with and without control,
 * and the link with the control token. Pure, so the wording is tested.
 */

/** What {@link serveBanner} describes. */
export interface BannerFacts {
  /** The tournaments folder, or the one tournament store of `--db`. */
  readonly storeFolder: string;
  readonly singleStore: string | undefined;
  readonly urls: ServeUrls;
  readonly token: string;
}

/** The lines printed when the server is up (ending with a newline). */
export function serveBanner(facts: BannerFacts): string {
  const { urls, token } = facts;
  const lines = [
    facts.singleStore !== undefined
      ? `Jury is serving the tournament ${facts.singleStore}`
      : `Jury is serving the tournaments in ${facts.storeFolder}`,
  ];
  for (const url of urls.local) lines.push(`  on this machine (control):     ${url}`);
  for (const url of urls.network) lines.push(`  on the network (read-only):    ${url}`);
  const remote = urls.network[0];
  if (remote === undefined) {
    lines.push('Only this machine can connect (listen on 0.0.0.0 with --host to let others watch).');
  } else {
    lines.push(`  control from another machine:  ${remote}?token=${encodeURIComponent(token)}`);
    lines.push(
      urls.local.length > 0
        ? 'Others on the network can watch (read-only); only this machine and browsers with the token can change anything.'
        : 'Everyone who connects can watch (read-only); only browsers with the token can change anything.',
    );
  }
  lines.push('Press Ctrl-C to stop.');
  return lines.join('\n') + '\n';
}
