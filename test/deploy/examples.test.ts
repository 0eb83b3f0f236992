/**
 * The deployment examples in deploy/, run for real on loopback: PostgreSQL with postgresql.conf
 * and database.sql, PgBouncer with pgbouncer.ini (session pooling), Redis with redis.conf, the
 * service with questpoints.env (its WORKERS processes), and nginx with nginx.conf terminating
 * TLS in front of it. Only addresses, ports and file paths are changed (each change must find
 * its line, so an example that changes shape fails here); every other line is used as written.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import createClient from "openapi-fetch";
import pg from "pg";
import type { paths } from "../../src/client/index.js";
import { unwrap } from "../../src/client/index.js";
import { loadConfig } from "../../src/config.js";
import { openPostgres } from "../../src/db/postgres.js";
import { freePort, type PostgresServer, startPostgres } from "../helpers/postgres.js";
import { accepts } from "../helpers/redis.js";
import {
  killAllServices,
  randomPass,
  type ServiceProcess,
  sleep,
  startService,
} from "../helpers/service-process.js";

const DEPLOY = fileURLToPath(new URL("../../deploy/", import.meta.url));
const deployFile = (name: string) => readFileSync(join(DEPLOY, name), "utf8");
/** The public name of the examples; the test's certificate is made out to it. */
const PUBLIC_NAME = "quests.example.com";
/** Clients reach nginx from this address, so the service must learn it from X-Forwarded-For. */
const CLIENT_ADDRESS = "127.0.0.2";
const READY_TIMEOUT_MS = 10_000;
/** pgbouncer.ini's statement of its sizing, checked against the files it names. */
const SIZING_LINE =
  /(\d+) hosts x WORKERS (\d+) x \(DB_POOL_SIZE (\d+) \+ 1\) = (\d+) <= default_pool_size (\d+)/;

/** KEY=VALUE lines as systemd's EnvironmentFile= reads them: comments only on lines of their own. */
function readEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(\S*)$/.exec(line);
    assert.ok(match, `questpoints.env: "${line}" is not NAME=value (no spaces, no comment)`);
    assert.equal(env[match[1]!], undefined, `questpoints.env sets ${match[1]} twice`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** The `name = value` lines of a postgresql.conf or pgbouncer.ini (comment lines never match). */
function settingsOf(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const [, name, value] of text.matchAll(/^([a-z_.]+) = (.*)$/gm)) {
    settings.set(name!, value!.trim());
  }
  return settings;
}

/** `text` with the line matching `pattern` replaced; fails when no line matches. */
function adapt(text: string, pattern: RegExp, replacement: string): string {
  assert.match(text, pattern, `the example no longer has a line matching ${pattern}`);
  return text.replace(pattern, replacement);
}

function withHost(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(port);
  return parsed.toString();
}

/** As root, the daemons that refuse root (PgBouncer) run as the `postgres` user. */
function daemonUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const [, , uid, gid] = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).split(
    ":",
  );
  return { uid: Number(uid), gid: Number(gid) };
}

/** Debian installs daemons in /usr/sbin, which a user's PATH may lack. */
function daemon(name: string): string {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
  } catch {
    return join("/usr/sbin", name);
  }
}

interface Daemon {
  stop(): Promise<void>;
}

/** Runs `bin` in the foreground until `stop()`; resolves once it accepts on `port`. */
async function startDaemon(
  bin: string,
  args: string[],
  port: number,
  user?: { uid: number; gid: number },
): Promise<Daemon> {
  const child: ChildProcess = spawn(bin, args, {
    stdio: ["ignore", "pipe", "pipe"],
    ...(user ?? {}),
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${bin} did not start on port ${port}:\n${output}`);
    }
    await sleep(20);
  }
  return { stop };
}

/** A directory for one daemon's files; `owner` may read and write it. */
function daemonDir(prefix: string, owner?: { uid: number; gid: number }): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o755);
  return dir;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** One HTTPS request to nginx, from CLIENT_ADDRESS, trusting the test's certificate only. */
function viaProxy(
  port: number,
  ca: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: init.method ?? "GET",
        headers: { host: `${PUBLIC_NAME}:${port}`, ...init.headers },
        servername: PUBLIC_NAME,
        ca,
        localAddress: CLIENT_ADDRESS,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of [value ?? []].flat()) headers.append(name, one);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${path}: no answer from nginx`)));
    req.on("error", reject);
    req.end(init.body);
  });
}

/** The typed client, talking to the service through nginx (over TLS, from CLIENT_ADDRESS). */
function proxiedClient(port: number, ca: string, headers: Record<string, string>) {
  return createClient<paths>({
    baseUrl: `https://${PUBLIC_NAME}:${port}`,
    headers,
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const answer = await viaProxy(port, ca, url.pathname + url.search, {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        ...(body ? { body } : {}),
      });
      return new Response(answer.body.length > 0 ? new Uint8Array(answer.body) : null, {
        status: answer.status,
        headers: answer.headers,
      });
    },
  });
}

/** Milliseconds of a PostgreSQL duration as SHOW prints it ("3s", "500ms", "1min"). */
function durationMs(shown: string): number {
  const match = /^(\d+)(ms|s|min)$/.exec(shown);
  assert.ok(match, `unexpected duration "${shown}"`);
  return Number(match[1]) * { ms: 1, s: 1000, min: 60_000 }[match[2] as "ms" | "s" | "min"];
}

/** PgBouncer with pgbouncer.ini, its address, port, paths and PostgreSQL's port changed. */
async function startBouncer(dirs: string[], postgresPort: number) {
  const user = daemonUser();
  const dir = daemonDir("qp-pgbouncer-", user);
  dirs.push(dir);
  const port = await freePort();
  let ini = adapt(deployFile("pgbouncer.ini"), /^listen_addr = .*$/m, "listen_addr = 127.0.0.1");
  ini = adapt(ini, /^listen_port = 6432$/m, `listen_port = ${port}`);
  ini = adapt(ini, /host=127\.0\.0\.1 port=5432/, `host=127.0.0.1 port=${postgresPort}`);
  ini = adapt(ini, /^unix_socket_dir = .*$/m, `unix_socket_dir = ${dir}`);
  ini = adapt(ini, /^logfile = .*$/m, `logfile = ${join(dir, "pgbouncer.log")}`);
  ini = adapt(ini, /^pidfile = .*$/m, `pidfile = ${join(dir, "pgbouncer.pid")}`);
  ini = adapt(ini, /^auth_file = .*$/m, `auth_file = ${join(dir, "userlist.txt")}`);
  writeFileSync(join(dir, "pgbouncer.ini"), ini);
  writeFileSync(join(dir, "userlist.txt"), deployFile("pgbouncer-users.txt"));
  const running = await startDaemon(daemon("pgbouncer"), [join(dir, "pgbouncer.ini")], port, user);
  return { port, running };
}

/** redis-server with redis.conf; arguments after the file replace its bind and port. */
async function startRedisExample(dirs: string[]) {
  const dir = daemonDir("qp-redis-");
  dirs.push(dir);
  const port = await freePort();
  writeFileSync(join(dir, "redis.conf"), deployFile("redis.conf"));
  const args = [join(dir, "redis.conf"), "--bind", "127.0.0.1", "--port", String(port)];
  const running = await startDaemon("redis-server", [...args, "--dir", dir], port);
  return { port, running };
}

/**
 * nginx with nginx.conf as its site, in a main file of the test's own (paths in a temporary
 * folder, one worker); its ports, upstream port and certificate (self-signed, made out to
 * PUBLIC_NAME) changed. `nginx -t` first, so a syntax error is reported as nginx words it.
 */
async function startNginx(dirs: string[], servicePort: number) {
  const dir = daemonDir("qp-nginx-");
  dirs.push(dir);
  const [cert, key] = [join(dir, "cert.pem"), join(dir, "key.pem")];
  const subject = [`/CN=${PUBLIC_NAME}`, "-addext", `subjectAltName=DNS:${PUBLIC_NAME}`];
  const newKey = "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1";
  execFileSync(
    "openssl",
    [...newKey.split(" "), "-subj", ...subject, "-keyout", key, "-out", cert],
    {
      stdio: "ignore",
    },
  );
  const [port, redirectPort] = [await freePort(), await freePort()];
  let site = deployFile("nginx.conf");
  site = adapt(site, /server 127\.0\.0\.1:8080;/, `server 127.0.0.1:${servicePort};`);
  site = adapt(site, /listen 80;/, `listen 127.0.0.1:${redirectPort};`);
  site = adapt(site, /listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`);
  site = adapt(site, /ssl_certificate \S+;/, `ssl_certificate ${cert};`);
  site = adapt(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  writeFileSync(join(dir, "questpoints.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${join(dir, kind)};`)
    .join(" ");
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 256; }",
      `http { access_log off; ${temp} include ${join(dir, "questpoints.conf")}; }`,
    ].join("\n"),
  );
  const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")];
  execFileSync(daemon("nginx"), [...args, "-t", "-q"], { stdio: ["ignore", "pipe", "pipe"] });
  const running = await startDaemon(daemon("nginx"), args, port);
  return { port, redirectPort, ca: readFileSync(cert, "utf8"), running };
}

/** One plain-HTTP GET (nginx's redirect server). */
function plainGet(port: number, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host: PUBLIC_NAME } });
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("deployment examples (deploy/) on loopback", { timeout: 120_000 }, () => {
  const env = readEnvFile(deployFile("questpoints.env"));
  const dirs: string[] = [];
  const daemons: Daemon[] = [];
  let postgres: PostgresServer | undefined;
  let bouncerUrl: string;
  let redisUrl: string;
  let service: ServiceProcess;
  let nginx: { port: number; redirectPort: number; ca: string };

  before(async () => {
    postgres = await startPostgres({
      durable: true,
      settingsFile: join(DEPLOY, "postgresql.conf"),
    });
    const superuser = new pg.Client({ connectionString: postgres.url });
    await superuser.connect();
    try {
      // One statement at a time: CREATE DATABASE refuses to run in a multi-statement query.
      const script = deployFile("database.sql").replace(/^--.*$/gm, "");
      for (const statement of script.split(";").map((s) => s.trim())) {
        if (statement) await superuser.query(statement);
      }
    } finally {
      await superuser.end();
    }
    const bouncer = await startBouncer(dirs, postgres.port);
    daemons.push(bouncer.running);
    bouncerUrl = withHost(env.DATABASE_URL!, bouncer.port);
    const redis = await startRedisExample(dirs);
    daemons.push(redis.running);
    redisUrl = withHost(env.REDIS_URL!, redis.port);

    const { PORT: _port, ...rest } = env; // startService picks a free port
    service = await startService({ ...rest, DATABASE_URL: bouncerUrl, REDIS_URL: redisUrl });
    const proxy = await startNginx(dirs, service.port);
    daemons.push(proxy.running);
    nginx = proxy;
  });

  after(async () => {
    await killAllServices();
    for (const one of daemons.reverse()) await one.stop();
    await postgres?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("questpoints.env sets only variables the service reads, with values it accepts", () => {
    const read = new Set<string>();
    const watched = new Proxy(env, {
      get(target, name: string) {
        read.add(name);
        return target[name];
      },
    });
    loadConfig(watched);
    const unread = Object.keys(env).filter((name) => !read.has(name));
    assert.deepEqual(unread, [], "src/config.ts never reads these (a typo?)");
  });

  it("PostgreSQL applies every setting of postgresql.conf", async () => {
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; applied: boolean; error: string | null }>(
        `SELECT name, applied, error FROM pg_file_settings WHERE sourcefile LIKE '%/included.conf'`,
      );
      const written = [...settingsOf(deployFile("postgresql.conf")).keys()];
      assert.deepEqual(rows.map((row) => row.name).sort(), written.sort());
      // The test's server listens on its own address (startPostgres sets it on the command line).
      const ours = new Set(["listen_addresses"]);
      assert.deepEqual(
        rows.filter((row) => (!row.applied || row.error) && !ours.has(row.name)),
        [],
        "settings PostgreSQL did not apply",
      );
      const shown: Record<string, string> = {};
      for (const name of ["shared_buffers", "synchronous_commit", "wal_compression", "jit"]) {
        shown[name] = (await client.query(`SHOW ${name}`)).rows[0][name];
      }
      assert.deepEqual(shown, {
        shared_buffers: "8GB",
        synchronous_commit: "on",
        wal_compression: "lz4",
        jit: "on", // off for the service's role only (database.sql)
      });
    } finally {
      await client.end();
    }
  });

  it("PgBouncer pools by session, sized for every connection, with the service's bounds as the role's defaults", async () => {
    const ini = deployFile("pgbouncer.ini");
    const bouncer = settingsOf(ini);
    assert.equal(bouncer.get("pool_mode"), "session");
    const sizing = SIZING_LINE.exec(ini);
    assert.ok(sizing, "pgbouncer.ini states its sizing");
    const [hosts, workers, poolSize, total, pool] = sizing.slice(1).map(Number) as number[];
    assert.equal(workers, Number(env.WORKERS));
    assert.equal(poolSize, Number(env.DB_POOL_SIZE));
    assert.equal(total, hosts! * workers! * (poolSize! + 1));
    assert.equal(pool, Number(bouncer.get("default_pool_size")));
    assert.ok(total! <= pool!, `${total} connections do not fit a pool of ${pool}`);
    assert.ok(
      Number(env.PUBLIC_READS_IN_FLIGHT_MAX) < poolSize!,
      "public reads leave pooled connections to allocations",
    );
    const postgresConf = settingsOf(deployFile("postgresql.conf"));
    assert.ok(
      Number(bouncer.get("max_db_connections")) <=
        Number(postgresConf.get("max_connections")) -
          Number(postgresConf.get("superuser_reserved_connections")),
      "PostgreSQL takes every connection PgBouncer may open",
    );

    // The service's own connections through PgBouncer carry questpoints.env's bounds (set after
    // the handshake), and any other client of the role gets the same from database.sql.
    const statementMs = Number(env.DB_STATEMENT_TIMEOUT_MS);
    const expected = {
      lock: Number(env.DB_LOCK_TIMEOUT_MS),
      statement: statementMs,
      idle: statementMs * 2,
      jit: "off",
    };
    const settingsSql = `
      SELECT current_setting('lock_timeout') AS lock,
             current_setting('statement_timeout') AS statement,
             current_setting('idle_in_transaction_session_timeout') AS idle,
             current_setting('jit') AS jit`;
    const asRead = (row: Record<string, string>) => ({
      lock: durationMs(row.lock!),
      statement: durationMs(row.statement!),
      idle: durationMs(row.idle!),
      jit: row.jit,
    });
    const service = openPostgres({
      url: bouncerUrl,
      poolSize: 1,
      timeouts: { lockMs: expected.lock, statementMs, connectMs: 10_000 },
    });
    try {
      const { rows } = await service.query<Record<string, string>>(settingsSql);
      assert.deepEqual(asRead(rows[0]!), expected, "the service's bounds reach the server");
    } finally {
      await service.close();
    }
    const client = new pg.Client({ connectionString: bouncerUrl });
    await client.connect();
    try {
      const { rows } = await client.query(settingsSql);
      assert.deepEqual(
        asRead(rows[0]),
        expected,
        "database.sql's role defaults equal questpoints.env's bounds",
      );
    } finally {
      await client.end();
    }
  });

  it("every service process listens for change notices through PgBouncer", async () => {
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    try {
      const deadline = Date.now() + 30_000;
      let listening = 0;
      while (Date.now() < deadline) {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'questpoints' AND query LIKE 'LISTEN %'",
        );
        listening = rows[0].n;
        if (listening === Number(env.WORKERS)) break;
        await sleep(200);
      }
      assert.equal(listening, Number(env.WORKERS), "one LISTEN connection per worker");
    } finally {
      await client.end();
    }
  });

  it("nginx terminates TLS in front of the service: ready, and an allocation end to end", async () => {
    const ready = await viaProxy(nginx.port, nginx.ca, "/readyz");
    assert.equal(ready.status, 200, ready.body.toString());
    assert.match(ready.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
    assert.deepEqual(await plainGet(nginx.redirectPort, "/readyz"), {
      status: 308,
      location: `https://${PUBLIC_NAME}/readyz`,
    });

    const admin = proxiedClient(nginx.port, nginx.ca, {
      authorization: `Bearer ${env.ADMIN_TOKEN}`,
    });
    const [owner, player] = [randomPass(), randomPass()];
    for (const pass of [owner, player]) {
      unwrap(await admin.POST("/admin/accounts", { body: { pass } }));
    }
    const { key } = unwrap(await admin.POST("/admin/keys", { body: { owner } }));
    const now = Date.now();
    const quest = unwrap(
      await admin.POST("/admin/quests", {
        body: {
          name: "Deployment check",
          description: "deploy/ examples",
          owner,
          total_points: 1000,
          expected_points_per_completion: 10,
          start: new Date(now - 60_000).toISOString(),
          end: new Date(now + 3_600_000).toISOString(),
        },
      }),
    );
    const questOwner = proxiedClient(nginx.port, nginx.ca, { "x-api-key": key });
    const paid = unwrap(
      await questOwner.POST("/quests/{questId}", {
        params: { path: { questId: quest.id } },
        body: { points: 40, address: player },
      }),
    );
    assert.equal(paid.payout.amount, 40);
    const detail = unwrap(
      await questOwner.GET("/quests/{questId}", { params: { path: { questId: quest.id } } }),
    );
    assert.equal(detail.points_remaining, 960);
  });

  it("the client's address reaches the service through nginx, and its budget is counted in Redis", async () => {
    const forged = "198.51.100.7";
    const answer = await viaProxy(nginx.port, nginx.ca, "/quests", {
      headers: { "x-forwarded-for": forged, "x-request-id": "deploy-check-1" },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("x-request-id"), "deploy-check-1");
    const own = await viaProxy(nginx.port, nginx.ca, "/healthz");
    assert.match(own.headers.get("x-request-id") ?? "", /^[0-9a-f]{32}$/, "nginx's $request_id");

    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      const setting = async (name: string) => (await redis.config("GET", name))[1];
      assert.equal(await setting("maxmemory-policy"), "allkeys-lru");
      assert.equal(await setting("requirepass"), decodeURIComponent(new URL(redisUrl).password));
      const keys = await redis.keys("questpoints:rate-limit:*");
      assert.ok(
        keys.some((key) => key.endsWith(`public:ip:${CLIENT_ADDRESS}`)),
        `a public budget for ${CLIENT_ADDRESS} among ${keys.join(", ")}`,
      );
      assert.ok(!keys.some((key) => key.includes(forged)), "no budget for the forged address");
    } finally {
      redis.disconnect();
    }
  });

  it("nginx keeps /metrics to the private network and refuses bodies above 1 MiB", async () => {
    const metrics = await viaProxy(nginx.port, nginx.ca, "/metrics", {
      headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
    });
    assert.equal(metrics.status, 403);
    const tooLarge = await viaProxy(nginx.port, nginx.ca, "/quests/1/allocations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.alloc(1024 * 1024 + 1, " "),
    });
    assert.equal(tooLarge.status, 413);
  });

  it("questpoints.service passes systemd-analyze verify", (t) => {
    const analyze = "/usr/bin/systemd-analyze";
    if (!existsSync(analyze)) return t.skip("systemd-analyze is not installed");
    const dir = daemonDir("qp-systemd-");
    dirs.push(dir);
    const unit = adapt(
      deployFile("questpoints.service"),
      /^ExecStart=\/usr\/bin\/node /m,
      `ExecStart=${process.execPath} `,
    );
    writeFileSync(join(dir, "questpoints.service"), unit);
    const run = spawnSync(analyze, ["verify", join(dir, "questpoints.service")], {
      encoding: "utf8",
    });
    assert.deepEqual({ status: run.status, stderr: run.stderr.trim() }, { status: 0, stderr: "" });
  });
});
