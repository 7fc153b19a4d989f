import { randomUUID } from 'node:crypto';
import { DeskError } from '../../../shared/errors';

/** Unfinished uploads at once: an operator imports one file at a time; a few allow a retry beside a stuck one. */
const MAX_OPEN = 4;
/** An upload that has not moved for this long is dropped (the screen was closed mid-import). */
const IDLE_MS = 10 * 60 * 1000;

export interface Upload<Purpose> {
  purpose: Purpose;
  fileName: string;
  /** The size the screen declared at the start; the parts must add up to exactly this. */
  size: number;
  parts: Buffer[];
  received: number;
  touchedAt: number;
}

/**
 * Files arriving in parts (a call carries at most 1 MiB): each upload is named by a random id, takes
 * its parts in order, never grows past the size declared at the start, and is handed over whole once.
 * Held in memory only: an import cut off by a restart is simply started again.
 */
export class PlanUploads<Purpose> {
  private readonly open = new Map<string, Upload<Purpose>>();

  constructor(private readonly now: () => number = Date.now) {}

  begin(purpose: Purpose, fileName: string, size: number): string {
    this.dropIdle();
    if (this.open.size >= MAX_OPEN) {
      // The oldest is the one most likely abandoned.
      const oldest = [...this.open.entries()].sort((a, b) => a[1].touchedAt - b[1].touchedAt)[0];
      if (oldest) this.open.delete(oldest[0]);
    }
    const id = randomUUID();
    this.open.set(id, { purpose, fileName, size, parts: [], received: 0, touchedAt: this.now() });
    return id;
  }

  /** Adds the next part; answers the bytes received so far. */
  part(id: string, bytes: Buffer): number {
    const upload = this.get(id);
    if (upload.received + bytes.length > upload.size) {
      this.open.delete(id);
      throw new DeskError('bad-request', `"${upload.fileName}" sent more than the ${upload.size} bytes it announced: the import was stopped. Start it again.`);
    }
    upload.parts.push(bytes);
    upload.received += bytes.length;
    upload.touchedAt = this.now();
    return upload.received;
  }

  /** Takes the whole file, ending the upload; refused when parts are missing. */
  finish(id: string): Upload<Purpose> & { bytes: Buffer } {
    const upload = this.get(id);
    this.open.delete(id);
    if (upload.received !== upload.size) {
      throw new DeskError('bad-request', `"${upload.fileName}" arrived incomplete (${upload.received} of ${upload.size} bytes): nothing was changed. Start the import again.`);
    }
    return { ...upload, bytes: Buffer.concat(upload.parts, upload.received) };
  }

  cancel(id: string): boolean {
    return this.open.delete(id);
  }

  private get(id: string): Upload<Purpose> {
    this.dropIdle();
    const upload = this.open.get(id);
    if (!upload) throw new DeskError('not-found', 'That import is no longer open (it finished, was cancelled, or waited too long): start it again.');
    return upload;
  }

  private dropIdle(): void {
    const now = this.now();
    for (const [id, upload] of this.open) if (now - upload.touchedAt > IDLE_MS) this.open.delete(id);
  }
}
