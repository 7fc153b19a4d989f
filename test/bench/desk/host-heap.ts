import WebSocket from 'ws';

/**
 * The host's JS heap after a full collection, through Node's inspector (opened by SIGUSR1 on the
 * default port 9229, Linux): what the desk really holds. Its RSS alone swings by 150 MB at 10,000
 * items as V8 lets garbage build up between major collections, which hides a leak or invents one.
 * For the soak only: each reading forces a full collection in the host (a pause of ~0.1 s).
 */
export interface HostHeap {
  /** heapUsed in MB right after a full collection. */
  afterCollection(): Promise<number>;
  close(): void;
}

export async function openHostHeap(pid: number): Promise<HostHeap> {
  process.kill(pid, 'SIGUSR1');
  const url = await debuggerUrl();
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ value?: unknown }>((resolve) => {
      const id = ++next;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: { result?: { value?: unknown } } };
        if (message.id !== id) return;
        ws.off('message', onMessage);
        resolve(message.result?.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.enable');
  return {
    afterCollection: async () => {
      await call('HeapProfiler.collectGarbage');
      const { value } = await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
      return Math.round(((typeof value === 'number' ? value : 0) / 1024 / 1024) * 10) / 10;
    },
    close: () => ws.close(),
  };
}

async function debuggerUrl(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const list = (await (await fetch('http://127.0.0.1:9229/json/list')).json()) as { webSocketDebuggerUrl: string; title: string }[];
      const host = list.find((t) => t.title.includes('web-host') || t.title.includes('web/host'));
      if (host) return host.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the host did not open its inspector on 127.0.0.1:9229 after SIGUSR1 (is another process using the port?)');
}
