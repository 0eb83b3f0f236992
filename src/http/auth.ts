import type { FastifyReply, FastifyRequest } from "fastify";
import { apiKeyFromInput, constantTimeEqual, hashApiKey, type Mode } from "../domain/api-keys.js";
import { AppError } from "../domain/errors.js";
import { LOOKUP_CACHE_ENTRIES_MAX } from "../domain/limits.js";
import { BOOTSTRAP_OPERATOR_ID, type Role, scopeAllows } from "../domain/operators.js";
import type { ActiveApiKey } from "../domain/records.js";
import { findActiveApiKey, LAST_USED_RESOLUTION_MS, touchApiKey } from "../store/api-keys.js";
import { operatorOfToken } from "../use-cases/operators.js";
import type { Services } from "./services.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The account behind a valid `x-api-key`, set by `requireApiKey`. */
    apiKeyAccountId?: string;
    /** The id of that key, re-checked by the allocation under the quest lock. */
    apiKeyId?: string;
    /** That key's mode: it reaches only quests of the same mode. */
    apiKeyMode?: Mode;
    /** The operator behind `Authorization: Bearer` on /admin, set by `requireOperator`. */
    operator?: SignedInOperator;
  }
}

/** Who is calling the operator API, and what their role allows. */
export interface SignedInOperator {
  /** The operator's id, or `bootstrap` for ADMIN_TOKEN. */
  id: string;
  name: string;
  role: Role;
}

/** ADMIN_TOKEN: the bootstrap credential, an admin, audited as `operator:bootstrap`. */
export const BOOTSTRAP_OPERATOR: SignedInOperator = {
  id: BOOTSTRAP_OPERATOR_ID,
  name: "bootstrap (ADMIN_TOKEN)",
  role: "admin",
};

const invalidKey = () =>
  new AppError("INVALID_API_KEY", "The x-api-key header is missing, unknown or revoked.");

/**
 * Stamps `last_used_at` of the keys this process sees at most once a minute each, off the
 * request's path (the store's condition keeps it to once a minute across processes too).
 */
function keyUsageRecorder(db: Services["db"]) {
  const touchedAtMs = new Map<string, number>();
  return (request: FastifyRequest, keyId: string) => {
    const now = Date.now();
    if (now - (touchedAtMs.get(keyId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    if (touchedAtMs.size >= LOOKUP_CACHE_ENTRIES_MAX) touchedAtMs.clear();
    touchedAtMs.set(keyId, now);
    touchApiKey(db, keyId).catch((err: unknown) => {
      touchedAtMs.delete(keyId);
      request.log.warn({ err }, "could not record the API key's last use");
    });
  };
}

/**
 * The usable key a request's `x-api-key` names, with the key's hash; undefined for a missing,
 * malformed, unknown, revoked or expired key. Known and unknown keys are both remembered
 * (`caches.apiKeys`), so the rate limit, which asks first, and authentication, which asks next,
 * cost one database read between them, and a repeated unknown key none. `cachedOnly`: answer
 * from what this process already knows, never from the database.
 */
export async function apiKeyOfRequest(
  { db, caches }: Pick<Services, "db" | "caches">,
  request: FastifyRequest,
  { cachedOnly = false } = {},
): Promise<{ hash: string; key: ActiveApiKey } | undefined> {
  const header = request.headers["x-api-key"];
  const typed = apiKeyFromInput(typeof header === "string" ? header : undefined);
  if (!typed) return undefined;
  const hash = hashApiKey(typed);
  const key = cachedOnly
    ? caches.apiKeys.peek(hash)
    : await caches.apiKeys.get(hash, (h) => findActiveApiKey(db, h));
  // A cached key may reach its expiry (a rotation's grace end) while cached.
  if (!key || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) return undefined;
  return { hash, key };
}

/**
 * onRequest hook: a missing, malformed, unknown or revoked key is 401 INVALID_API_KEY; a `read`
 * key on anything but GET is 403 FORBIDDEN.
 */
export function requireApiKey(services: Pick<Services, "db" | "caches">) {
  const recordUse = keyUsageRecorder(services.db);
  return async (request: FastifyRequest) => {
    const found = (await apiKeyOfRequest(services, request))?.key;
    if (!found) throw invalidKey();
    if (!scopeAllows(found.scope, request.method)) {
      throw new AppError(
        "FORBIDDEN",
        `This API key is read-only (scope read): it may only GET. ${request.method} needs a key of scope full.`,
      );
    }
    request.apiKeyAccountId = found.accountId;
    request.apiKeyId = found.id;
    request.apiKeyMode = found.mode;
    recordUse(request, found.id);
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
 * onRequest hook for /admin: `Authorization: Bearer` with ADMIN_TOKEN (compared in constant time)
 * or an enabled operator's own token, read from the database for every request, so a disabling
 * or a replaced token is refused from its commit on, in every process; else 401 UNAUTHORIZED.
 */
export function requireOperator(adminToken: string, db: Services["db"]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization)?.trim();
    if (token !== undefined && constantTimeEqual(token, adminToken)) {
      request.operator = BOOTSTRAP_OPERATOR;
      return;
    }
    const operator = token === undefined ? undefined : await operatorOfToken(db, token);
    if (!operator) {
      throw new AppError(
        "UNAUTHORIZED",
        "A valid operator token is required (Authorization: Bearer …); a disabled operator's token, or one replaced by a new token, is not.",
      );
    }
    request.operator = { id: operator.id, name: operator.name, role: operator.role };
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
