import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PivError } from '../../../shared/piv/card/errors';
import { abiMismatch, rebuildAdvice } from '../native-module-error';

/**
 * Loading @pokusew/pcsclite safely. It is an optional, native dependency, so it may be missing or
 * built for another runtime; and on pcsclite systems creating its context while pcscd is not running
 * never returns and spins a core. Both become a PivError before any context exists.
 */

/** The subset of @pokusew/pcsclite's types Gatehouse uses (its own typings use `export =`). */
export interface PcscReader {
  name: string;
  SCARD_SHARE_SHARED: number;
  SCARD_PROTOCOL_T0: number;
  SCARD_PROTOCOL_T1: number;
  SCARD_STATE_PRESENT: number;
  SCARD_STATE_CHANGED: number;
  SCARD_LEAVE_CARD: number;
  on(event: 'status', listener: (status: { state: number; atr?: Buffer }) => void): this;
  on(event: 'end', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  connect(options: { share_mode?: number; protocol?: number }, callback: (error: Error | undefined, protocol: number) => void): void;
  disconnect(disposition: number, callback: (error: Error | undefined) => void): void;
  transmit(data: Buffer, responseLength: number, protocol: number, callback: (error: Error | undefined, response: Buffer) => void): void;
  close(): void;
}

export interface PcscContext {
  on(event: 'reader', listener: (reader: PcscReader) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  close(): void;
}

export type PcscFactory = () => PcscContext;

/** pcsclite's default socket; PCSCLITE_CSOCK_NAME moves it, as it does for libpcsclite itself. */
export function defaultPcscdSocket(): string {
  return process.env.PCSCLITE_CSOCK_NAME ?? '/run/pcscd/pcscd.comm';
}

export interface BindingOptions {
  /** Where pcscd's socket must be (pcsclite platforms only). */
  socketPath?: string;
  /** Replaces `require('@pokusew/pcsclite')`; used by tests to stand in for a missing binding. */
  load?: () => PcscFactory;
}

/** The PC/SC context factory, or a PivError saying plainly what is missing. */
export function loadPcsc(options: BindingOptions = {}): PcscFactory {
  // Windows (WinSCard) and macOS (PCSC.framework) report a stopped service as an error; only
  // pcsclite hangs, so only there is the socket checked first.
  if (process.platform !== 'win32' && process.platform !== 'darwin') {
    const socket = options.socketPath ?? defaultPcscdSocket();
    if (!existsSync(socket)) {
      throw new PivError(
        'service-not-running',
        // The socket's path is for the log and support, not the guard: it says nothing they can act on.
        'The smart-card service (pcscd) is not running on this computer: start it (or ask whoever looks after this computer) and try again.',
      );
    }
  }
  try {
    const load = options.load ?? (() => createRequire(import.meta.url)('@pokusew/pcsclite') as PcscFactory);
    return load();
  } catch (error) {
    const mismatch = abiMismatch(error);
    if (mismatch) {
      throw new PivError(
        'pcsc-unavailable',
        `Smart-card support is not available: the card reader module was built for another runtime (ABI ${mismatch.built}, this is ${mismatch.running}): ${rebuildAdvice('@pokusew/pcsclite')}.`,
        { cause: error },
      );
    }
    throw new PivError(
      'pcsc-unavailable',
      `Smart-card support is not available: the PC/SC module @pokusew/pcsclite could not be loaded (${(error as Error).message})`,
      { cause: error },
    );
  }
}
