import type { ClientCertificateImport } from '../../../../shared/settings/calls';
import { readBase64, readPemText, type FileLike } from './read-files';

export type ImportFormat = 'pem' | 'pkcs12';

export interface ImportChoice {
  format: ImportFormat;
  files: readonly FileLike[];
  /** The PEM key's passphrase (optional) or the PKCS#12 password. */
  secret: string;
}

/**
 * Turns what the operator chose into the one `settings.importCertificate` request, or says what is
 * missing. PEM: the certificate and its key, in one file or two (three with a chain file); PKCS#12:
 * exactly one file and its password (an empty password is a real, if poor, PKCS#12 password).
 */
export async function buildCertificateImport(choice: ImportChoice): Promise<ClientCertificateImport> {
  const { format, files, secret } = choice;
  if (files.length === 0) {
    throw new Error(format === 'pem' ? 'Choose the certificate and key file(s) first' : 'Choose the PKCS#12 (.p12/.pfx) file first');
  }
  if (format === 'pkcs12') {
    if (files.length > 1) throw new Error('Choose one PKCS#12 file, not several');
    return { format: 'pkcs12', fileBase64: await readBase64(files[0]!), password: secret };
  }
  if (files.length > 3) throw new Error('Choose at most three PEM files: certificate, key and chain');
  const texts = await Promise.all(files.map((file) => readPemText(file)));
  return secret === '' ? { format: 'pem', texts } : { format: 'pem', texts, passphrase: secret };
}
