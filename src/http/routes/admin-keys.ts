import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { revokeApiKeyByValue, rotateApiKey } from "../../use-cases/api-keys.js";
import { asOperator } from "../actors.js";
import { operatorMeta } from "../operator-guards.js";
import { presentIssuedKey, presentRevokedKey } from "../present.js";
import { IssuedKey, KeyIdParams } from "../schemas/admin.js";
import {
  RevokeByValueBody,
  RevokedKey,
  ROTATION_GRACE_SECONDS_DEFAULT,
  RotateKeyBody,
} from "../schemas/admin-lists.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

/** What any operator request naming one key can answer. */
const KEY_CODES = [
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
  "UNAUTHORIZED",
  "NOT_FOUND",
  "KEY_NOT_FOUND",
] as const;

/** Key lifecycle beyond issue and revoke by id (docs/operator-api.md). */
export async function adminKeyRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  api.post(
    "/admin/keys/:id/rotate",
    {
      // Every body field is optional, so no body at all means the defaults.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        ...operatorMeta(
          "admin",
          "rotateKey",
          "Rotate an API key",
          `Issues a new key of the same account and mode (the key is shown only in this answer) and ends the old one \`grace_seconds\` from now (default ${ROTATION_GRACE_SECONDS_DEFAULT}; an earlier expiry is kept). The old key answers 401 INVALID_API_KEY after that, in every process. A revoked or expired key cannot be rotated (409).`,
        ),
        params: KeyIdParams,
        body: RotateKeyBody,
        response: {
          201: IssuedKey,
          ...errorResponses(...KEY_CODES, "CONFLICT"),
        },
      },
    },
    async (request, reply) => {
      const grace = request.body.grace_seconds ?? ROTATION_GRACE_SECONDS_DEFAULT;
      const { key, record } = await rotateApiKey(db, asOperator(request), request.params.id, grace);
      services.caches.apiKeys.clear(); // at once here; other processes on the notice
      return reply.code(201).send(presentIssuedKey(key, record));
    },
  );

  api.post(
    "/admin/keys/revoke",
    {
      schema: {
        ...operatorMeta(
          "support",
          "revokeKeyByValue",
          "Revoke an API key given its value",
          "For a leaked key reported by someone who never saw its id: the value is hashed, never stored, logged or audited. Revoking a revoked key answers its first revocation time.",
        ),
        body: RevokeByValueBody,
        response: {
          200: RevokedKey,
          ...errorResponses(...KEY_CODES),
        },
      },
    },
    async (request) => {
      const revoked = await revokeApiKeyByValue(db, asOperator(request), request.body.key);
      services.caches.apiKeys.clear(); // at once here; other processes on the notice
      return presentRevokedKey(revoked);
    },
  );
}
