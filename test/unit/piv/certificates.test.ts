import { gzipSync } from 'node:zlib';
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCertificateObject, summariseCertificate } from '../../../electron/core/piv/certificates';
import { concatBytes, encodeTlv } from '../../../shared/piv/card/tlv';
import { issueCardCertificates, type CardCertificates } from '../../../electron/simulator/piv-card/test-credentials';

const object = (stored: Uint8Array, certInfo?: number) =>
  concatBytes(
    encodeTlv(0x70, stored),
    ...(certInfo === undefined ? [] : [encodeTlv(0x71, Uint8Array.of(certInfo))]),
    encodeTlv(0xfe, new Uint8Array(0)),
  );

describe('certificate objects', () => {
  let certs: CardCertificates;
  const notAfter = new Date('2031-06-30T12:00:00Z');
  beforeAll(async () => {
    certs = await issueCardCertificates('Ada Visitor', notAfter);
  });

  it('takes the certificate as stored when CertInfo says uncompressed or is absent', () => {
    const der = certs.pivAuthentication.der;
    expect(readCertificateObject(object(der, 0x00), 'x')).toEqual({ der, compressed: false });
    expect(readCertificateObject(object(der), 'x')).toEqual({ der, compressed: false });
  });

  it('inflates a gzip-compressed certificate when the CertInfo flag is set', () => {
    const der = certs.pivAuthentication.der;
    expect(readCertificateObject(object(new Uint8Array(gzipSync(der)), 0x01), 'x')).toEqual({ der, compressed: true });
  });

  it('names a compressed certificate that does not inflate, and a missing certificate element', () => {
    expect(() => readCertificateObject(object(Uint8Array.of(1, 2, 3), 0x01), 'PIV Authentication certificate')).toThrow(
      /^PIV Authentication certificate: marked compressed but does not inflate as gzip/,
    );
    expect(() => readCertificateObject(encodeTlv(0x71, Uint8Array.of(0)), 'Card Authentication certificate')).toThrow(
      'Card Authentication certificate: the certificate (tag 70) is missing',
    );
  });

  it('summarises subject, issuer and validity as X.509 says', () => {
    const summary = summariseCertificate(certs.pivAuthentication.der, 'x', true);
    const reference = new X509Certificate(Buffer.from(certs.pivAuthentication.der));
    expect(summary).toMatchObject({
      subject: 'CN=Ada Visitor, OU=Visitors, O=Gatehouse Test, C=US',
      issuer: 'CN=Gatehouse Demo PIV Issuer, O=Gatehouse Test, C=US',
      serialNumber: reference.serialNumber,
      notAfter: '2031-06-30T12:00:00.000Z',
      compressedOnCard: true,
      base64: Buffer.from(certs.pivAuthentication.der).toString('base64'),
    });
  });

  it('refuses bytes that are not a certificate', () => {
    expect(() => summariseCertificate(Uint8Array.of(0x30, 0x03, 1, 2, 3), 'PIV Authentication certificate')).toThrow(
      /^PIV Authentication certificate: not an X.509 certificate/,
    );
  });
});
