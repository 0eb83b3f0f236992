import { execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/**
 * A throwaway PostgreSQL server on loopback for tests and benchmarks: initdb into a temp dir,
 * pg_ctl start on a free port, stop and delete on `stop()`. As root (CI), the server runs as the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface PostgresServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /** Stops the server the way a crash would (`pg_ctl -m immediate`), keeping its data. */
  crash(): Promise<void>;
  start(): Promise<void>;
}

export interface PostgresOptions {
  /** Keep fsync on (durability tests); off by default, for speed. */
  durable?: boolean;
  /**
   * A postgresql.conf include file (deploy/postgresql.conf): copied into the data directory and
   * included from its postgresql.conf, in place of the helper's max_connections and
   * shared_buffers. Port, listen address and socket directory stay the helper's; with `durable`,
   * nothing overrides the file's durability settings.
   */
  settingsFile?: string;
}

function findBinDir(): string {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv && existsSync(join(fromEnv, "initdb"))) return fromEnv;
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (existsSync(join(dir, "initdb"))) return dir;
  } catch {
    // pg_config may be missing (client-only installs); look in Debian's layout next.
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = join(root, version, "bin");
    if (existsSync(join(dir, "initdb"))) return dir;
  }
  throw new Error(
    "PostgreSQL server binaries not found: install Debian's `postgresql` or set PG_BINDIR.",
  );
}

/** A TCP port free on loopback right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const line = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).trim();
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: "C" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} exited with ${code}:\n${output}`)),
    );
  });
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = findBinDir();
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), "qp-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = join(dir, "data");
  await run(
    join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    user,
  );
  if (options.settingsFile) {
    const copy = join(dataDir, "included.conf");
    copyFileSync(options.settingsFile, copy);
    if (user) chownSync(copy, user.uid, user.gid);
    appendFileSync(join(dataDir, "postgresql.conf"), "\ninclude 'included.conf'\n");
  }
  return launch(bin, user, dir, options);
}

/**
 * A streaming replica of `primary` on a port of its own: a base backup of the primary
 * (`pg_basebackup -R`, which writes the standby's connection settings), started as a hot
 * standby. The primary's defaults (`wal_level=replica`, ten WAL senders, initdb's trust lines
 * for replication from loopback) allow it as they are.
 */
export async function startReplica(primary: PostgresServer): Promise<PostgresServer> {
  const bin = findBinDir();
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), "qp-pg-replica-"));
  if (user) chownSync(dir, user.uid, user.gid);
  await run(
    join(bin, "pg_basebackup"),
    [
      ...["-D", join(dir, "data"), "-R", "-X", "stream", "-c", "fast", "--no-sync"],
      ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres"],
    ],
    user,
  );
  return launch(bin, user, dir, {});
}

/** Starts the server whose data directory is `dir`/data on a free loopback port. */
async function launch(
  bin: string,
  user: { uid: number; gid: number } | undefined,
  dir: string,
  options: PostgresOptions,
): Promise<PostgresServer> {
  const dataDir = join(dir, "data");
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    ...(options.settingsFile ? [] : ["-c max_connections=300", "-c shared_buffers=128MB"]),
    ...(options.durable
      ? []
      : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ].join(" ");
  const start = () =>
    run(
      join(bin, "pg_ctl"),
      ["-D", dataDir, "-o", settings, "-l", join(dir, "log"), "-w", "start"],
      user,
    );
  await start();
  const stopWith = (mode: string) =>
    run(join(bin, "pg_ctl"), ["-D", dataDir, "-m", mode, "-w", "stop"], user).catch(() => {});
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start,
    crash: () => stopWith("immediate"),
    async stop() {
      await stopWith("fast");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
