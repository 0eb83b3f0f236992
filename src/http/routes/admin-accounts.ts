import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { reinstateAccount, suspendAccount } from "../../use-cases/suspend-account.js";
import { asOperator } from "../actors.js";
import { OPERATOR_CODES, operatorMeta } from "../operator-guards.js";
import { presentAccount } from "../present.js";
import { Account, AccountIdParams, SuspensionBody } from "../schemas/admin.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

/** Suspending and reinstating passes (docs/operator-api.md#suspended-passes). */
export async function adminAccountRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  api.post(
    "/admin/accounts/:id/suspension",
    {
      schema: {
        ...operatorMeta(
          "support",
          "suspendAccount",
          "Suspend a pass",
          "From the commit on the pass is refused every allocation (400 ACCOUNT_SUSPENDED) and is on no leaderboard: it is not listed and no other pass counts it when ranked. Its payouts stay as they are. Audited as `account.suspend`; operator endpoints hear `account.suspended`. Suspending a suspended pass again changes only its reason (`suspended_at` stays); with the same reason it changes nothing.",
        ),
        params: AccountIdParams,
        body: SuspensionBody,
        response: { 200: Account, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return presentAccount(await suspendAccount(db, asOperator(request), id, request.body.reason));
    },
  );

  api.delete(
    "/admin/accounts/:id/suspension",
    {
      schema: {
        ...operatorMeta(
          "support",
          "reinstateAccount",
          "Reinstate a suspended pass",
          "Lifts the suspension: the pass is paid again and is back on every leaderboard with its points. Audited as `account.reinstate`; operator endpoints hear `account.reinstated`. A pass that is not suspended is answered as it is.",
        ),
        params: AccountIdParams,
        response: { 200: Account, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request) =>
      presentAccount(await reinstateAccount(db, asOperator(request), request.params.id)),
  );
}
