import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import {
  changeOperator,
  createOperator,
  listAllOperators,
  rotateOperatorToken,
} from "../../use-cases/operators.js";
import { asOperator } from "../actors.js";
import { operatorOf } from "../auth.js";
import { ListOf, listAnswer, pageRequest } from "../listing.js";
import { OPERATOR_CODES, operatorMeta } from "../operator-guards.js";
import { presentOperator } from "../present.js";
import { errorResponses } from "../schemas/common.js";
import {
  CreatedOperator,
  Operator,
  OperatorBody,
  OperatorIdParams,
  OperatorListQuery,
  OperatorPatchBody,
  OperatorToken,
  SignedInOperator,
} from "../schemas/operators.js";
import type { Services } from "../services.js";

/** Operators with names and roles : managed by admins; `/admin/me` for all. */
export async function adminOperatorRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  api.get(
    "/admin/me",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "getOperatorMe",
          "Who is signed in",
          "The operator the bearer token belongs to and its role (`bootstrap` for ADMIN_TOKEN), so a console shows only what the role may do.",
        ),
        response: { 200: SignedInOperator, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request) => operatorOf(request),
  );

  api.post(
    "/admin/operators",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "createOperator",
          "Add an operator",
          "The token (`op_` + 40 base62 characters) is shown only in this answer; only its hash is stored.",
        ),
        body: OperatorBody,
        response: {
          201: CreatedOperator,
          ...errorResponses(...OPERATOR_CODES, "PAYLOAD_TOO_LARGE"),
        },
      },
    },
    async (request, reply) => {
      const { operator, token } = await createOperator(db, asOperator(request), request.body);
      const { last_used_at: _, disabled_at: __, ...shown } = presentOperator(operator);
      return reply.code(201).send({ ...shown, token });
    },
  );

  api.get(
    "/admin/operators",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listOperators",
          "List operators",
          "Newest first, never a token. Paged by `limit` and `cursor`.",
        ),
        querystring: OperatorListQuery,
        response: { 200: ListOf(Operator), ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request) =>
      listAnswer(
        await listAllOperators(services.reads, pageRequest(request.query, "uuid")),
        presentOperator,
      ),
  );

  api.patch(
    "/admin/operators/:id",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "updateOperator",
          "Change an operator's role, or disable it",
          "A disabled operator's token answers 401 from this answer on, in every process (tokens are checked against the database on every request).",
        ),
        params: OperatorIdParams,
        body: OperatorPatchBody,
        response: { 200: Operator, ...errorResponses(...OPERATOR_CODES, "PAYLOAD_TOO_LARGE") },
      },
    },
    async (request) =>
      presentOperator(
        await changeOperator(db, asOperator(request), request.params.id, request.body),
      ),
  );

  api.post(
    "/admin/operators/:id/token",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "rotateOperatorToken",
          "Replace an operator's token",
          "The new token is shown only here; the old one answers 401 at once, in every process.",
        ),
        params: OperatorIdParams,
        response: { 201: OperatorToken, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rotateOperatorToken(db, asOperator(request), request.params.id)),
  );
}
