/**
 * The API keys (and their Authorization credentials) this desk sends, so the log can cut them out of
 * any text whatever their format: keys are opaque, and a future format would slip past every pattern.
 * Held in main's memory only, never written; a handful at most (one site at a time, a key replaced now
 * and then), the oldest forgotten first.
 */
const MAX_KNOWN = 16;
/** Shorter values would cut ordinary words out of the log; no real key is this short. */
const MIN_LENGTH = 8;
const known: string[] = [];

export function withholdFromLogs(secret: string): void {
  if (secret.length < MIN_LENGTH || known.includes(secret)) return;
  known.push(secret);
  if (known.length > MAX_KNOWN) known.shift();
}

export function withoutKnownSecrets(text: string): string {
  let clean = text;
  for (const secret of known) if (clean.includes(secret)) clean = clean.split(secret).join('[withheld]');
  return clean;
}
