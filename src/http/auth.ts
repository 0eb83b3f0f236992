import type { FastifyReply, FastifyRequest } from "fastify";
import { constantTimeEqual, hashApiKey, isWellFormedApiKey } from "../domain/api-keys.js";
import { AppError } from "../domain/errors.js";
import { findActiveApiKey } from "../store/api-keys.js";
import type { Services } from "./services.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The account behind a valid `x-api-key`, set by `requireApiKey`. */
    apiKeyAccountId?: string;
    /** The id of that key, re-checked by the allocation under the quest lock. */
    apiKeyId?: string;
  }
}

const invalidKey = () =>
  new AppError("INVALID_API_KEY", "The x-api-key header is missing, unknown or revoked.");

/** onRequest hook: a missing, malformed, unknown or revoked key is 401 INVALID_API_KEY. */
export function requireApiKey({ db, caches }: Pick<Services, "db" | "caches">) {
  return async (request: FastifyRequest) => {
    const header = request.headers["x-api-key"];
    const key = typeof header === "string" ? header.trim() : undefined;
    if (!key || !isWellFormedApiKey(key)) throw invalidKey();
    const found = await caches.apiKeys.get(hashApiKey(key), (hash) => findActiveApiKey(db, hash));
    if (!found) throw invalidKey();
    request.apiKeyAccountId = found.accountId;
    request.apiKeyId = found.id;
  };
}

/** The credentials of `Authorization: Bearer …`; the scheme is case-insensitive (RFC 9110 §11.1). */
function bearerToken(header: string | undefined): string | undefined {
  return /^bearer +(.+)$/i.exec(header ?? "")?.[1];
}

/** onRequest hook for /admin: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export function requireAdminToken(adminToken: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !constantTimeEqual(token, adminToken)) {
      throw new AppError(
        "UNAUTHORIZED",
        "A valid operator token is required (Authorization: Bearer …).",
      );
    }
  };
}

const ADMIN_CHALLENGE = 'Bearer realm="questpoints-admin"';
const API_KEY_CHALLENGE = 'ApiKey realm="questpoints", header="x-api-key"';

/**
 * The `WWW-Authenticate` challenge of a 401 (RFC 9110 §11.6.1): the operator's bearer token on
 * /admin, with `error="invalid_token"` when a token was sent (RFC 6750 §3.1); the x-api-key
 * header everywhere else.
 */
function authChallenge(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  if (route !== "/admin" && !route.startsWith("/admin/")) return API_KEY_CHALLENGE;
  return bearerToken(request.headers.authorization) === undefined
    ? ADMIN_CHALLENGE
    : `${ADMIN_CHALLENGE}, error="invalid_token"`;
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
