import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

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
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** An IPv4 address written in IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !notPublic.check(mapped, "ipv4");
  return !notPublic.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * Why `url` may not be reached (its host is, or resolves to, an address that is not public), or
 * undefined when every address of its host is public. A host that does not resolve is refused too.
 */
export async function nonPublicReason(url: string): Promise<string | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return `${host} does not resolve`;
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked === undefined ? undefined : `${host} is a private or local address (${blocked})`;
}
