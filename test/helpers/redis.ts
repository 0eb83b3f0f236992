import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./postgres.js";

/**
 * A throwaway Redis server on loopback for tests: `redis-server` on a free port, nothing saved
 * to disk, in a temp dir deleted on `stop()`.
 */
export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and deletes its directory; safe to call twice. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

function findRedisServer(): string {
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("redis-server not found: install Debian's `redis-server` (.ci/run does).");
  }
}

/** Whether something accepts TCP connections on 127.0.0.1 at `port` now. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startRedis(): Promise<RedisServer> {
  const bin = findRedisServer();
  const dir = mkdtempSync(join(tmpdir(), "qp-redis-"));
  const port = await freePort();
  const child = spawn(
    bin,
    ["--save", "", "--appendonly", "no", "--port", String(port), "--bind", "127.0.0.1"],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}
