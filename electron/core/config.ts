import type { DeskError } from '../../shared/errors';
import type { AuthForm } from './api/auth';
import type { TlsMaterial } from './api/transport';

/** Everything the desk needs to reach one server. Built in main from the vault; never sent to the renderer. */
export interface DeskConfig {
  baseUrl: string;
  apiKey: string;
  auth: AuthForm;
  tls: TlsMaterial;
  /** True for the embedded demo site. */
  demo: boolean;
  /** Turns a refused server certificate into the reason to show (e.g. "the certificate changed"). */
  explainCertificateRefusal?: (error: DeskError) => Promise<DeskError>;
}
