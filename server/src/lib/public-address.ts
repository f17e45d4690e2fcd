import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** How an outbound request resolves a host name: every address it has. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: ResolveHost = (hostname) => lookup(hostname, { all: true });

/**
 * Addresses a request made for a user must never reach unless the operator allows it: this
 * machine, the private networks around it, link-local and other special ranges. A signed-in user
 * chooses the URL, so without this the server would reach into its own network for them.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
// IPv6 forms that carry an IPv4 address (IPv4-compatible ::/96, NAT64 64:ff9b::/96 and its
// local-use /48, 6to4 2002::/16, Teredo 2001::/32) are refused whole: they can lead to any IPv4
// address, loopback included. The IPv4-mapped form (::ffff:a.b.c.d) BlockList checks as IPv4.
for (const [network, prefix] of [
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** An IPv4 address written in IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is checked as the IPv4 address it is. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * Why `url` may not be reached (its host is, or resolves to, an address that is not public), or
 * undefined when every address of its host is public. A host that does not resolve is refused too.
 */
export async function nonPublicReason(
  url: string,
  resolve: ResolveHost = systemResolver,
): Promise<string | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolve(host)).map((entry) => entry.address);
  } catch {
    return `${host} does not resolve`;
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked === undefined ? undefined : `${host} is a private or local address (${blocked})`;
}
