/**
 * One process per PGlite data directory. PGlite is a whole PostgreSQL inside the process with no
 * locking between processes: two of them on one directory both accept writes and overwrite each
 * other's files, and commits vanish. So whoever opens a directory holds a lock on it until it
 * closes the database or dies.
 *
 * The lock is a listening socket whose name is derived from the directory's identity (device and
 * inode, so symlinks and bind mounts of one directory share it):
 * - Linux: a socket in the abstract namespace (unix(7)). Binding is atomic, a second bind fails
 *   with EADDRINUSE, and the kernel drops the name when the process dies, SIGKILL included: there
 *   is no stale state to clean up and nothing written to the directory.
 * - Windows: a named pipe, which has the same properties.
 * - Elsewhere (macOS, BSD): no abstract namespace, so a socket file in the directory (in the
 *   temporary directory, named by the same identity, when the path is too long for a socket). A
 *   file left by a killed process refuses connections; it is then taken as stale, removed and
 *   bound again. Two processes that find the same stale file at the same moment may both remove
 *   it and both start: a narrow window, accepted for a development platform.
 *
 * Limits: abstract sockets and pipe names belong to one host (and on Linux one network
 * namespace), so processes in containers with separate networks, or on other hosts sharing the
 * directory over a network file system, do not see each other's lock. Abstract names carry no
 * permissions: another local user could take the name first and keep the service from starting.
 *
 * The holder answers each connection with its pid, so a refused opener can name it. The server is
 * unref()'d: the lock never keeps a process alive by itself. Node opens sockets close-on-exec, so
 * a child process does not inherit the lock.
 */
import { createHash } from "node:crypto";
import { statSync, unlinkSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface DataDirLock {
  /** Gives the directory up; safe to call more than once. */
  release(): Promise<void>;
}

const HOLDER_ANSWER_TIMEOUT_MS = 1_000;
const HOLDER_ANSWER_BYTES_MAX = 256;
/** Below every platform's `sun_path` limit (104 bytes on macOS, 108 on Linux). */
const SOCKET_PATH_BYTES_MAX = 100;
const SOCKET_FILE_NAME = ".questpoints.lock";

/**
 * Takes the lock on `dataDir` (which must exist) or throws an Error whose message names the
 * directory, the process holding it when it answers, and what to do.
 */
export async function lockDataDir(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const { dev, ino } = statSync(dir, { bigint: true });
  const id = createHash("sha256").update(`${dev}:${ino}`).digest("hex").slice(0, 32);

  if (platform === "linux") return bindOrExplain(dir, `\0questpoints-data-${id}`, false);
  if (platform === "win32") return bindOrExplain(dir, `\\\\.\\pipe\\questpoints-data-${id}`, false);
  const inDir = join(dir, SOCKET_FILE_NAME);
  const path =
    Buffer.byteLength(inDir) <= SOCKET_PATH_BYTES_MAX
      ? inDir
      : join(tmpdir(), `questpoints-data-${id}.sock`);
  return bindOrExplain(dir, path, true);
}

async function bindOrExplain(dir: string, path: string, isFile: boolean): Promise<DataDirLock> {
  for (let attempt = 1; ; attempt++) {
    const server = await tryBind(path);
    if (server) return lockFrom(server);
    const holder = await askHolder(path);
    if (holder !== "refused" || attempt === 2) throw inUseError(dir, holder);
    // Nobody listens: the holder let go just now, or (a socket file) died and left the file.
    if (isFile) {
      try {
        unlinkSync(path);
      } catch {
        // Another opener removed it first; the bind decides between us.
      }
    }
  }
}

/** Listens on `path`; undefined when the name is taken. */
async function tryBind(path: string): Promise<Server | undefined> {
  const server = createServer((socket) => {
    socket.unref();
    socket.on("error", () => {});
    // Closed once written, not left waiting for the asker's end: an unref()'d socket waiting to
    // read would hold up `server.close()` without keeping the event loop alive.
    socket.end(`${JSON.stringify({ pid: process.pid })}\n`, () => socket.destroy());
  });
  try {
    await new Promise<void>((done, fail) => {
      server.once("error", fail);
      // exclusive: in a cluster worker, bind in this process rather than share the primary's.
      server.listen({ path, exclusive: true }, () => {
        server.off("error", fail);
        done();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") return undefined;
    throw new Error(`Could not lock the data directory (socket ${printable(path)}): ${error}`, {
      cause: error,
    });
  }
  server.on("error", () => {}); // a failed accept must not end the process
  server.unref();
  return server;
}

function lockFrom(server: Server): DataDirLock {
  let released: Promise<void> | undefined;
  const askers = new Set<Socket>();
  server.on("connection", (socket) => {
    askers.add(socket);
    socket.once("close", () => askers.delete(socket));
  });
  return {
    release() {
      released ??= new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of askers) socket.destroy();
      });
      return released;
    },
  };
}

/** The holder's pid; "refused" when nobody listens; undefined when it did not answer in time. */
function askHolder(path: string): Promise<number | "refused" | undefined> {
  return new Promise((done) => {
    const socket = connect({ path });
    let answer = "";
    const finish = (result: number | "refused" | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      done(result);
    };
    const timer = setTimeout(() => finish(undefined), HOLDER_ANSWER_TIMEOUT_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (answer.length > HOLDER_ANSWER_BYTES_MAX) finish(undefined);
    });
    socket.on("end", () => finish(pidIn(answer)));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? "refused" : undefined),
    );
  });
}

function pidIn(answer: string): number | undefined {
  try {
    const pid = (JSON.parse(answer) as { pid?: unknown }).pid;
    return Number.isSafeInteger(pid) ? (pid as number) : undefined;
  } catch {
    return undefined;
  }
}

function inUseError(dir: string, holder: number | "refused" | undefined): Error {
  const who =
    holder === process.pid
      ? `already open in this process (pid ${holder})`
      : typeof holder === "number"
        ? `in use by another questpoints process (pid ${holder})`
        : "in use by another questpoints process";
  return new Error(
    `The data directory ${dir} is ${who}. Stop that process, or give this one its own DATA_DIR. ` +
      "PGlite allows one process per data directory; to run several processes on one database, " +
      "use PostgreSQL (DATABASE_URL).",
  );
}

function printable(path: string): string {
  return path.startsWith("\0") ? `@${path.slice(1)}` : path;
}
