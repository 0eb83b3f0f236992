import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.js";
import { ROLES, type Role, roleAllows } from "../domain/operators.js";
import { createOperatorApiSwitch } from "../use-cases/verify-operator.js";
import { operatorOf, requireOperator } from "./auth.js";
import type { Services } from "./services.js";

/**
 * What every operator route can answer: a bad or missing token, a role short of the route's,
 * no operator API, bad input.
 */
export const OPERATOR_CODES = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST"] as const;

/** The OpenAPI extension naming the role an operator route needs. */
export const REQUIRED_ROLE = "x-required-role";

/**
 * The OpenAPI description of an operator route, with the role it needs: declared here, next to
 * the route, so no operator route exists without one (a route without it is refused to every
 * operator but an admin, and the role matrix test fails). The role shows in the OpenAPI
 * document (`x-required-role`) and in the route's description.
 */
export function operatorMeta(
  role: Role,
  operationId: string,
  summary: string,
  description?: string,
) {
  const needs = `Needs the \`${role}\` role or above.`;
  return {
    operationId,
    summary,
    description: description ? `${description} ${needs}` : needs,
    ...operatorRole(role),
  };
}

/** The tag, security and role of an operator route that writes its own description. */
export function operatorRole(role: Role) {
  return { tags: ["operator"], security: [{ adminToken: [] }], [REQUIRED_ROLE]: role };
}

/** The role a request's route declared; `admin` (the most) for one that declared none. */
export function requiredRole(request: FastifyRequest): Role {
  const declared = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[
    REQUIRED_ROLE
  ];
  return ROLES.find((role) => role === declared) ?? "admin";
}

/**
 * The hooks of the scope every operator route is registered in: whether the operator API is on
 * (ADMIN_TOKEN is set or an operator exists; else every operator route answers 404 as an unknown
 * route would, but stays in the OpenAPI document), who is calling (ADMIN_TOKEN or an operator's
 * token), then whether their role reaches the route's.
 */
export function guardOperatorScope(api: FastifyInstance, services: Services) {
  const { adminToken } = services.config;
  const operatorApi = createOperatorApiSwitch(services.db, adminToken);
  api.addHook("onRequest", async (request) => {
    if ((await operatorApi()) === "off") {
      throw new AppError(
        "NOT_FOUND",
        `No route for ${request.method} ${request.url.split("?")[0]}.`,
      );
    }
  });
  api.addHook("onRequest", requireOperator(adminToken, services.db));
  api.addHook("onRequest", async (request) => {
    const needed = requiredRole(request);
    const operator = operatorOf(request);
    if (!roleAllows(operator.role, needed)) {
      throw new AppError(
        "FORBIDDEN",
        `${request.method} ${request.routeOptions.url} needs the ${needed} role; ${operator.name} is a ${operator.role}.`,
      );
    }
  });
  // Other processes rebuild their public answers on the change notice; this one drops them
  // before its answer leaves, so the operator's next read shows the write.
  api.addHook("onSend", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 300) {
      services.publicAnswers.clear();
    }
  });
}
