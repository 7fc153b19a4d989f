import { Agent } from 'undici';
import type { HttpProtocol } from './protocol';
import type { WatchCapacity } from './transport-options';

/** HTTP/2 long-polls: a few connections, many streams each. */
const H2_CONNECTIONS = 4;
const H2_STREAMS_PER_CONNECTION = 4_000;

/**
 * The agent that holds the long-polls, shaped by the protocol the server answered with: on HTTP/2 a
 * few connections carrying thousands of streams, on HTTP/1.1 one poll per connection. Apart from the
 * commands' agent, so held polls cannot starve an override.
 */
export function buildWatchAgent(protocol: HttpProtocol, connect: Record<string, unknown>, h1Connections: number): { agent: Agent; capacity: WatchCapacity } {
  if (protocol === 'h2') {
    // undici runs one request per client at a time unless `pipelining` allows more; on HTTP/2 that
    // number is the streams multiplexed on one connection.
    const agent = new Agent({
      connect,
      allowH2: true,
      connections: H2_CONNECTIONS,
      pipelining: H2_STREAMS_PER_CONNECTION,
      maxConcurrentStreams: H2_STREAMS_PER_CONNECTION,
    });
    return { agent, capacity: { protocol, slots: H2_CONNECTIONS * H2_STREAMS_PER_CONNECTION } };
  }
  const agent = new Agent({ connect, allowH2: false, connections: h1Connections, pipelining: 1 });
  return { agent, capacity: { protocol, slots: h1Connections } };
}
