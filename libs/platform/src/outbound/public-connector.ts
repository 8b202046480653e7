import { connect as tcpConnect, Socket } from 'node:net';
import { rootCertificates } from 'node:tls';
import { buildConnector } from 'undici';
import { HostResolver } from './destination-resolver';
import { DestinationPolicy, resolveAllowedAddresses } from './public-destination';

/** A connection the policy refused before anything was sent anywhere. */
export class DestinationRefusedError extends Error {
  readonly code = 'DESTINATION_REFUSED';

  constructor(readonly reason: string) {
    super(`destination refused: ${reason}`);
    this.name = 'DestinationRefusedError';
  }
}

export interface PublicConnectorOptions {
  policy: DestinationPolicy;
  resolver: HostResolver;
  /** TCP connect plus TLS handshake, per address tried. */
  connectTimeoutMs: number;
  /** Extra trusted CA certificates (PEM), added to Node's own. For tests against a local HTTPS receiver. */
  extraCa?: string[];
}

/**
 * An undici connector that resolves the host once, refuses the connection unless every address
 * is allowed, and then connects to the checked address itself: nothing looks the name up again,
 * so a DNS answer that changes between check and connect (rebinding) cannot redirect us. TLS
 * still verifies the certificate against the host name (SNI), not the address.
 */
export function createPublicConnector(options: PublicConnectorOptions): buildConnector.connector {
  const tls = buildConnector({
    timeout: options.connectTimeoutMs,
    ...(options.extraCa?.length ? { ca: [...rootCertificates, ...options.extraCa] } : {}),
  });
  const plain = buildConnector({ timeout: options.connectTimeoutMs });

  return (target, callback) => {
    resolveAllowedAddresses(target.hostname, options.policy, options.resolver).then(
      (verdict) => {
        if (!verdict.ok) return callback(new DestinationRefusedError(verdict.reason), null);
        connectFirst(verdict.addresses, 0, null);
      },
      (error: Error) => callback(error, null),
    );

    /** Tries each checked address in order; the first that answers wins. */
    function connectFirst(addresses: string[], index: number, lastError: Error | null): void {
      if (index >= addresses.length) return callback(lastError ?? new Error('no address to connect to'), null);
      const address = addresses[index];
      const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
      const done = (error: Error | null, socket: Socket | null) => {
        if (error) return connectFirst(addresses, index + 1, error);
        callback(null, socket!);
      };
      if (target.protocol === 'https:') {
        // Our own TCP connection to the checked address, with TLS on top for the original name.
        const tcp = tcpConnect({ host: address, port });
        tls({ ...target, hostname: address, port: String(port), servername: target.servername ?? undefined, httpSocket: tcp }, (error, socket) => {
          if (error) tcp.destroy();
          done(error, socket as Socket | null);
        });
      } else {
        plain({ ...target, hostname: address, port: String(port) }, (error, socket) => done(error, socket as Socket | null));
      }
    }
  };
}
