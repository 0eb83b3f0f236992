/** The processes under test: the questpoints service on either database, and the bare server. */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { Db } from "../src/db/handle.js";
import type { LoadSettings } from "./load.js";
import { type Child, startChild } from "./processes.js";

export type Database = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

export interface Service extends Child {
  adminToken: string;
}

export interface ServiceOptions {
  batching: boolean;
  /** WORKERS: service processes, PostgreSQL only (one process per PGlite data directory). */
  workers?: number;
  /** PUBLIC_READS_IN_FLIGHT_MAX; unset: the caller's environment, else the service's default. */
  publicReadsInFlightMax?: number;
  /** More settings for the service (e.g. WEBHOOK_ALLOW_PRIVATE_TARGETS for a local receiver). */
  env?: Record<string, string>;
}

export async function startService(database: Database, options: ServiceOptions): Promise<Service> {
  const adminToken = randomBytes(24).toString("hex");
  const child = await startChild(["src/cli/main.ts", "serve"], {
    DATABASE_URL: database.kind === "postgres" ? database.url : undefined,
    DATA_DIR: database.kind === "pglite" ? database.dataDir : undefined,
    WORKERS: database.kind === "postgres" ? String(options.workers ?? 1) : undefined,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: "warn",
    // The load comes from one IP; a limit would measure 429s instead of allocations.
    RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
    RATE_LIMIT_OWNER_PER_MINUTE: "0",
    RATE_LIMIT_ADMIN_PER_MINUTE: "0",
    ALLOCATION_BATCHING: options.batching ? "on" : "off",
    ...(options.publicReadsInFlightMax === undefined
      ? {}
      : { PUBLIC_READS_IN_FLIGHT_MAX: String(options.publicReadsInFlightMax) }),
    ...options.env,
  });
  return { ...child, adminToken };
}

/** What the bare server answers: the payout echo, or fixed bytes for GET at `path`. */
export type BareAnswer =
  | { kind: "echo" }
  | {
      kind: "bytes";
      path: string;
      bodyFile: string;
      contentType: string;
      headers: Record<string, string>;
    };

export function startBare(answer: BareAnswer, workers = 1): Promise<Child> {
  const bytes = answer.kind === "bytes" ? answer : undefined;
  return startChild(["bench/echo-server.ts"], {
    BARE_WORKERS: String(workers),
    BARE_PATH: bytes?.path,
    BARE_BODY_FILE: bytes?.bodyFile,
    BARE_CONTENT_TYPE: bytes?.contentType,
    BARE_HEADERS: bytes && JSON.stringify(bytes.headers),
  });
}

/** What a group of rows is given by bench/run.ts: fresh databases, the load, a log, SQL access. */
export interface GroupContext {
  /** A fresh PostgreSQL database on the bench's server. */
  open: (name: string) => Promise<Database>;
  settings: LoadSettings;
  log: (message: string) => void;
  withDb: <T>(database: Database, use: (db: Db) => Promise<T>) => Promise<T>;
  stopService: (service: Service, scenario: string) => Promise<void>;
}

/** The pid of the bench's child process listening on `url`'s port (Linux /proc). */
export function servicePid(url: string): number {
  const portVariable = `PORT=${new URL(url).port}`;
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      // "pid (comm) state ppid …"; comm may hold spaces and parentheses, so split after the last ")".
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(portVariable)) {
        return Number(name);
      }
    } catch {
      // The process ended while being listed.
    }
  }
  throw new Error(`no child process of the bench serves ${url} (the RSS is read from /proc)`);
}

/** VmRSS of `pid`, in bytes. */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}
