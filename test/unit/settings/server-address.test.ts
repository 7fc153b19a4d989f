import { describe, expect, it } from 'vitest';
import { serverEndpoint } from '../../../electron/core/vault/pinning/server-origin';

describe('serverEndpoint: what a person types as the server address', () => {
  it('reads a bare host:port as https://host:port, not as the scheme "server.local"', () => {
    expect(serverEndpoint('server.local:8904')).toMatchObject({ origin: 'https://server.local:8904', host: 'server.local', port: 8904 });
    expect(serverEndpoint('  10.0.0.5:8904 ')).toMatchObject({ origin: 'https://10.0.0.5:8904', port: 8904 });
    expect(serverEndpoint('acs.example')).toMatchObject({ origin: 'https://acs.example', port: 443 });
  });

  it('keeps a full https URL as typed', () => {
    expect(serverEndpoint('https://acs.example:8904/api')).toMatchObject({ origin: 'https://acs.example:8904' });
  });

  it('refuses http:// and says which address to try instead', () => {
    expect(() => serverEndpoint('http://acs.example:8904')).toThrow(
      'The server address must start with https:// (the REST interface is HTTPS only), not http://: try https://acs.example:8904',
    );
  });

  it('says how to write an address that is not one', () => {
    expect(() => serverEndpoint('acs example:89x')).toThrow(/is not a server address: type it as https:\/\/host:port/);
  });
});
