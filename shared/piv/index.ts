/**
 * PIV rules shared by the client core and the enrolment screen: the card create payload's schemas and
 * validators (card-create), the card read and its progress (card-read), FASC-N number formatting (fascn-number), strict Base64 (base64) and
 * server version comparison (server-version). Pure TypeScript: no Node-only imports.
 */
export * from './base64';
export * from './card-create';
export * from './fascn-number';
export * from './chuid-hash-rule';
export * from './card-read';
