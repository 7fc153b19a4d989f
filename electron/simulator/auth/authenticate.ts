import { isIPv4 } from 'node:net';
import { thumbprintOf } from '../certificates';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { readAuthorization } from './authorization-header';
import type { Operator } from './operator';
import type { RestClientItem } from './rest-clients';

/**
 * A refusal is a 401. Most raise an event with the reason, which the answer does not carry; a disabled
 * item's is the one the server explains in the answer (`X-Authentication-Message`) and raises no alarm for.
 */
export type AuthOutcome = { operator: Operator; client: RestClientItem } | { refusal: string; answerMessage?: string };

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
  // rest_training.adoc, the request process: "Client item is disabled (8.90 or later)?" → "Return 401
  // with X-Authentication-Message header" (no alarm, unlike the checks before it).
  if (client.disabled && world.version.atLeast('8.90')) {
    return { refusal: `REST client ${client.name} is disabled`, answerMessage: `The REST client item ${client.name} is disabled` };
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
