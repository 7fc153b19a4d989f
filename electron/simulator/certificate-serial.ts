import { randomBytes } from 'node:crypto';

/**
 * A random certificate serial of `length` bytes that DER encodes as it stands: positive (top bit of
 * the first byte clear) and minimal (first byte not zero, since DER forbids a leading 00 before a byte
 * below 80). A serial breaking either rule makes OpenSSL refuse the certificate ("illegal padding"),
 * about once in 512 certificates when only the top bit is cleared.
 */
export function randomCertificateSerial(length = 12): Buffer {
  const serial = randomBytes(length);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  return serial;
}
