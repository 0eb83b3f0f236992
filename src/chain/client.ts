/**
 * The chain node over HTTP, read-only: JSON-RPC 2.0 POSTs with a timeout per attempt, retries
 * with back-off for what may pass (no connection, timeout, HTTP 5xx/429), and one ChainError with
 * a readable message for everything else (a JSON-RPC error object, a wrong content type, an
 * answer that is not JSON-RPC or not the expected value). The EVM methods go through viem's public
 * client on top of this transport; the Substrate method is a plain call.
 * https://www.jsonrpc.org/specification
 */
import { createPublicClient, custom } from "viem";
import { type ChainHead, type Hex, parseHeader, parseQuantity } from "../domain/chain.js";

export const CHAIN_RPC_TIMEOUT_MS_DEFAULT = 5_000;
export const CHAIN_RPC_ATTEMPTS_DEFAULT = 3;
export const CHAIN_RPC_RETRY_DELAY_MS = 200;
export const CHAIN_RPC_RETRY_DELAY_MS_MAX = 2_000;
/** No answer of these methods comes near this; anything bigger is not an answer we want. */
export const CHAIN_RPC_RESPONSE_BYTES_MAX = 1024 * 1024;

export type ChainErrorCode =
  | "UNREACHABLE"
  | "TIMEOUT"
  | "HTTP_STATUS"
  | "BAD_CONTENT_TYPE"
  | "MALFORMED"
  | "RPC_ERROR";

export class ChainError extends Error {
  readonly code: ChainErrorCode;
  /** The node's JSON-RPC error code, for RPC_ERROR. */
  readonly rpcCode: number | undefined;
  /** Worth another attempt: the node may answer next time. */
  readonly retryable: boolean;

  constructor(
    code: ChainErrorCode,
    message: string,
    options: { rpcCode?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ChainError";
    this.code = code;
    this.rpcCode = options.rpcCode;
    this.retryable = options.retryable ?? false;
  }
}

export interface RpcOptions {
  url: string;
  /** Per attempt, from sending the request to the end of the answer. */
  timeoutMs?: number;
  attemptsMax?: number;
  retryDelayMs?: number;
}

export type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

/**
 * The node as people may see it in messages and /readyz: scheme, host and port only, since
 * providers often put an access key in the path, query or user info of the URL.
 */
export function nodeLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Why a request never got an answer, from undici's error (its `cause` holds the system code). */
function transportError(error: unknown, at: string, method: string, timeoutMs: number): ChainError {
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new ChainError(
      "TIMEOUT",
      `the chain node at ${at} did not answer ${method} within ${timeoutMs} ms`,
      { retryable: true, cause: error },
    );
  }
  // undici: TypeError("fetch failed") caused by a system error, or an AggregateError of them when
  // a name resolves to several addresses.
  type Cause = { code?: string; message?: string; errors?: Cause[] };
  const outer = (error as { cause?: Cause }).cause;
  const cause = outer?.errors?.[0] ?? outer;
  const detail = cause?.code
    ? `${cause.message || cause.code} (${cause.code})`
    : cause?.message || (error instanceof Error ? error.message : String(error));
  const dropped = ["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"].includes(cause?.code ?? "");
  const message = dropped
    ? `the chain node at ${at} closed the connection during ${method}: ${detail}`
    : `cannot reach the chain node at ${at}: ${detail}`;
  return new ChainError("UNREACHABLE", message, { retryable: true, cause: error });
}

async function readBody(response: Response, at: string, method: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  const tooLarge = () =>
    new ChainError(
      "MALFORMED",
      `the chain node at ${at} sent more than ${CHAIN_RPC_RESPONSE_BYTES_MAX} bytes for ${method}`,
    );
  if (declared > CHAIN_RPC_RESPONSE_BYTES_MAX) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > CHAIN_RPC_RESPONSE_BYTES_MAX) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The first characters of a body, on one line, to show what came instead of JSON. */
function excerpt(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

/** A JSON-RPC error object, if `value` is one ({ code: integer, message: string }). */
function rpcErrorObject(value: unknown): { code: number; message: string } | undefined {
  const error = value as { code?: unknown; message?: unknown } | null;
  return typeof error === "object" &&
    error !== null &&
    Number.isInteger(error.code) &&
    typeof error.message === "string"
    ? { code: error.code as number, message: error.message }
    : undefined;
}

function rpcError(at: string, method: string, error: { code: number; message: string }) {
  return new ChainError(
    "RPC_ERROR",
    `the chain node at ${at} refused ${method}: JSON-RPC error ${error.code}: ${error.message}`,
    { rpcCode: error.code },
  );
}

/** JSON-RPC 2.0 over HTTP POST, with the checks and retries described at the top of the file. */
export function createRpc(options: RpcOptions): Rpc {
  const timeoutMs = options.timeoutMs ?? CHAIN_RPC_TIMEOUT_MS_DEFAULT;
  const attemptsMax = options.attemptsMax ?? CHAIN_RPC_ATTEMPTS_DEFAULT;
  const retryDelayMs = options.retryDelayMs ?? CHAIN_RPC_RETRY_DELAY_MS;
  const at = nodeLabel(options.url);
  // fetch refuses URLs with user info; they become a basic Authorization header instead.
  const target = new URL(options.url);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (target.username || target.password) {
    const credentials = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
    target.username = "";
    target.password = "";
  }
  let nextId = 1;

  async function attempt(method: string, params: unknown[]): Promise<unknown> {
    const id = nextId++;
    const malformed = (detail: string) =>
      new ChainError(
        "MALFORMED",
        `the chain node at ${at} sent a malformed answer to ${method}: ${detail}`,
      );
    let response: Response;
    let body: string;
    try {
      response = await fetch(target, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await readBody(response, at, method);
    } catch (error) {
      if (error instanceof ChainError) throw error;
      throw transportError(error, at, method, timeoutMs);
    }
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    const isJson = mediaType.toLowerCase() === "application/json";
    let message: unknown;
    if (isJson) {
      try {
        message = JSON.parse(body);
      } catch {
        if (response.ok) throw malformed(`the body is not valid JSON ("${excerpt(body)}")`);
      }
    }
    if (!response.ok) {
      // A node or its proxy may refuse with a JSON-RPC error object and a 4xx/5xx status.
      const error = rpcErrorObject((message as { error?: unknown } | undefined)?.error);
      if (error) throw rpcError(at, method, error);
      const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      throw new ChainError(
        "HTTP_STATUS",
        `the chain node at ${at} answered ${method} with HTTP ${status}`,
        { retryable: response.status >= 500 || response.status === 429 || response.status === 408 },
      );
    }
    if (!isJson) {
      throw new ChainError(
        "BAD_CONTENT_TYPE",
        `the chain node at ${at} answered ${method} with content type "${mediaType || "none"}", ` +
          `not application/json ("${excerpt(body)}"); is this the node's JSON-RPC URL?`,
      );
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      throw malformed("the body is not a JSON-RPC response object");
    }
    const answer = message as Record<string, unknown>;
    if (answer.jsonrpc !== "2.0") throw malformed('"jsonrpc" is not "2.0"');
    if (answer.id !== id) throw malformed(`"id" is ${JSON.stringify(answer.id)}, not ${id}`);
    if ("error" in answer) {
      const error = rpcErrorObject(answer.error);
      if (!error) throw malformed('"error" is not a JSON-RPC error object');
      throw rpcError(at, method, error);
    }
    if (!("result" in answer)) throw malformed('it has neither "result" nor "error"');
    return answer.result;
  }

  return async (method, params) => {
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        return await attempt(method, params);
      } catch (error) {
        const chainError =
          error instanceof ChainError ? error : transportError(error, at, method, timeoutMs);
        if (!chainError.retryable || attemptNo >= attemptsMax) {
          if (attemptsMax > 1 && chainError.retryable) {
            throw new ChainError(chainError.code, `${chainError.message} (${attemptNo} attempts)`, {
              cause: chainError,
            });
          }
          throw chainError;
        }
        await sleep(Math.min(retryDelayMs * 2 ** (attemptNo - 1), CHAIN_RPC_RETRY_DELAY_MS_MAX));
      }
    }
  };
}

export type BlockTag = "latest" | "earliest" | "pending" | "safe" | "finalized";
export const BLOCK_TAGS: readonly BlockTag[] = [
  "latest",
  "earliest",
  "pending",
  "safe",
  "finalized",
];

export interface ChainClient {
  /** scheme://host:port of the node, for messages. */
  label: string;
  /** eth_chainId. */
  getChainId(): Promise<number>;
  /** eth_getBalance, in wei. */
  getBalance(address: Hex, block?: BlockTag | bigint): Promise<bigint>;
  /** chain_getHeader with [], the head of the chain (Substrate side). */
  getHead(): Promise<ChainHead>;
  /**
   * `futurepassOf(owner)` on the FuturePass registrar, by eth_call: the owner's FuturePass, or
   * the zero address when it has none.
   */
  futurepassOf(owner: Hex): Promise<Hex>;
}

/**
 * The FuturePass registrar precompile of The Root Network (0x…FFFF), in its EIP-55 form: viem
 * refuses a mixed-case address whose checksum is wrong before sending anything.
 */
export const FUTUREPASS_REGISTRAR = "0x000000000000000000000000000000000000FFff";
const FUTUREPASS_REGISTRAR_ABI = [
  {
    type: "function",
    name: "futurepassOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

/** Methods whose result is a hex quantity; checked before viem converts it. */
const QUANTITY_METHODS = new Set(["eth_chainId", "eth_getBalance"]);

/** The ChainError behind a viem error (viem wraps what the transport throws), if there is one. */
function chainErrorIn(error: unknown): ChainError | undefined {
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    if (current instanceof ChainError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function createChainClient(options: RpcOptions): ChainClient {
  const rpc = createRpc(options);
  const label = nodeLabel(options.url);
  const evm = createPublicClient({
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown }) {
          const result = await rpc(method, Array.isArray(params) ? params : []);
          if (QUANTITY_METHODS.has(method) && parseQuantity(result) === undefined) {
            throw new ChainError(
              "MALFORMED",
              `the chain node at ${label} sent a malformed answer to ${method}: ` +
                `the result ${JSON.stringify(result)?.slice(0, 80)} is not a hex quantity`,
            );
          }
          return result;
        },
      },
      { retryCount: 0 }, // createRpc retries already
    ),
  });
  async function viaViem<T>(method: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const chainError = chainErrorIn(error);
      if (chainError) throw chainError;
      const detail = (error as { shortMessage?: string }).shortMessage ?? String(error);
      throw new ChainError(
        "MALFORMED",
        `the chain node at ${label} sent an unusable answer to ${method}: ${detail}`,
        { cause: error },
      );
    }
  }
  return {
    label,
    getChainId: () => viaViem("eth_chainId", () => evm.getChainId()),
    getBalance: (address, block = "latest") =>
      viaViem("eth_getBalance", () =>
        typeof block === "bigint"
          ? evm.getBalance({ address, blockNumber: block })
          : evm.getBalance({ address, blockTag: block }),
      ),
    futurepassOf: (owner) =>
      viaViem("eth_call", () =>
        evm.readContract({
          address: FUTUREPASS_REGISTRAR,
          abi: FUTUREPASS_REGISTRAR_ABI,
          functionName: "futurepassOf",
          args: [owner],
        }),
      ),
    async getHead() {
      const header = parseHeader(await rpc("chain_getHeader", []));
      if (!header.ok) {
        throw new ChainError(
          "MALFORMED",
          `the chain node at ${label} sent a malformed answer to chain_getHeader: ${header.reason}`,
        );
      }
      return header.head;
    },
  };
}
