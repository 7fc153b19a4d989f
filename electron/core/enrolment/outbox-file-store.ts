import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { SealedValue } from '../vault/keys/envelope';
import { OutboxRecord, type OutboxStore } from './outbox-record';

/** Seals and opens data with the vault's data key (Vault.sealData / openData). */
export interface DataSealer {
  sealData(purpose: string, plaintext: Uint8Array): Promise<SealedValue>;
  openData(purpose: string, sealed: unknown): Promise<Buffer>;
}

const PURPOSE = 'enrolment-outbox';
const FileFormat = z.object({ v: z.literal(1), records: z.array(z.object({ id: z.string(), sealed: SealedValue })) });

/**
 * The outbox in one file in the settings folder, each record sealed with the vault's data key (names
 * and card data are personal data). Every save rewrites the file through a temporary file, fsync and
 * rename, so a kill at any moment leaves either the old file or the new one, never half of one.
 */
export class FileOutboxStore implements OutboxStore {
  private readonly path: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    settingsDir: string,
    private readonly sealer: DataSealer,
  ) {
    this.path = join(settingsDir, 'enrolment-outbox.json');
  }

  load(): Promise<OutboxRecord[]> {
    return this.exclusive(async () => {
      const records: OutboxRecord[] = [];
      for (const entry of this.readFile()) {
        const plaintext = await this.sealer.openData(PURPOSE, entry.sealed);
        const parsed = OutboxRecord.safeParse(JSON.parse(plaintext.toString('utf8')));
        if (!parsed.success) throw new DeskError('credentials', `Enrolment outbox: record ${entry.id} is not in the expected form`);
        records.push(parsed.data);
      }
      return records.sort((a, b) => a.seq - b.seq);
    });
  }

  save(record: OutboxRecord): Promise<void> {
    return this.exclusive(async () => {
      const sealed = await this.sealer.sealData(PURPOSE, Buffer.from(JSON.stringify(record), 'utf8'));
      const entries = this.readFile().filter((e) => e.id !== record.id);
      entries.push({ id: record.id, sealed });
      this.writeFile({ v: 1, records: entries });
    });
  }

  private readFile(): z.infer<typeof FileFormat>['records'] {
    if (!existsSync(this.path)) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      throw new DeskError('credentials', `Enrolment outbox: ${this.path} is not JSON; it was left as it is`);
    }
    const file = FileFormat.safeParse(parsed);
    if (!file.success) throw new DeskError('credentials', `Enrolment outbox: ${this.path} is not in a format this Gatehouse reads`);
    return file.data.records;
  }

  private writeFile(content: z.infer<typeof FileFormat>): void {
    const temporary = `${this.path}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(content));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
  }

  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
