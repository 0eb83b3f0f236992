/**
 * Sending one webhook message: a POST over kept-alive connections, no redirect followed, every
 * connection's address checked to be public unless private targets are allowed, and what came
 * of it in words (the deliveries list shows it).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { type Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { type Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { type AttemptResult, isPublicAddress, retryAfterMs } from "../domain/webhooks.js";

/** An answer's body is read up to this many bytes; a longer one closes the connection. */
export const ANSWER_BODY_BYTES_MAX = 16 * 1024;

/**
 * POSTs `body` to `url` and reports what came of it. No redirect is followed (a 3xx is a failed
 * attempt). Unless private targets are allowed, the address actually connected to must be public:
 * checked on the resolved addresses at connection time, so a name that changes its DNS answer
 * after the endpoint was saved is still refused.
 *
 * The status decides the outcome, but the attempt settles only when the whole exchange is over:
 * the answer's body ended, or it passed ANSWER_BODY_BYTES_MAX or `timeoutMs` (counted from the
 * start, waiting for a connection included), and then the connection is destroyed rather than
 * kept. So a receiver that never finishes its answer holds a connection for `timeoutMs` at most,
 * and every send settles by then whatever state it is in.
 */
export function send(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: {
    timeoutMs: number;
    allowPrivate: boolean;
    now: Date;
    signal: AbortSignal;
    agents: { http: HttpAgent; https: HttpsAgent };
  },
): Promise<AttemptResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, error: "the endpoint's URL cannot be read" });
  }
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && isIpLiteral(literal) && !isPublicAddress(literal)) {
    return Promise.resolve({ ok: false, error: `refused: ${literal} is not a public address` });
  }
  const secure = target.protocol === "https:";
  const requester = secure ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    let answered: AttemptResult | undefined; // the status line came; the body may still be due
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      options.signal.removeEventListener("abort", interrupt);
      resolve(result);
    };
    const request = requester(target, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
      agent: secure ? options.agents.https : options.agents.http,
    });
    // Settles here, not on an event: a request still waiting for a connection emits none when
    // destroyed.
    const cut = (why: string) => {
      request.destroy();
      finish(answered ? withNote(answered, why) : { ok: false, error: why });
    };
    const deadline = setTimeout(
      () =>
        cut(`no ${answered ? "end of the answer" : "answer"} within ${options.timeoutMs / 1000} s`),
      options.timeoutMs,
    );
    const interrupt = () => cut("interrupted: the service process was stopping");
    if (options.signal.aborted) interrupt();
    else options.signal.addEventListener("abort", interrupt, { once: true });
    request.on("response", (response: IncomingMessage) => {
      answered = resultOf(response, options.now);
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > ANSWER_BODY_BYTES_MAX) {
          cut(
            `the answer's body passed ${ANSWER_BODY_BYTES_MAX / 1024} KiB; the connection was closed`,
          );
        }
      });
      response.on("end", () => finish(answered!));
      response.on("error", () => cut("the connection broke while the answer was read"));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish(answered ?? { ok: false, error: describeNetworkError(error) });
    });
    request.end(body);
  });
}

/** The outcome the status line decides. */
function resultOf(response: IncomingMessage, now: Date): AttemptResult {
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return { ok: true, statusCode: status };
  const retryAfter = response.headers["retry-after"];
  return {
    ok: false,
    statusCode: status,
    error: `HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`,
    retryAfterMs: retryAfterMs(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, now),
  };
}

/** An answered attempt with what went wrong after its status line, in words. */
function withNote(result: AttemptResult, note: string): AttemptResult {
  return result.ok
    ? { ...result, note: `HTTP ${result.statusCode}, but ${note}` }
    : { ...result, error: `${result.error}; ${note}` };
}

const isIpLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(":");

/** A network failure in words, with its code where Node gives one. */
function describeNetworkError(error: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ENOTFOUND: "the host name does not resolve",
    EAI_AGAIN: "the host name could not be resolved now",
    ETIMEDOUT: "connection timed out",
    EHOSTUNREACH: "host unreachable",
  };
  const said = error.code ? words[error.code] : undefined;
  return said ? `${said} (${error.code})` : error.message;
}

/** `dns.lookup` that refuses to connect to any non-public address a name resolves to. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, "", 0);
      return;
    }
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const refusal = Object.assign(
        new Error(
          refused
            ? `refused: ${hostname} resolves to ${refused.address}, not a public address`
            : `${hostname} resolves to no address`,
        ),
        { code: "EREFUSEDTARGET" },
      );
      callback(refusal, "", 0);
      return;
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    } else {
      callback(null, addresses[0]!.address, addresses[0]!.family);
    }
  });
};
