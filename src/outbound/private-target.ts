// Whether an address an admin configures will be refused by the outbound guard because it is on a
// private network, said when it is configured (a warning in the answer) rather than first at call time.
import dns from 'node:dns/promises';
import net from 'node:net';
import { ALLOW_PRIVATE_SETTING, isPrivateAddress } from './guard.js';

/** How long the look-up of a configured host may take before it is given up (no warning then). */
const LOOKUP_MS = 1000;

async function resolvesPrivate(host: string): Promise<boolean> {
  if (net.isIP(host)) return isPrivateAddress(host);
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), LOOKUP_MS).unref(),
  );
  const found = await Promise.race([dns.lookup(host, { all: true }).catch(() => undefined), timeout]);
  return (found ?? []).some((a) => isPrivateAddress(a.address));
}

/**
 * The warning for a base URL whose host is, or resolves to, a private or reserved address while
 * private networks are not allowed; undefined otherwise (or when the host does not resolve in time).
 * Names the host as given, never the address it resolved to.
 */
export async function privateTargetWarning(
  url: string | null | undefined,
  allowPrivateNetworks: boolean,
): Promise<string | undefined> {
  if (!url || allowPrivateNetworks) return undefined;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!(await resolvesPrivate(host))) return undefined;
  return (
    `${host} is a private or reserved address: calls to it (discovery) will be refused until the ` +
    `operator sets ${ALLOW_PRIVATE_SETTING}=true`
  );
}
