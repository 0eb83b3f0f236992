/**
 * The CLI's HTTP commands under test: a real service (the app built as tests build it, on PGlite
 * in memory, listening on a free port of 127.0.0.1) and the CLI, with only the QP_* variables a
 * test gives it: run in this process (`runQuestpoints`, cli-in-process.ts), or as the real CLI in
 * a child process (`spawnQuestpoints`, cli-command.ts) for what only a process shows: a kill, a
 * signal, a process-wide warning, main.ts's wiring.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { ADMIN_TOKEN, buildTestContext, type TestContext } from "./app.js";
import { CLI_ARGS } from "./cli-command.js";
import { runInProcess } from "./cli-in-process.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = CLI_ARGS;
/**
 * A CLI run that takes longer than this fails its test: a child process is stopped (SIGKILL); a
 * run in this process cannot be, and is left behind.
 */
const RUN_TIMEOUT_MS = 120_000;

export { ADMIN_TOKEN };

export interface CliService {
  ctx: TestContext;
  baseUrl: string;
  close(): Promise<void>;
}

/** The service on PGlite in memory, without rate limits, listening on a free local port. */
export async function startCliService(): Promise<CliService> {
  const ctx = await buildTestContext("pglite", {
    RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
    RATE_LIMIT_OWNER_PER_MINUTE: "0",
    RATE_LIMIT_ADMIN_PER_MINUTE: "0",
  });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address() as AddressInfo;
  return { ctx, baseUrl: `http://127.0.0.1:${port}`, close: () => ctx.close() };
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The QP_* variables (and any other) the CLI sees; none is inherited from the test. */
  env?: Record<string, string>;
  /** Written to the CLI's stdin, which is then closed. */
  stdin?: string;
}

/** This process's environment without its QP_* variables, quiet, with `env` on top. */
function cliEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of Object.keys(inherited)) {
    if (name.startsWith("QP_")) delete inherited[name];
  }
  return { ...inherited, LOG_LEVEL: "silent", ...env };
}

/** Starts the real CLI; `result` resolves when it has exited, with everything it printed. */
export function spawnQuestpoints(
  args: string[],
  options: CliOptions = {},
): { child: ChildProcess; result: Promise<CliRun> } {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    env: cliEnv(options.env),
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin?.end(options.stdin ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const result = new Promise<CliRun>((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, result };
}

/** Runs the CLI to its end, in this process, with the environment a child process would get. */
export async function runQuestpoints(args: string[], options: CliOptions = {}): Promise<CliRun> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`questpoints ${args.join(" ")}: still running after ${RUN_TIMEOUT_MS} ms`),
        ),
      RUN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([runInProcess(args, cliEnv(options.env), options.stdin), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The whole run, for an assertion's message. */
export function describeRun(run: CliRun): string {
  return `exit ${run.code ?? run.signal}\n--- stdout\n${run.stdout.slice(-4000)}\n--- stderr\n${run.stderr.slice(-4000)}`;
}

export interface StubServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A hand-written HTTP server on a free port of 127.0.0.1, for answers the real service never
 * gives (a gateway's 502, a transfer cut short): `handle` answers each request, or forwards it.
 */
export async function startStub(
  handle: (request: IncomingMessage, body: Buffer, response: ServerResponse) => Promise<void>,
): Promise<StubServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      handle(request, Buffer.concat(chunks), response).catch((error: unknown) => {
        response.destroy(error as Error);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends `request` (with its body) on to `baseUrl` and copies the answer into `response`; with
 * `response` null the answer is read and dropped (an answer lost on its way back).
 */
export async function forward(
  baseUrl: string,
  request: IncomingMessage,
  body: Buffer,
  response: ServerResponse | null,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string" && name !== "host" && name !== "connection") {
      headers.set(name, value);
    }
  }
  const answer = await fetch(`${baseUrl}${request.url}`, {
    method: request.method ?? "GET",
    headers,
    ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
  const text = Buffer.from(await answer.arrayBuffer());
  if (!response) return;
  const copied: Record<string, string> = {};
  const dropped = ["content-length", "content-encoding", "transfer-encoding", "connection"];
  answer.headers.forEach((value, name) => {
    if (!dropped.includes(name)) copied[name] = value;
  });
  response.writeHead(answer.status, copied).end(text);
}
