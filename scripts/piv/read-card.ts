/**
 * Reads the card in a PC/SC reader and prints what enrolment would show and send: the way to try a
 * real USB reader and a real PIV / PIV-I card by hand.
 *
 *   npx tsx scripts/piv/read-card.ts [--reader "Reader name"] [--server-version 8.60] [--wait-seconds 30]
 *
 * With GATEHOUSE_PIV_PIN set in the environment the PIN is verified and the fingerprints are read
 * too (a PIN has no place on a command line, where other users can see it).
 */
import { buildEnrolment, isPivError, PivReaderService } from '../../electron/core/piv/index';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const readerName = option('--reader');
const serverVersion = option('--server-version') ?? '8.60';
const waitMs = Number(option('--wait-seconds') ?? '30') * 1000;

let service: PivReaderService | undefined;
try {
  service = await PivReaderService.open();
  const readers = service.listReaders();
  console.log(readers.length ? readers.map((r) => `reader: ${r.name}${r.cardPresent ? ' (card present)' : ''}`).join('\n') : 'no readers');
  const reader = await service.waitForCard(readerName, waitMs);
  const read = await service.readCard(reader.name, {
    pin: process.env.GATEHOUSE_PIV_PIN,
    onProgress: (p) => console.log(`  ${p.step}: ${p.state}${p.bytes === undefined ? '' : ` (${p.bytes} bytes)`}`),
  });
  const short = (base64: string | undefined) => (base64 === undefined ? undefined : `${base64.length} Base64 characters`);
  console.log(
    JSON.stringify(
      {
        ...read,
        contentSigningCert: { ...read.contentSigningCert, base64: short(read.contentSigningCert.base64) },
        pivAuthenticationCert: { ...read.pivAuthenticationCert, base64: short(read.pivAuthenticationCert.base64) },
        cardAuthenticationCert: read.cardAuthenticationCert && { ...read.cardAuthenticationCert, base64: short(read.cardAuthenticationCert.base64) },
        fingerprints: short(read.fingerprints),
      },
      null,
      2,
    ),
  );
  console.log(`enrolment number for server ${serverVersion}: ${buildEnrolment(read, serverVersion).number}`);
} catch (error) {
  console.error(isPivError(error) ? `${error.code}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await service?.close();
}
