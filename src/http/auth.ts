import type { FastifyReply, FastifyRequest } from "fastify";
import { constantTimeEqual } from "../domain/api-keys.js";
import { AppError } from "../domain/errors.js";
import type { ActiveApiKey } from "../domain/records.js";
import { createKeyVerifier, usableKey } from "../use-cases/verify-key.js";
import { createOperatorVerifier, type SignedInOperator } from "../use-cases/verify-operator.js";
import type { Services } from "./services.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The verified key behind `x-api-key`, set by `requireApiKey`; read it with `keyOf`. */
    apiKey?: ActiveApiKey;
    /** The operator behind `Authorization: Bearer` on /admin, set by `requireOperator`. */
    operator?: SignedInOperator;
  }
}

/** The verified key of a request behind `requireApiKey`. */
export function keyOf(request: FastifyRequest): ActiveApiKey {
  if (!request.apiKey) throw new Error("invariant: keyOf before requireApiKey");
  return request.apiKey;
}

/** The operator of a request behind `requireOperator`. */
export function operatorOf(request: FastifyRequest): SignedInOperator {
  if (!request.operator) throw new Error("invariant: operatorOf before requireOperator");
  return request.operator;
}

const headerText = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;

/**
 * The usable key a request's `x-api-key` names, for the rate limit's bucket: from this process's
 * cache only when `cachedOnly` (see `usableKey`).
 */
export function apiKeyOfRequest(
  services: Pick<Services, "db" | "caches">,
  request: FastifyRequest,
  options: { cachedOnly?: boolean } = {},
): Promise<{ hash: string; key: ActiveApiKey } | undefined> {
  return usableKey(services, headerText(request.headers["x-api-key"]), options);
}

/** One key verifier per app: it remembers when it last stamped each key's use. */
const keyVerifiers = new WeakMap<object, ReturnType<typeof createKeyVerifier>>();

/**
 * onRequest hook: a missing, malformed, unknown or revoked key is 401 INVALID_API_KEY; a `read`
 * key on anything but GET is 403 FORBIDDEN.
 */
export function requireApiKey(services: Pick<Services, "db" | "caches">) {
  const verifyKey = keyVerifiers.get(services) ?? createKeyVerifier(services);
  keyVerifiers.set(services, verifyKey);
  return async (request: FastifyRequest) => {
    const verified = await verifyKey(headerText(request.headers["x-api-key"]), request.method, {
      onTouchFailed: (err) => request.log.warn({ err }, "could not record the API key's last use"),
    });
    if (verified.ok) {
      request.apiKey = verified.key;
      return;
    }
    if (verified.code === "INVALID_API_KEY") {
      throw new AppError("INVALID_API_KEY", "The x-api-key header is missing, unknown or revoked.");
    }
    throw new AppError(
      "FORBIDDEN",
      `This API key is read-only (scope read): it may only GET. ${request.method} needs a key of scope full.`,
    );
  };
}

/** The credentials of `Authorization: Bearer …`; the scheme is case-insensitive (RFC 9110 §11.1). */
function bearerToken(header: string | undefined): string | undefined {
  return /^bearer +(.+)$/i.exec(header ?? "")?.[1];
}

/**
 * onRequest hook: `Authorization: Bearer <expected>`, compared in constant time; else 401
 * UNAUTHORIZED with `detail` (its challenge is added by `challengeUnauthorized`).
 */
export function requireBearerToken(expected: string, detail: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !constantTimeEqual(token, expected)) {
      throw new AppError("UNAUTHORIZED", detail);
    }
  };
}

/**
 * onRequest hook for /admin: ADMIN_TOKEN (when the service has one) or an enabled operator's own
 * token (use-cases/verify-operator.ts); else 401 UNAUTHORIZED.
 */
export function requireOperator(adminToken: string | undefined, db: Services["db"]) {
  const verify = createOperatorVerifier(db, adminToken);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const verified = await verify(bearerToken(request.headers.authorization)?.trim());
    if (!verified.ok) {
      throw new AppError(
        "UNAUTHORIZED",
        "A valid operator token is required (Authorization: Bearer …); a disabled operator's token, or one replaced by a new token, is not.",
      );
    }
    request.operator = verified.operator;
  };
}

/** The paths guarded by a bearer token, and the realm each challenges for. */
const BEARER_REALMS = [
  { path: "/admin", challenge: 'Bearer realm="questpoints-admin"' },
  { path: "/metrics", challenge: 'Bearer realm="questpoints-metrics"' },
];
const API_KEY_CHALLENGE = 'ApiKey realm="questpoints", header="x-api-key"';

/**
 * The `WWW-Authenticate` challenge of a 401 (RFC 9110 §11.6.1): the operator's bearer token on
 * /admin and the metrics token on /metrics, with `error="invalid_token"` when a token was sent
 * (RFC 6750 §3.1); the x-api-key header everywhere else.
 */
function authChallenge(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  const bearer = BEARER_REALMS.find(({ path }) => route === path || route.startsWith(`${path}/`));
  if (!bearer) return API_KEY_CHALLENGE;
  return bearerToken(request.headers.authorization) === undefined
    ? bearer.challenge
    : `${bearer.challenge}, error="invalid_token"`;
}

/** onSend hook: every 401 the service sends carries its challenge, whoever produced it. */
export async function challengeUnauthorized(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  if (reply.statusCode === 401 && !reply.hasHeader("www-authenticate")) {
    reply.header("www-authenticate", authChallenge(request));
  }
  return payload;
}
