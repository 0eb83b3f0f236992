import { Type } from "typebox";
import { SIGN_IN_MESSAGE_LENGTH_MAX, SIGN_IN_SIGNATURE_LENGTH_MAX } from "../../domain/sign-in.js";
import { PassAddress, TextInput, Timestamp } from "./common.js";

/** What a sign-in message must carry, so a page or a script builds it without guessing. */
export const SignInNonce = Type.Object({
  nonce: Type.String({ description: "Alphanumeric, single use, valid 10 minutes" }),
  expires_at: Timestamp,
  domain: Type.String({ description: "The message's `domain`: this service's host and port" }),
  uri: Type.String({ description: "The message's `uri` must start with this" }),
  chain_id: Type.Integer({ description: "The message's `Chain ID`" }),
});

/** An EIP-4361 message and its ERC-191 personal-sign signature by the message's address. */
export const WalletProofBody = Type.Object(
  {
    message: TextInput({
      minLength: 1,
      maxLength: SIGN_IN_MESSAGE_LENGTH_MAX,
      description: "An EIP-4361 (Sign-In with Ethereum) message built from a fresh nonce",
    }),
    signature: TextInput({
      minLength: 1,
      maxLength: SIGN_IN_SIGNATURE_LENGTH_MAX,
      description: "0x + hex: the personal-sign (ERC-191) signature of `message` by its address",
    }),
  },
  { additionalProperties: false },
);

export const JoinedAccount = Type.Object({
  account: Type.Object({ id: Type.String(), pass: PassAddress, created_at: Timestamp }),
  signer: { ...PassAddress, description: "The address that signed the message" },
});

/** What checking a wallet proof can refuse it with (`POST /passes`, an application's `proof`). */
export const WALLET_PROOF_CODES = [
  "SIWE_MESSAGE_INVALID",
  "NONCE_INVALID",
  "SIGNATURE_INVALID",
  "CHAIN_UNAVAILABLE",
] as const;
