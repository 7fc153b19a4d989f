import { HeldRequestCounter } from './http/held-requests';
import { handleRest } from './api/rest-api';
import { Links } from './api/links';
import { FailureFlood } from './auth/failure-flood';
import { generateApiKey } from './api-key';
import { AUTH_SCHEME } from './auth/authorization-header';
import { buildRestClients } from './auth/rest-clients';
import { generateClientCertificate, generateServerCertificate } from './certificates';
import { CardStore } from './cardholders/card-store';
import { CardholderLocations } from './cardholders/locations';
import { proximityCardsOf } from './cardholders/proximity-cards';
import { SimClock } from './clock';
import { listenControl } from './control/control-server';
import { ControlOperations, type SimulatorControl } from './control/operations';
import { FaultInjector } from './http/faults';
import type { Exchange } from './http/exchange';
import { listenHttps, type HttpsListener } from './http/https-server';
import { EventLog } from './model/event-log';
import { WorldAlarms } from './events/world-alarms';
import { World } from './model/world';
import { SubscriptionRegistry } from './model/subscriptions';
import { ScenarioEngine, type ScenarioOptions } from './scenario/engine';
import { followPassages } from './scenario/passage-locations';
import { generateSite } from './site/generate';
import { loadSite } from './site/load';
import type { SiteDefinition } from './site/schema';
import { ServerVersion } from './version';
import { VisitBook } from './visits/visit-book';

export type { SiteDefinition } from './site/schema';
export type { SimulatorControl } from './control/operations';
export type { LoggedEvent } from './model/event-log';

export interface SimulatorOptions {
  /** Server version, 8.00 … 9.40; default '9.40'. */
  version?: string;
  /** The site as an object, or a path to a JSON site file; default resources/demo-site.json. */
  site?: SiteDefinition | string;
  /**
   * Instead of `site`: a generated site of this many items of every live kind (`generateSite({items})`),
   * so a shell can ask for a site at scale without importing the generator.
   */
  generatedItems?: number;
  host?: string;
  port?: number;
  /**
   * The control API (fault injection, item patches, the event log) on 127.0.0.1. It has no
   * authentication, so it listens only when asked: the tool and the tests ask, the kiosk's demo site
   * does not unless started for training or tests (`--control`). Default: on.
   */
  control?: boolean;
  controlPort?: number;
  /** How long an updates `next` call blocks without a change; default 60 000. */
  updatesTimeoutMs?: number;
  /** Off by default; the demo turns it on. */
  scenario?: false | ScenarioOptions;
  /** How long `controllerUnknown` lasts on a first updates call; default 200 ms. */
  statusFetchMs?: number;
  /**
   * The origin the server's links name, when clients reach it through something in between (a test's
   * TCP proxy); default the address it listens on.
   */
  publicUrl?: string;
  /**
   * Discovery links for doors and inputs with a query string of their own (the site file's
   * `server.queryStringLinks`, which this overrides); default plain links, as a real server gives.
   */
  queryStringLinks?: boolean;
  /**
   * Called with every REST request as it arrives (before authentication, faults or routing), its body
   * read for anything but GET: tests check what a client sends against the vendor's requests. A
   * promise returned holds that request until it settles (one call answered slowly, the rest not).
   */
  onRequest?: (request: ReceivedRequest) => void | Promise<void>;
}

/** A REST request as the simulator received it. */
export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text; undefined for GET and HEAD. */
  body: string | undefined;
}

export interface RunningSimulator {
  /** base_url: the client GETs `${url}/api`. */
  url: string;
  /** The port the HTTPS listener is on (the port of `url` unless `publicUrl` names another). */
  listenPort: number;
  /** Absent when the simulator was started with `control: false`. */
  controlUrl?: string;
  /** The first REST client item's key. */
  apiKey: string;
  /** The scheme word this site takes before the key: GGL-API-KEY, or a gateway's own (`server.gatewayScheme`). */
  authScheme: string;
  clientCertPem: string;
  clientKeyPem: string;
  /** SHA-1 of the client certificate DER, uppercase hex: what the REST client item pins. */
  clientThumbprint: string;
  serverCertPem: string;
  /** SHA-256 of the server certificate DER, uppercase hex with colons. */
  serverFingerprint256: string;
  /** The server version being simulated, as `/api` reports it. */
  version: string;
  /** Keys of every REST client item by id (sites may define several for privilege tests). */
  apiKeys: Record<string, string>;
  control: SimulatorControl;
  /** The site's life, when a scenario runs: its pace of alarm-raising incidents an hour, changed live. */
  scenario?: { pace(): number | undefined; setPace(alarmsPerHour: number | undefined): void };
  stop(): Promise<void>;
}

/** Starts the simulated access-control server and its control API. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const site = loadSite(options.generatedItems !== undefined ? generateSite({ items: options.generatedItems }) : options.site);
  if (options.queryStringLinks !== undefined) site.server.queryStringLinks = options.queryStringLinks;
  const version = new ServerVersion(options.version ?? '9.40');
  const updatesTimeoutMs = options.updatesTimeoutMs ?? 60_000;
  const clock = new SimClock();
  const events = new EventLog(() => clock.now());
  const world = new World(site, version, clock, events, {
    watchWindowMs: Math.max(2 * updatesTimeoutMs, 30_000),
    statusFetchMs: options.statusFetchMs ?? 200,
    zoneCountGraceMs: 30_000,
  });

  const serverCert = generateServerCertificate('Gatehouse simulator');
  const clientCert = generateClientCertificate('Gatehouse desk');
  const clients = buildRestClients(site, clientCert.thumbprint);
  const rootDivision = site.divisions.find((d) => !d.parent)!.id;
  const flood = new FailureFlood(events, () => clock.now(), site.server.division ?? rootDivision);
  const cards = new CardStore(site);
  const subscriptions = new SubscriptionRegistry(world);
  const people = { book: new VisitBook(site, clock.now()), locations: new CardholderLocations(site, clock.now()), proximityCards: proximityCardsOf(site, clock.now()) };
  followPassages(world, people.locations);
  const worldAlarms = new WorldAlarms(world, events, (id) => cards.displayName(id));
  // Alarm and event long-polls wait the site's hold (about 30 s), never longer than item updates do.
  const eventsHoldMs = Math.min(world.journal.holdMs, updatesTimeoutMs);

  let links = new Links('https://127.0.0.1');
  const host = options.host ?? '127.0.0.1';
  const faults = new FaultInjector();
  let restRequests = 0;
  const held = new HeldRequestCounter();
  const listen = (port: number) =>
    listenHttps(
      { certPem: serverCert.certPem, keyPem: serverCert.keyPem, host, port, origin: () => links.base },
      async (exchange) => {
        restRequests++;
        await held.around(exchange.method, exchange.url, async () => {
          if (options.onRequest) await reportRequest(exchange, options.onRequest);
          if (await faults.intercept(exchange)) return;
          await handleRest(exchange, { world, links, clients, flood, cards, updatesTimeoutMs, subscriptions, eventsHoldMs, people });
        });
      },
    );
  let https: HttpsListener = await listen(options.port ?? 0);
  const url = options.publicUrl ?? `https://${host.includes(':') ? `[${host}]` : host}:${https.port}`;
  links = new Links(url);

  const control = new ControlOperations(world, subscriptions, worldAlarms, {
    setFaults: (settings) => faults.set(settings),
    clearFaults: () => faults.clear(),
    dropConnections: () => https.dropConnections(),
    revokeKey: (clientId) => {
      const client = clients.find((c) => c.id === clientId);
      if (client) client.apiKey = generateApiKey();
      return client !== undefined;
    },
    restRequests: () => restRequests,
    heldRequests: () => held.now(),
    restart: async () => {
      subscriptions.dropAll();
      world.everyItem((item) => item.feed.stopAll());
      await https.close();
      world.everyItem((item) => item.forgetWatch());
      https = await listen(https.port);
    },
  });
  const controlListener = options.control === false ? undefined : await listenControl(control, options.controlPort ?? 0);
  const scenario = options.scenario ? new ScenarioEngine(world, options.scenario, worldAlarms) : undefined;
  scenario?.start();

  let stopped: Promise<void> | undefined;
  return {
    url,
    listenPort: https.port,
    ...(controlListener ? { controlUrl: `http://127.0.0.1:${controlListener.port}` } : {}),
    apiKey: clients[0]!.apiKey,
    version: version.label,
    apiKeys: Object.fromEntries(clients.map((c) => [c.id, c.apiKey])),
    authScheme: (world.site.server.gateway && world.site.server.gatewayScheme) || AUTH_SCHEME,
    clientCertPem: clientCert.certPem,
    clientKeyPem: clientCert.keyPem,
    clientThumbprint: clientCert.thumbprint,
    serverCertPem: serverCert.certPem,
    serverFingerprint256: serverCert.fingerprint256,
    control,
    ...(scenario ? { scenario: { pace: () => scenario.pace, setPace: (n: number | undefined) => scenario.setPace(n) } } : {}),
    stop: () => {
      stopped ??= (async () => {
        scenario?.stop();
        clock.stop();
        world.everyItem((item) => item.feed.stopAll());
        subscriptions.dropAll();
        await Promise.all([https.close(), controlListener?.close()]);
      })();
      return stopped;
    },
  };
}

async function reportRequest(exchange: Exchange, onRequest: (request: ReceivedRequest) => void | Promise<void>): Promise<void> {
  const hasBody = exchange.method !== 'GET' && exchange.method !== 'HEAD';
  // The body is read once and kept, so the handler reads the same text afterwards.
  const body = hasBody ? await exchange.bodyText().catch(() => undefined) : undefined;
  await onRequest({ method: exchange.method, url: new URL(exchange.url.href), headers: { ...exchange.headers }, body });
}
