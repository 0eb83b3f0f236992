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

/**
 * POSTs `body` to `url` and reports what came of it. No redirect is followed (a 3xx is a failed
 * attempt). Unless private targets are allowed, the address actually connected to must be public:
 * checked on the resolved addresses at connection time, so a name that changes its DNS answer
 * after the endpoint was saved is still refused.
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
    const deadline = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    const interrupt = () =>
      request.destroy(new Error("interrupted: the service process was stopping"));
    if (options.signal.aborted) interrupt();
    else options.signal.addEventListener("abort", interrupt, { once: true });
    request.on("response", (response: IncomingMessage) => {
      response.resume(); // the body is not read, only drained
      const status = response.statusCode ?? 0;
      const retryAfter = response.headers["retry-after"];
      response.on("error", () => {});
      finish(
        status >= 200 && status < 300
          ? { ok: true, statusCode: status }
          : {
              ok: false,
              statusCode: status,
              error: `HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`,
              retryAfterMs: retryAfterMs(
                Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
                options.now,
              ),
            },
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish({ ok: false, error: describeNetworkError(error) });
    });
    request.end(body);
  });
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
