/**
 * The virtual PIV card: issue a card (card-profile), answer APDUs (virtual-piv-card), and plug it into
 * a vpcd reader of pcscd (vpcd-link) or hand it straight to the reader code (in-process-channel). The
 * desk's demo reader (shells/compose/demo-reader) wraps it in the PC/SC reader service's surface.
 */
export { DEFAULT_PIN, DEFAULT_PIN_TRIES, DEFAULT_PIV_FASCN, DEFAULT_PIV_I_FASCN, issueVirtualCard } from './card-profile';
export type { VirtualCardOptions, VirtualCardProfile } from './card-profile';
export { VIRTUAL_CARD_ATR, VirtualPivCard } from './virtual-piv-card';
export type { VirtualCardFaults } from './virtual-piv-card';
export { VPCD_FIRST_PORT, VpcdLink } from './vpcd-link';
export { inProcessChannel } from './in-process-channel';
export { createTestAuthority, demoCardAuthority } from './test-credentials';
export type { TestAuthority } from './test-credentials';
