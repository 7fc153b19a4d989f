import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../../electron/core/api/auth';
import { Transport } from '../../../electron/core/api/transport';
import { levelledLogger, withholdFromLogs, withoutSecrets, withoutSecretText, type LogFields } from '../../../electron/core/log';

// Today's key format (cc_rest.yaml, Access control): eight groups of four uppercase hex digits.
const KEY = 'C774-B01F-D695-AA4B-215F-A158-AC22-ADEB';
const basicOf = (key: string) => authorizationHeader({ kind: 'basic' }, key);

describe('the log never shows a key, in any form', () => {
  it('cuts the key out after the vendor word, the old stand-in word and Bearer, in any case', () => {
    for (const text of [`GGL-API-KEY ${KEY}`, `ggl-api-key  ${KEY}`, `SERVICE-API-KEY ${KEY}`, 'Bearer abc.def-ghi_jkl']) {
      const clean = withoutSecretText(`sent ${text} to the server`);
      expect(clean, text).toMatch(/^sent \S+\s+\[withheld\] to the server$/);
    }
  });

  it('cuts Basic credentials out, but leaves the word Basic in ordinary sentences', () => {
    expect(basicOf(KEY)).toBe('Basic OkM3NzQtQjAxRi1ENjk1LUFBNEItMjE1Ri1BMTU4LUFDMjItQURFQg==');
    expect(withoutSecretText(`header ${basicOf(KEY)} refused`)).toBe('header Basic [withheld] refused');
    expect(withoutSecretText('basic T3RoZXI6Zm9ybWF0')).toBe('basic [withheld]');
    expect(withoutSecretText('Basic authentication is not accepted before version 9.0')).toBe('Basic authentication is not accepted before version 9.0');
    expect(withoutSecretText('Choose Basic under "How the API key is sent".')).toBe('Choose Basic under "How the API key is sent".');
  });

  it("cuts out an Authorization header's whole value: a gateway's own word and key, or a bare key", () => {
    expect(withoutSecretText('Authorization: X-Desk-Key opaque.token.value\nAccept: json')).toBe('Authorization: [withheld]\nAccept: json');
    expect(withoutSecretText(`{"authorization":"${KEY}","accept":"application/json"}`)).toBe('{"authorization":"[withheld]","accept":"application/json"}');
    expect(withoutSecretText(`headers { authorization: 'X-Desk-Key ${KEY}' }`)).toBe("headers { authorization: '[withheld]' }");
    expect(withoutSecretText(`authorization=${KEY}`)).toBe('authorization=[withheld]');
  });

  it("cuts out a key in today's format anywhere in error text, whatever word is before it", () => {
    expect(withoutSecretText(`REST client refused X-Desk-Key ${KEY}.`)).toBe('REST client refused X-Desk-Key [withheld].');
    expect(withoutSecretText(`the key ${KEY.toLowerCase()} is unknown`)).toBe('the key [withheld] is unknown');
    // Not a key: a GUID, a date, a bookmark.
    for (const text of ['item 3f2504e0-4f89-11d3-9a0c-0305e82c3301', '2026-11-27T17:00:00Z', 'bookmark=3ec613a1-de01c6e_0']) {
      expect(withoutSecretText(text)).toBe(text);
    }
  });

  it('cuts out a key of any other format once the desk sends it, bare or with a word of its own', () => {
    const opaque = 'k1.Zx9-mQ7pLr2vTT';
    expect(withoutSecretText(`refused ${opaque}`)).toBe(`refused ${opaque}`);
    withholdFromLogs(opaque);
    withholdFromLogs(basicOf(opaque).slice('Basic '.length));
    expect(withoutSecretText(`refused ${opaque}`)).toBe('refused [withheld]');
    expect(withoutSecretText(`sent MyWord ${opaque} twice`)).toBe('sent MyWord [withheld] twice');
    expect(withoutSecretText(`as ${basicOf(opaque)}`)).toBe('as Basic [withheld]');
    // Too short to be a key: never withheld, or ordinary words would vanish from the log.
    withholdFromLogs('desk');
    expect(withoutSecretText('desk started')).toBe('desk started');
  });

  it('knows the key a transport sends, in the form it sends it, as soon as the transport exists', async () => {
    const key = 'zz.Opaque/Key+77';
    const transport = new Transport({ baseUrl: 'https://127.0.0.1:1', apiKey: key, auth: { kind: 'basic' }, tls: {} });
    expect(withoutSecretText(`key ${key}, header ${basicOf(key)}`)).toBe('key [withheld], header Basic [withheld]');
    await transport.close();
  });

  it('holds for every log, the file and JSON lines on stderr alike, in fields, nested fields and errors', () => {
    const records: LogFields[] = [];
    const log = levelledLogger('debug', (r) => records.push(r));
    log.warn('call.failed', {
      reason: `Discovery refused GGL-API-KEY ${KEY}`,
      authorization: `GGL-API-KEY ${KEY}`,
      nested: { request: { headers: `Authorization: ${basicOf(KEY)}` } },
      error: new Error(`sent ${KEY} bare`),
      list: [`X-Desk-Key ${KEY}`],
    });
    const text = JSON.stringify(records);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(basicOf(KEY).slice(6));
    expect(records[0]).toMatchObject({ event: 'call.failed', reason: 'Discovery refused GGL-API-KEY [withheld]', authorization: '[withheld]' });
    expect(withoutSecrets({ count: 3 })).toEqual({ count: 3 });
  });
});
