/** The processes under test: the questpoints service on either database, and the echo server. */
import { randomBytes } from "node:crypto";
import { type Child, startChild } from "./processes.js";

export type Database = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

export interface Service extends Child {
  adminToken: string;
}

export async function startService(database: Database, batching: boolean): Promise<Service> {
  const adminToken = randomBytes(24).toString("hex");
  const child = await startChild(["src/cli/main.ts", "serve"], {
    DATABASE_URL: database.kind === "postgres" ? database.url : undefined,
    DATA_DIR: database.kind === "pglite" ? database.dataDir : undefined,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: "warn",
    // The load comes from one IP; a limit would measure 429s instead of allocations.
    RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
    RATE_LIMIT_OWNER_PER_MINUTE: "0",
    RATE_LIMIT_ADMIN_PER_MINUTE: "0",
    ALLOCATION_BATCHING: batching ? "on" : "off",
  });
  return { ...child, adminToken };
}

export function startEcho(): Promise<Child> {
  return startChild(["bench/echo-server.ts"], {});
}
