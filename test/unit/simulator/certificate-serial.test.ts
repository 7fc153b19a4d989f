import { describe, expect, it } from 'vitest';
import { randomCertificateSerial } from '../../../electron/simulator/certificate-serial';

describe('randomCertificateSerial', () => {
  it('is always positive and DER-minimal, so OpenSSL never refuses the certificate for its serial', () => {
    // Clearing only the top bit left one serial in 512 starting 00 then a byte below 80, which
    // OpenSSL refuses as "illegal padding": thousands of draws would find it.
    for (let draw = 0; draw < 5000; draw++) {
      const serial = randomCertificateSerial();
      expect(serial).toHaveLength(12);
      expect(serial[0]! & 0x80, `serial ${serial.toString('hex')} is negative`).toBe(0);
      expect(serial[0], `serial ${serial.toString('hex')} has a leading zero byte`).not.toBe(0);
    }
  });

  it('draws a different serial each time', () => {
    const serials = new Set(Array.from({ length: 100 }, () => randomCertificateSerial(8).toString('hex')));
    expect(serials.size).toBe(100);
  });
});
