import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { generateApiKey } from '../api-key';
import type { Site } from '../site/schema';

/** A REST client item as the server checks it: its key, pinned thumbprint and address filter. */
export interface RestClientItem {
  id: string;
  name: string;
  cardholder: string;
  apiKey: string;
  /** Uppercase hex SHA-1, or '' for a blank thumbprint. */
  thumbprint: string;
  allowed: BlockList | undefined;
  disabled: boolean;
}

/**
 * Builds the REST client items of a site. Clients without a key get a fresh one; clients without
 * a thumbprint pin the certificate generated at start-up.
 */
export function buildRestClients(site: Site, generatedThumbprint: string): RestClientItem[] {
  return site.restClients.map((c) => ({
    id: c.id,
    name: c.name,
    cardholder: c.cardholder,
    apiKey: c.apiKey ?? generateApiKey(),
    thumbprint: normaliseThumbprint(c.thumbprint ?? generatedThumbprint),
    allowed: c.allowedAddresses && c.allowedAddresses.length > 0 ? addressFilter(c.allowedAddresses, c.id) : undefined,
    disabled: c.disabled ?? false,
  }));
}

export function normaliseThumbprint(value: string): string {
  return value.replace(/[\s:]/g, '').toUpperCase();
}

function addressFilter(ranges: string[], clientId: string): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    const family = isIPv4(address ?? '') ? 'ipv4' : isIPv6(address ?? '') ? 'ipv6' : undefined;
    if (!address || !family) throw new Error(`REST client ${clientId}: "${range}" is not an IP address or CIDR range`);
    if (prefix === undefined) list.addAddress(address, family);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 'ipv4' ? 32 : 128)) {
        throw new Error(`REST client ${clientId}: "${range}" has a bad prefix length`);
      }
      list.addSubnet(address, bits, family);
    }
  }
  return list;
}
