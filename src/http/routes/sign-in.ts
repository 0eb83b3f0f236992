import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { issueNonce, joinWithWallet } from "../../use-cases/sign-in.js";
import { presentJoinedAccount, presentNonce } from "../present.js";
import { clientOf } from "../rate-limits.js";
import { errorResponses, NoFields } from "../schemas/common.js";
import {
  JoinedAccount,
  SignInNonce,
  WALLET_PROOF_CODES,
  WalletProofBody,
} from "../schemas/sign-in.js";
import type { Services } from "../services.js";

/**
 * Players join by themselves : a nonce to sign, then the signed EIP-4361
 * message registers the signer's pass. Public: whoever signs proves who they are.
 */
export async function signInRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { signIn } = services;
  const tags = ["passes"];

  api.post(
    "/passes/nonces",
    {
      // No body is needed; one with fields is refused rather than ignored.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: "createSignInNonce",
        summary: "A nonce for a wallet sign-in message",
        description:
          "A single-use nonce, valid 10 minutes, and what the EIP-4361 message must carry (`domain`, a `uri` starting with `uri`, `chain_id`, version 1). A client address holds at most 20 unexpired nonces; beyond it, 429 with Retry-After.",
        tags,
        body: NoFields,
        response: { 201: SignInNonce, ...errorResponses("BAD_REQUEST", "RATE_LIMITED") },
      },
    },
    async (request, reply) => {
      const issued = await issueNonce(signIn.db, clientOf(request));
      // A nonce is for one client: no cache along the way may hand it to another.
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send(presentNonce(issued, signIn.settings));
    },
  );

  api.post(
    "/passes",
    {
      schema: {
        operationId: "joinWithWallet",
        summary: "Join: register your pass by signing in with your wallet",
        description:
          "Checks the EIP-4361 message (400 SIWE_MESSAGE_INVALID naming each bad field), spends its nonce (400 NONCE_INVALID when unknown, expired or used: a replay), verifies the ERC-191 signature by the message's address (401 SIGNATURE_INVALID), then registers the signer's pass: its FuturePass when the service knows a chain node and the signer has one (503 CHAIN_UNAVAILABLE when the node does not answer), else the signer's own address. 201 for a new account, 200 when the pass had one already. Once registered, the pass can receive points.",
        tags,
        body: WalletProofBody,
        response: {
          200: JoinedAccount,
          201: JoinedAccount,
          ...errorResponses("BAD_REQUEST", ...WALLET_PROOF_CODES, "PAYLOAD_TOO_LARGE"),
        },
      },
    },
    async (request, reply) => {
      const { account, created, signer } = await joinWithWallet(signIn, request.id, request.body);
      return reply.code(created ? 201 : 200).send(presentJoinedAccount(account, signer));
    },
  );
}
