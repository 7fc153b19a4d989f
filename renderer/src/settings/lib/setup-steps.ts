import type { CredentialOverview } from '../../../../shared/settings/calls';

export type SetupStepId = 'server' | 'api-key' | 'client-certificate';

export interface SetupStep {
  id: SetupStepId;
  title: string;
  done: boolean;
}

/**
 * What a desk needs before it can connect to its own server, in the order the first-run flow asks for
 * it: the server's certificate confirmed (which also records the address), the API key, and the
 * client certificate the server's REST client item pins.
 */
export function setupSteps(overview: CredentialOverview): SetupStep[] {
  return [
    { id: 'server', title: 'Server address and certificate', done: overview.serverUrl !== null && overview.pinnedServerCertificate !== null },
    { id: 'api-key', title: 'API key', done: overview.hasApiKey },
    { id: 'client-certificate', title: 'Client certificate', done: overview.clientCertificate !== null },
  ];
}

/** True when every step is done, so "Connect to this server" can work. */
export function readyToConnect(overview: CredentialOverview): boolean {
  return setupSteps(overview).every((step) => step.done);
}

/** The first-run flow is the settings screen shown while the desk still runs the demo site. */
export function isFirstRun(overview: CredentialOverview): boolean {
  return overview.demoSite;
}
