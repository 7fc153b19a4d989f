import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** What the stand-in `electron` module recorded: one request the shell made of Electron. */
export interface Request {
  api: string;
  args: unknown[];
}

/** Where an IPC call comes from: the desk window's main frame unless said otherwise. */
export interface CallOrigin {
  sender?: 'window' | 'other';
  frame?: 'main' | 'sub';
  url?: string;
}

/** The reply envelope a contract call gets (shared/wire.ts). */
export interface CallReply {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

export interface ShellOptions {
  args?: string[];
  /** The single-instance lock is already held by another desk. */
  lockTaken?: boolean;
  touchScreen?: boolean;
  env?: Record<string, string>;
}

export const root = process.cwd();
export const mainBundle = resolve(root, 'out/main/index.js');
export const preloadBundle = resolve(root, 'out/preload/index.cjs');
const register = resolve(root, 'test/shell/stand-in/register.mjs');

/**
 * The BUILT Electron main (out/main/index.js) running in a Node process of its own, with `electron`
 * resolved to the stand-in (test/shell/stand-in/). Commands go over the child-process channel and the
 * stand-in answers with what the shell did.
 */
export class ShellProcess {
  readonly userData = mkdtempSync(join(tmpdir(), 'gatehouse-shell-'));
  readonly exited: Promise<{ code: number | null; record?: Request[] }>;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private output = '';

  constructor(options: ShellOptions = {}) {
    this.child = fork(mainBundle, options.args ?? [], {
      cwd: root,
      execArgv: ['--import', register],
      env: {
        ...process.env,
        ...options.env,
        STAND_IN_USER_DATA: this.userData,
        XDG_CONFIG_HOME: this.userData,
        ...(options.lockTaken ? { STAND_IN_LOCK: 'taken' } : {}),
        ...(options.touchScreen ? { STAND_IN_TOUCH: '1' } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    let record: Request[] | undefined;
    this.child.on('message', (message: { kind: string; id?: number; result?: unknown; error?: string; record?: Request[] }) => {
      if (message.kind === 'exit') record = message.record;
      if (message.kind !== 'reply' || message.id === undefined) return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(`${message.error}\n--- shell output ---\n${this.output}`));
      else waiting?.resolve(message.result);
    });
    this.exited = new Promise((done) =>
      this.child.on('exit', (code) => {
        for (const waiting of this.pending.values()) waiting.reject(new Error(`The shell exited (${code}) before answering.\n${this.output}`));
        done({ code, ...(record ? { record } : {}) });
      }),
    );
  }

  /** What the shell printed (stdout and stderr), for failure messages. */
  get printed(): string {
    return this.output;
  }

  command<T = unknown>(name: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ kind: 'command', id, name, params });
    });
  }

  record(): Promise<Request[]> {
    return this.command<Request[]>('record');
  }

  /** Waits until the record holds a request that `match` accepts (the shell's start is asynchronous). */
  async waitFor(match: (request: Request) => boolean, what: string, timeoutMs = 20_000): Promise<Request> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.record()).find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`The shell never did this: ${what}\n--- shell output ---\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A contract call through the IPC handler the shell registered. */
  call(name: string, params: unknown, from: CallOrigin = {}): Promise<{ registered: boolean; reply?: CallReply }> {
    return this.command('invoke', { channel: 'desk:call', args: [name, params], from });
  }

  emit(target: 'app' | 'window' | 'webContents', event: string, args: unknown[] = []): Promise<{ handled: boolean; defaultPrevented: boolean }> {
    return this.command('emit', { target, event, args });
  }

  /** Stops the process if the test left it running, and removes its folder. */
  async dispose(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
    rmSync(this.userData, { recursive: true, force: true });
  }
}

export const requestsOf = (record: Request[], api: string) => record.filter((r) => r.api === api);
