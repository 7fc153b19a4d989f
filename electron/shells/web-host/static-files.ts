import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The same policy the Electron window enforces: nothing but this host's own scripts and socket. */
export function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // blob: for floor plans, drawn from bytes main sent (never markup put into the page).
    "img-src 'self' data: blob:",
    `connect-src ws://${host}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Serves the built renderer; anything outside its folder is a 404, never a file elsewhere on disk. */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, csp: string): Promise<void> {
  const path = decodedPath(urlPath);
  // Any page the desk's browser visits can make it ask for `/%`: a bad address is the asker's fault.
  if (path === undefined) return badRequest(res, 'Malformed percent-encoding in the address');
  if (path.includes('\0')) return notFound(res);
  const relative = normalize(path === '/' ? '/index.html' : path).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  if (!file.startsWith(root + sep)) return notFound(res);
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(body);
  } catch {
    notFound(res);
  }
}

/** The path part of a request target, percent-decoded; undefined when the encoding is malformed. */
function decodedPath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
}

function badRequest(res: ServerResponse, why: string): void {
  res.writeHead(400, { 'content-type': 'text/plain' });
  res.end(why);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}
