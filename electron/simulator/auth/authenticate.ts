import { isIPv4 } from 'node:net';
import { thumbprintOf } from '../certificates';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { readAuthorization } from './authorization-header';
import type { Operator } from './operator';
import type { RestClientItem } from './rest-clients';

export type AuthOutcome = { operator: Operator; client: RestClientItem } | { refusal: string };

/**
 * Authentication (docs/server-interface.md §Authentication): the API key in the Authorization header, then the client
 * certificate pinned on the key's REST client item, then its source address filter.
 */
export function authenticate(exchange: Exchange, world: World, clients: readonly RestClientItem[]): AuthOutcome {
  const server = world.site.server;
  const reading = readAuthorization(headerValue(exchange.headers.authorization), world.version, server.gateway, server.gatewayScheme);
  if ('refusal' in reading) return reading;
  const client = clients.find((c) => c.apiKey === reading.key);
  if (!client) return { refusal: 'Unknown API key' };

  const certRefusal = checkCertificate(client, exchange.peerCertificate(), world);
  if (certRefusal) return { refusal: certRefusal };

  if (client.allowed) {
    const address = exchange.remoteAddress;
    if (!client.allowed.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')) {
      return { refusal: `Source address ${address} is not allowed for REST client ${client.name}` };
    }
  }
  return { client, operator: world.operatorFor(client.id, client.cardholder) };
}

/**
 * Thumbprint pinning and the server flag. Up to 8.40 the flag turns certificate checks off; from
 * 8.50 it only lets an item with a blank thumbprint in without a certificate.
 */
function checkCertificate(client: RestClientItem, der: Buffer | undefined, world: World): string | undefined {
  const relaxed = world.site.server.relaxedClientCertificates;
  if (relaxed && world.version.before('8.50')) return undefined;
  if (client.thumbprint === '') {
    if (relaxed) return undefined;
    return `REST client ${client.name} has a blank certificate thumbprint`;
  }
  if (!der) return 'Invalid client certificate: none presented';
  if (thumbprintOf(der) !== client.thumbprint) return 'Invalid client certificate: thumbprint does not match';
  return undefined;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
