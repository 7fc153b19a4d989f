import type { Page } from '@playwright/test';

/** Every contract message on the page's desk WebSocket(s), in order, as the raw text frames carried. */
export interface ContractTraffic {
  /** Renderer → main. */
  sent: string[];
  /** Main → renderer. */
  received: string[];
}

/** Starts recording before the page opens the desk, so a reconnecting transport's new sockets are caught too. */
export function recordContractTraffic(page: Page): ContractTraffic {
  const traffic: ContractTraffic = { sent: [], received: [] };
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.startsWith('/desk')) return;
    socket.on('framesent', (frame) => traffic.sent.push(String(frame.payload)));
    socket.on('framereceived', (frame) => traffic.received.push(String(frame.payload)));
  });
  return traffic;
}

/** A PEM file's Base64 body as one string (headers and line breaks removed). */
export function pemBase64(pem: string): string {
  return pem
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('-----'))
    .join('')
    .replace(/\s/g, '');
}

/**
 * Finds any run of at least `length` characters of `secret` in a frame. Line breaks (raw or JSON-escaped)
 * and whitespace are removed from the frame first, so a PEM body split over lines is still found.
 * Returns the first frame index and run found, or undefined.
 */
export function findSecretRun(frames: readonly string[], secret: string, length = 40): { frame: number; run: string } | undefined {
  if (secret.length < length) throw new Error(`the secret is shorter than ${length} characters: compare it whole instead`);
  const runs = new Set<string>();
  for (let at = 0; at + length <= secret.length; at++) runs.add(secret.slice(at, at + length));
  for (const [index, frame] of frames.entries()) {
    const squashed = frame.replace(/\\[rn]/g, '').replace(/\s/g, '');
    for (let at = 0; at + length <= squashed.length; at++) {
      const run = squashed.slice(at, at + length);
      if (runs.has(run)) return { frame: index, run };
    }
  }
  return undefined;
}

/** The contract message a frame carries (the WebSocket transport's JSON envelope). */
export function parseFrame(frame: string): { type?: string; name?: string; id?: number; payload?: unknown; reply?: unknown } {
  return JSON.parse(frame) as { type?: string; name?: string };
}
