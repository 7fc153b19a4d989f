import { randomBytes } from 'node:crypto';

/** A REST client API key in today's format: eight groups of four uppercase hex digits. */
export function generateApiKey(): string {
  const hex = randomBytes(16).toString('hex').toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

export const API_KEY_PATTERN = /^[0-9A-F]{4}(-[0-9A-F]{4}){7}$/;
