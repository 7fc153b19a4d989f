import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { VaultError, reasonOf } from '../errors';
import { assembleClientCredential, type ClientCredential } from './client-credential';

const bytesOf = (binary: string): Uint8Array => Buffer.from(binary, 'binary');

function openPfx(file: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')));
  } catch {
    throw new VaultError('certificate-import', 'The file is not a PKCS#12 (.p12/.pfx) file: it is not DER-encoded');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const reason = reasonOf(err);
    // node-forge says "MAC could not be verified. Invalid password?" or "wrong password?" for a bad password.
    if (/password|MAC could not be verified/i.test(reason)) {
      throw new VaultError('pkcs12-password', 'The PKCS#12 password is wrong');
    }
    throw new VaultError('certificate-import', `The PKCS#12 file could not be read: ${reason}`);
  }
}

function certificateDer(bag: forge.pkcs12.Bag): Uint8Array | null {
  // node-forge keeps an unparsed ASN.1 value for key types it does not model (EC), a parsed one otherwise;
  // the parsed one re-encodes from the original TBSCertificate, so the thumbprint is unchanged.
  const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
  return asn1 ? bytesOf(forge.asn1.toDer(asn1).getBytes()) : null;
}

function privateKeyOf(bag: forge.pkcs12.Bag): KeyObject | null {
  const info = bag.key
    ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey))
    : bag.asn1;
  if (!info) return null;
  try {
    return createPrivateKey({ key: Buffer.from(bytesOf(forge.asn1.toDer(info).getBytes())), format: 'der', type: 'pkcs8' });
  } catch (err) {
    throw new VaultError('certificate-import', `The private key in the PKCS#12 file is not readable: ${reasonOf(err)}`);
  }
}

/**
 * Import a client certificate and key from a PKCS#12 file (.p12/.pfx) and its password. Legacy (3DES,
 * RC2) and current (PBES2/AES) protection are both read; RSA and EC keys are both accepted.
 */
export function importPkcs12Credential(file: Uint8Array, password: string, now: Date = new Date()): ClientCredential {
  const pfx = openPfx(file, password);
  const certificates = (pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!] ?? [])
    .map(certificateDer)
    .filter((der): der is Uint8Array => der !== null);
  const keyBags = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag!] ?? []),
  ];
  const keys = keyBags.map(privateKeyOf).filter((key): key is KeyObject => key !== null);
  if (keys.length === 0) {
    throw new VaultError('certificate-import', 'The PKCS#12 file holds no private key; export it with the key included');
  }
  if (keys.length > 1) {
    throw new VaultError('certificate-import', `The PKCS#12 file holds ${keys.length} private keys; export just one`);
  }
  return assembleClientCredential(certificates, keys[0]!, now);
}
