import type { FastifyReply, FastifyRequest } from "fastify";
import { constantTimeEqual, hashApiKey, isWellFormedApiKey } from "../domain/api-keys.js";
import { AppError } from "../domain/errors.js";
import { findActiveApiKey } from "../store/api-keys.js";
import type { Services } from "./services.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The account behind a valid `x-api-key`, set by `requireApiKey`. */
    apiKeyAccountId?: string;
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
  };
}

/** onRequest hook for /admin: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export function requireAdminToken(adminToken: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer (.+)$/.exec(header);
    if (!match || !constantTimeEqual(match[1]!, adminToken)) {
      throw new AppError(
        "UNAUTHORIZED",
        "A valid operator token is required (Authorization: Bearer …).",
      );
    }
  };
}
