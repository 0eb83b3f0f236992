/**
 * What `npm test` needs beyond npm packages, found or installed before any test runs: the
 * PostgreSQL server binaries (each run starts its own throwaway server), `redis-server` (the
 * shared rate-limit tests start their own), Chromium (the page tests), and PgBouncer and nginx
 * (the deployment examples' test runs them with deploy/'s files). Each is looked for
 * where the tests look; what is missing is installed with Debian's `apt-get` when this process
 * may (root, or sudo without a password), else the run stops at once naming the command to run.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

interface SystemDep {
  /** Debian's package. */
  apt: string;
  what: string;
  found(): boolean;
}

const onPath = (command: string) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

/** A daemon Debian installs in /usr/sbin, which a user's PATH may lack. */
const daemonInstalled = (name: string) => onPath(name) || existsSync(join("/usr/sbin", name));

function postgresInstalled(): boolean {
  if (process.env.PG_BINDIR && existsSync(join(process.env.PG_BINDIR, "initdb"))) return true;
  if (onPath("initdb")) return true;
  const root = "/usr/lib/postgresql";
  return (
    existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, "bin", "initdb")))
  );
}

const DEPS: SystemDep[] = [
  {
    apt: "postgresql",
    what: "PostgreSQL server binaries (initdb, postgres)",
    found: postgresInstalled,
  },
  { apt: "redis-server", what: "redis-server", found: () => onPath("redis-server") },
  { apt: "pgbouncer", what: "PgBouncer", found: () => daemonInstalled("pgbouncer") },
  { apt: "nginx", what: "nginx", found: () => daemonInstalled("nginx") },
  {
    apt: "chromium",
    what: "Chromium",
    found: () =>
      [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].some(
        (path) => path !== undefined && existsSync(path),
      ),
  },
];

/** How this process can run apt-get: directly (root), through sudo without a password, or not. */
function aptRunner(): string[] | undefined {
  if (!onPath("apt-get")) return undefined;
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync("sudo", ["-n", "true"], { stdio: "ignore" });
  return sudo.status === 0 ? ["sudo", "-n"] : undefined;
}

function run(prefix: string[], args: string[]): void {
  const [command, ...rest] = [...prefix, ...args];
  execFileSync(command!, rest, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Installs what is missing, or throws an error that says what to run. */
export function ensureSystemDeps(): void {
  const missing = DEPS.filter((dep) => !dep.found());
  if (missing.length === 0) return;
  const packages = missing.map((dep) => dep.apt);
  const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`;
  const runner = aptRunner();
  if (!runner) {
    throw new Error(
      `The tests need ${missing.map((dep) => dep.what).join(", ")}, which this machine lacks, and this user cannot install them. Run:\n  ${command}\n(or set PG_BINDIR / CHROMIUM_PATH to existing installs), then npm test again.`,
    );
  }
  const startedAt = Date.now();
  console.log(`npm test: installing ${packages.join(", ")} with apt-get (needed by the tests)…`);
  run(runner, ["apt-get", "update", "-qq"]);
  run(runner, ["apt-get", "install", "-y", "-qq", ...packages]);
  const still = missing.filter((dep) => !dep.found());
  if (still.length > 0) {
    throw new Error(`apt-get ran, but ${still.map((d) => d.what).join(", ")} is still missing.`);
  }
  console.log(
    `npm test: installed ${packages.join(", ")} in ${Math.round((Date.now() - startedAt) / 1000)} s.`,
  );
}
