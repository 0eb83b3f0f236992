/**
 * What the fuzzer runs against, all real and on loopback: PostgreSQL (a throwaway server, reached
 * through a proxy that can cut every connection mid-statement) with `processes` service
 * processes, or one service on a PGlite data directory; and a webhook receiver whose answers the
 * run decides. The faults act on these: a service SIGKILLed and started again, PostgreSQL stopped
 * as a crash would stop it and started again, the connections cut, the receiver down.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PostgresServer, startPostgres } from "../test/helpers/postgres.js";
import { type ServiceProcess, startService } from "../test/helpers/service-process.js";

export type DatabaseKind = "postgres" | "pglite";

export interface Received {
  /** The path it was posted to: whose endpoint. */
  path: string;
  /** When it arrived: its signature is checked as of then (a timestamp ages). */
  atMs: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * How the receiver answers: 204, 400 ("reject"), 500 ("fail"), 204 after 2 s ("slow"), or not at
 * all ("down": connections refused). A 410, which disables an endpoint for good, is not among them.
 */
export type ReceiverMood = "ok" | "reject" | "fail" | "slow" | "down";

const STATUS_OF: Record<ReceiverMood, number> = {
  ok: 204,
  reject: 400,
  fail: 500,
  slow: 204,
  down: 0,
};

export interface Receiver {
  /** The base address: each endpoint posts to a path of its own. */
  url: string;
  received: Received[];
  mood: ReceiverMood;
  setMood(mood: ReceiverMood): Promise<void>;
  close(): Promise<void>;
}

export interface World {
  kind: DatabaseKind;
  /** The base URLs of the service processes, by index (a restarted one gets a new port). */
  urls: string[];
  /** PostgreSQL's own address (not the proxy's), for the books check; undefined on PGlite. */
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  receiver: Receiver;
  killService(index: number): Promise<void>;
  crashDatabase(): Promise<void>;
  cutConnections(): number;
  /** The next `count` COMMITs' answers are lost (PostgreSQL only). */
  loseCommits(count: number): void;
  /** Stops the services (the books check of PGlite needs its directory free), then the rest. */
  stopServices(): Promise<void>;
  stop(): Promise<void>;
  /** Everything the services printed, for a failure's report. */
  output(): string;
}

const SLOW_MS = 2000;

export async function startWorld(kind: DatabaseKind, processes: number): Promise<World> {
  const receiver = await startReceiver();
  const work = mkdtempSync(join(tmpdir(), "qp-fuzz-"));
  let server: PostgresServer | undefined;
  let proxy: CutProxy | undefined;
  let env: Record<string, string>;
  if (kind === "postgres") {
    server = await startPostgres({ durable: true });
    proxy = await startCutProxy(server.port);
    env = { DATABASE_URL: server.url.replace(`:${server.port}/`, `:${proxy.port}/`) };
  } else {
    if (processes !== 1)
      throw new Error("PGlite serves one process only (its data directory lock)");
    env = { DATA_DIR: join(work, "data") };
  }
  env = {
    ...env,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    // One public address for every process, as behind a load balancer: a sign-in message made
    // from one process's nonce is good at the other.
    PUBLIC_BASE_URL: "http://localhost:8080",
    // Every application comes from loopback: a long run makes more than the default 20 an hour.
    APPLICATIONS_PER_HOUR: "10000",
    DB_POOL_SIZE: "8",
    LOG_LEVEL: "error",
  };
  const services: ServiceProcess[] = [];
  let logs = "";
  const start = async () => startService(env);
  for (let i = 0; i < processes; i++) services.push(await start());
  const world: World = {
    kind,
    urls: services.map((s) => s.baseUrl),
    databaseUrl: server?.url,
    dataDir: kind === "pglite" ? env.DATA_DIR : undefined,
    receiver,
    async killService(index) {
      const old = services[index]!;
      await old.kill("SIGKILL");
      logs += old.output();
      services[index] = await start();
      world.urls[index] = services[index]!.baseUrl;
    },
    async crashDatabase() {
      if (!server) return;
      await server.crash();
      await server.start();
    },
    cutConnections: () => proxy?.cutAll() ?? 0,
    loseCommits: (count) => proxy?.loseCommits(count),
    async stopServices() {
      for (const service of services) {
        await service.kill("SIGTERM");
        logs += service.output();
      }
      services.length = 0;
    },
    async stop() {
      await world.stopServices();
      await proxy?.close();
      await server?.stop();
      await receiver.close();
      rmSync(work, { recursive: true, force: true });
    },
    output: () => logs + services.map((s) => s.output()).join(""),
  };
  return world;
}

interface CutProxy {
  port: number;
  /** Destroys every connection through the proxy; how many there were. */
  cutAll(): number;
  /**
   * The next `count` COMMITs reach the server, which commits, but their answer never comes back:
   * the connection is cut first, as if the network failed at the worst moment.
   */
  loseCommits(count: number): void;
  close(): Promise<void>;
}

/** The simple-query message `COMMIT` (PostgreSQL protocol: 'Q', int32 length, text, NUL). */
const COMMIT_MESSAGE = Buffer.from([0x51, 0, 0, 0, 11, ...Buffer.from("COMMIT\0")]);

/** A TCP proxy to PostgreSQL on loopback whose connections the fuzzer cuts at will. */
async function startCutProxy(targetPort: number): Promise<CutProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let commitsToLose = 0;
  const server = createTcpServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    let losing = false;
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.on("data", (chunk: Buffer) => {
      if (commitsToLose > 0 && chunk.includes(COMMIT_MESSAGE)) {
        commitsToLose--;
        losing = true;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (losing) end();
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const destroyAll = () => {
    const count = pairs.size;
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    return count;
  };
  return {
    port: (server.address() as AddressInfo).port,
    cutAll: destroyAll,
    loseCommits(count) {
      commitsToLose = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        destroyAll();
        server.close(() => resolve());
      }),
  };
}

async function startReceiver(): Promise<Receiver> {
  let server: Server | undefined;
  let port = 0;
  const received: Received[] = [];
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const answer = () => {
            received.push({
              path: request.url ?? "",
              atMs: Date.now(),
              headers: request.headers,
              body: Buffer.concat(chunks).toString(),
            });
            response.writeHead(STATUS_OF[receiver.mood]).end();
          };
          if (receiver.mood === "slow") setTimeout(answer, SLOW_MS).unref();
          else answer();
        });
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}`,
    received,
    mood: "ok",
    async setMood(mood) {
      if (mood === "down" && receiver.mood !== "down") await closeServer();
      if (mood !== "down" && receiver.mood === "down") await listen();
      receiver.mood = mood;
    },
    close: closeServer,
  };
  return receiver;
}
