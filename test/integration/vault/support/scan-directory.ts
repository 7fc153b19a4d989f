import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, with its bytes, hidden ones included. */
export function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

/**
 * The forms a secret could leak in: as text, Base64 and hex of it, and for a PEM key its Base64 body
 * whole and line by line (a partial leak is a leak).
 */
export function leakForms(secret: string): string[] {
  const forms = [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];
  const pemBody = secret.match(/-----BEGIN [A-Z ]+-----([\s\S]*?)-----END/)?.[1];
  if (pemBody) {
    const lines = pemBody.split(/\r?\n/).filter((line) => line.length >= 32);
    const base64 = lines.join('');
    forms.push(base64, ...lines, Buffer.from(base64, 'base64').toString('hex'));
  }
  return forms;
}

/** Which of the forms appear in which file under `dir`: an empty list means nothing leaked. */
export function findLeaks(dir: string, secrets: string[]): string[] {
  const files = filesUnder(dir);
  const found: string[] = [];
  for (const secret of secrets) {
    for (const form of leakForms(secret)) {
      for (const { path, bytes } of files) {
        if (bytes.includes(form)) found.push(`${path} holds a form of a secret (${form.length} characters)`);
      }
    }
  }
  return found;
}
