import net from 'node:net';

/*
 * Where collectors may connect (SSRF): https to public addresses only, unless the server runs
 * with VIGIL_ALLOW_HTTP_CONNECTORS=true (tests and simulators), which allows plain http and
 * private or loopback addresses. A name is checked again when it resolves, at every connection,
 * so a DNS answer cannot point a collector inside the network.
 */

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return false;
}

/**
 * The base URL as collectors use it (no trailing slash, no query), or a sentence saying why it
 * may not be used. `allowInsecure` is VIGIL_ALLOW_HTTP_CONNECTORS.
 */
export function checkBaseUrl(
  raw: string,
  allowInsecure: boolean,
): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'is not a URL (for example https://example.okta.com).' };
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
    return { problem: 'must be an https:// URL.' };
  }
  if (url.username || url.password) {
    return {
      problem: 'must not carry a user name or password; credentials have their own fields.',
    };
  }
  if (url.search || url.hash) return { problem: 'must not have a query or a fragment.' };
  if (!allowInsecure && isInsideHost(url.hostname)) {
    return {
      problem:
        'names a private, loopback or link-local address; collectors connect only to public hosts.',
    };
  }
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** Whether a host name is localhost or a private, loopback or link-local address. */
function isInsideHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/**
 * A URL Vigil posts to (a notification channel's webhook), under the same rule as collectors'
 * base URLs: https to a public host unless `allowInsecure`. Unlike a base URL it may carry a
 * query (Teams' workflow URLs sign theirs), and it is kept exactly as given.
 */
export function checkTargetUrl(
  raw: string,
  allowInsecure: boolean,
): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: 'is not a URL (for example https://hooks.example.com/vigil).' };
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
    return { problem: 'must be an https:// URL.' };
  }
  if (url.username || url.password) return { problem: 'must not carry a user name or password.' };
  if (url.hash) return { problem: 'must not have a fragment.' };
  if (!allowInsecure && isInsideHost(url.hostname)) {
    return {
      problem: 'names a private, loopback or link-local address; Vigil sends only to public hosts.',
    };
  }
  return { url: url.toString() };
}
