import { lookup, Resolver } from 'node:dns/promises';

/** Turns a host name into every address it has (IPv4 and IPv6). */
export interface HostResolver {
  resolve(host: string): Promise<string[]>;
}

/**
 * The system resolver (getaddrinfo: /etc/hosts, then DNS), or, when `servers` are given, those DNS
 * servers only (`ip` or `ip:port`, IPv6 as `[ip]:port`), asking for A and AAAA records.
 */
export function createHostResolver(servers: readonly string[] = [], timeoutMs = 3_000): HostResolver {
  if (servers.length === 0) {
    return { resolve: async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address) };
  }
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  resolver.setServers([...servers]);
  const emptyIfNoRecords = (query: Promise<string[]>) =>
    query.catch((error: { code?: string }) => {
      // "No such name" and "no record of this type" are empty answers; anything else is a failure.
      if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [] as string[];
      throw error;
    });
  return {
    resolve: async (host) => {
      const [v4, v6] = await Promise.all([emptyIfNoRecords(resolver.resolve4(host)), emptyIfNoRecords(resolver.resolve6(host))]);
      return [...v4, ...v6];
    },
  };
}
