import ipaddr from 'ipaddr.js';
import { createHostResolver, HostResolver } from './destination-resolver';

/**
 * Where the service may send merchant-configured HTTP requests (webhooks): only to public
 * unicast addresses. Everything ipaddr.js classifies otherwise is refused: loopback, private,
 * link-local, carrier-grade NAT, unspecified, broadcast, multicast, documentation, benchmarking,
 * reserved, and IPv6 forms that embed IPv4 (mapped, 6to4, Teredo, NAT64).
 *
 * `allowLoopback` is the development/test allowance: plain http and loopback addresses, nothing
 * else private. It is off unless configured.
 */
export interface DestinationPolicy {
  allowLoopback: boolean;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };
export type AddressVerdict = { ok: true; addresses: string[] } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2_048;
const systemResolver = createHostResolver();

/** Checks the URL itself (scheme, credentials, length); the addresses are checked by `resolvePublicAddresses`. */
export function checkDestinationUrl(raw: string, policy: DestinationPolicy): UrlVerdict {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) return { ok: false, reason: 'must be a URL of at most 2048 characters' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be a valid URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol === 'http:' && policy.allowLoopback) return { ok: true, url };
  return { ok: false, reason: 'must use https' };
}

/** Whether one address (any notation ipaddr.js parses) is somewhere we may connect to. */
export function isAllowedAddress(address: string, policy: DestinationPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  // Unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) so it is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return true;
  return policy.allowLoopback && range === 'loopback';
}

/** The host part of a URL as a bare name or address (IPv6 without brackets). */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Resolves a host and returns its addresses only if every one of them is allowed: a name that
 * resolves to one public and one private address is refused, so a later lookup cannot pick the
 * private one. Literal addresses in any notation are judged without a lookup. Addresses come
 * back in canonical form (IPv4-mapped IPv6 unwrapped), ready to connect to without any further
 * lookup: callers must connect to one of them, never look the name up again.
 */
export async function resolveAllowedAddresses(host: string, policy: DestinationPolicy, resolver: HostResolver = systemResolver): Promise<AddressVerdict> {
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await resolver.resolve(host);
    } catch {
      return { ok: false, reason: 'host does not resolve' };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: 'host does not resolve' };
  if (addresses.some((address) => !isAllowedAddress(address, policy))) {
    return { ok: false, reason: 'host resolves to a private or reserved address' };
  }
  return { ok: true, addresses: addresses.map((address) => ipaddr.process(address).toString()) };
}

/** `resolveAllowedAddresses` for a URL's host. */
export function resolvePublicAddresses(url: URL, policy: DestinationPolicy, resolver?: HostResolver): Promise<AddressVerdict> {
  return resolveAllowedAddresses(hostOf(url), policy, resolver);
}

/**
 * The whole check made when a merchant sets a webhook URL: the URL, then every address its host
 * resolves to. The dispatcher checks again at every connection it opens.
 */
export async function checkPublicDestination(raw: string, policy: DestinationPolicy, resolver?: HostResolver): Promise<UrlVerdict> {
  const url = checkDestinationUrl(raw, policy);
  if (!url.ok) return url;
  const addresses = await resolvePublicAddresses(url.url, policy, resolver);
  return addresses.ok ? url : addresses;
}
