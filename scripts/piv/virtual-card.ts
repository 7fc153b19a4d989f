/**
 * Puts a virtual PIV or PIV-I card into a vpcd reader of a running pcscd until interrupted, so the card
 * can be tried by hand with OpenSC (`opensc-tool -l`, `pkcs15-tool --list-certificates`) or the desk.
 *
 *   npx tsx scripts/piv/virtual-card.ts [--piv-i] [--compressed] [--port 35963]
 */
import { issueVirtualCard, VirtualPivCard, VpcdLink } from '../../electron/simulator/piv-card/index';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = portArg === -1 ? undefined : Number(args[portArg + 1]);
const profile = await issueVirtualCard({ kind: args.includes('--piv-i') ? 'piv-i' : 'piv', compressCertificates: args.includes('--compressed') });
const link = await VpcdLink.insert(new VirtualPivCard(profile), { port });
console.log(`Virtual ${profile.kind.toUpperCase()} card inserted (FASC-N ${profile.fascnDigits}, PIN ${profile.pin}). Ctrl-C removes it.`);
const stop = () => void link.remove().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
