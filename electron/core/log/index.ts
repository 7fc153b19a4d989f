/**
 * Main's structured log: the Logger interface (logger.ts), the JSON-lines file with size rotation
 * (json-lines-log.ts), the secret filter every record passes (without-secrets.ts, with the keys in use
 * from known-secrets.ts) and the platform's
 * log folder (log-folder.ts). Support reads it as one JSON object per line.
 */
export { LOG_LEVELS, levelledLogger, silentLogger, type LogFields, type LogLevel, type Logger } from './logger';
export { jsonLinesLog, LOG_FILE_NAME, type JsonLinesLogOptions } from './json-lines-log';
export { defaultLogFolder } from './log-folder';
export { withoutSecrets, withoutSecretText } from './without-secrets';
export { withholdFromLogs } from './known-secrets';
