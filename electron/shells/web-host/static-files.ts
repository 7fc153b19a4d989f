import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, posix, relative, sep } from 'node:path';

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

/** The built renderer's files, read once when the host starts: path inside the folder (with '/') → bytes. */
export type RendererFiles = ReadonlyMap<string, Buffer>;

/**
 * Reads the built renderer (a few files, under a megabyte) into memory. The page loads while the host
 * starts its desk, which keeps the one thread busy in long stretches: an answer from memory is written
 * in the turn its request arrives, where a read from disk would wait for a later one.
 */
export function readRendererFiles(root: string): RendererFiles {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    files.set(relative(root, file).split(sep).join('/'), readFileSync(file));
  }
  return files;
}

/** Serves the built renderer; anything that is not one of its files is a 404, never a file elsewhere on disk. */
export function serveStatic(files: RendererFiles, urlPath: string, res: ServerResponse, csp: string): void {
  const path = decodedPath(urlPath);
  // Any page the desk's browser visits can make it ask for `/%`: a bad address is the asker's fault.
  if (path === undefined) return badRequest(res, 'Malformed percent-encoding in the address');
  const name = posix.normalize(path === '/' ? '/index.html' : path).replace(/^\/+/, '');
  const body = files.get(name);
  if (!body) return notFound(res);
  res.writeHead(200, {
    'content-type': TYPES[posix.extname(name)] ?? 'application/octet-stream',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(body);
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
