import type { CredentialOverview } from '../../../../shared/settings/calls';

export type SetupStepId = 'server' | 'secrets' | 'api-key' | 'client-certificate' | 'connect';

export interface SetupStep {
  id: SetupStepId;
  title: string;
  done: boolean;
}

/**
 * What a desk needs before it can connect to its own server, in the order the first-run flow asks for
 * it: the server's certificate confirmed (which also records the address), a place for the secrets'
 * key (the keychain, or the less-safe file when there is none: the two secrets after it need one), the
 * API key, and the client certificate the server's REST client item pins.
 */
export function setupSteps(overview: CredentialOverview): SetupStep[] {
  return [
    { id: 'server', title: 'Server address and certificate', done: overview.serverUrl !== null && overview.pinnedServerCertificate !== null },
    { id: 'secrets', title: 'Where secrets are kept', done: secretsHaveAPlace(overview) },
    { id: 'api-key', title: 'API key', done: overview.hasApiKey },
    { id: 'client-certificate', title: 'Client certificate', done: overview.clientCertificate !== null },
  ];
}

/** The API key and private key can be stored: the keychain answers, or the less-safe file was chosen. */
export function secretsHaveAPlace(overview: CredentialOverview): boolean {
  return overview.keychain.available || overview.lessSafe;
}

/** Each section's step number in the first-run flow (the last, "Test and connect", follows the four). */
export function stepNumber(id: SetupStepId): number {
  return ['server', 'secrets', 'api-key', 'client-certificate', 'connect'].indexOf(id) + 1;
}

/** True when every step is done, so "Connect to this server" can work. */
export function readyToConnect(overview: CredentialOverview): boolean {
  return setupSteps(overview).every((step) => step.done);
}

/** The first-run flow is the settings screen shown while the desk still runs the demo site. */
export function isFirstRun(overview: CredentialOverview): boolean {
  return overview.demoSite;
}

/** What the settings screen gives each credential step (vault, API key, certificate, sign-in form). */
export interface CredentialStepProps {
  overview: CredentialOverview;
  /** Its number in the first-run flow; none outside it. */
  step?: number;
  /** Called after a change main accepted, so the screen reads the overview again. */
  onchange: () => Promise<void>;
}
