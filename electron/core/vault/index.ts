/**
 * The vault's public face: settings storage, the sealed secrets, client certificate import and server
 * certificate pinning. Callers import from here, not from the files below.
 */
export { VaultError, KeychainUnavailableError, CertificateMismatchError, type VaultFailure } from './errors';
export type { JsonValue, SettingsStore } from './settings/settings-store';
export { JsonFileSettingsStore, settingsFileName } from './settings/json-file-settings-store';
export {
  deskSettingSchemas,
  readDeskSetting,
  writeDeskSetting,
  clearDeskSetting,
  type DeskSettingName,
  type DeskSettingValue,
} from './settings/desk-settings';
export { Vault, type VaultStatus, type KeychainCheck } from './vault';
export { LocalDataSealer } from './keys/local-data-sealer';
export type { VaultMode, DataKeyStore } from './keys/data-key-store';
export { KeychainDataKeyStore } from './keys/keychain-data-key-store';
export { KeyFileDataKeyStore } from './keys/key-file-data-key-store';
export {
  CertificateSummary,
  CertificateValidity,
  Sha1Thumbprint,
  Sha256Fingerprint,
  validityAt,
} from '../../../shared/settings/certificate-summary';
export { describeCertificate } from './certificates/describe-certificate';
export { credentialInfo, type ClientCredential, type ClientCredentialInfo } from './certificates/client-credential';
export { importPemCredential, type PemImportOptions } from './certificates/import-pem';
export {
  ServerCertificatePin,
  pinFromProbe,
  pinForCertificate,
  type ServerCertificateProbe,
} from './pinning/server-certificate-pin';
export { probeServerCertificate, type ProbeOptions } from './pinning/probe-server-certificate';
export { pinnedTlsOptions, explainPinnedTlsFailure, type PinnedCertificate } from './pinning/pinned-tls-options';
export {
  ClientCertificateImport,
  ApiKeyInput,
  ServerAddressInput,
  ServerCertificateConfirmation,
  ServerCertificateOffer,
  CredentialOverview,
} from '../../../shared/settings/calls';
export { CredentialSettings } from './credential-settings';
export { loadConnectionCredentials, type ConnectionCredentials } from './connection-credentials';
