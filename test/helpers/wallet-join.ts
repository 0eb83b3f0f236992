/**
 * What the wallet-join tests read and assert of `POST /passes`: the join answer, a refusal that
 * registers nothing, the accounts and `account.join` audit entries an address has.
 */
import assert from "node:assert/strict";
import { expectProblem, expectStatus, type TestContext } from "./app.js";
import { type Answer, postJoin, type Wallet } from "./wallet.js";

export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The accounts registered for `pass`, through the operator's listing. */
export async function accountsOf(
  ctx: TestContext,
  pass: string,
): Promise<{ id: string; pass: string }[]> {
  const response = await ctx.admin("GET", `/admin/accounts?pass=${pass}`);
  expectStatus(response, 200);
  return response.json().items;
}

/** `account.join` entries of an account, through the operator's audit listing. */
export async function joinEntries(ctx: TestContext, accountId: string) {
  const response = await ctx.admin(
    "GET",
    `/admin/audit?action=account.join&target_type=account&target_id=${accountId}&limit=500`,
  );
  expectStatus(response, 200);
  return response.json().items as {
    actor: string;
    action: string;
    target_type: string;
    target_id: string;
    request_id: string;
    details: Record<string, unknown>;
  }[];
}

/** A join answer: the account and the signer, nothing else. */
export function expectJoined(answer: Answer, status: 200 | 201, pass: string, signer: string) {
  expectStatus(answer, status);
  const body = answer.json();
  assert.deepEqual(Object.keys(body).sort(), ["account", "signer"]);
  assert.deepEqual(Object.keys(body.account).sort(), ["created_at", "id", "pass"]);
  assert.equal(body.account.pass, pass);
  assert.equal(body.signer, signer);
  assert.match(body.account.created_at, TIMESTAMP);
  assert.equal(typeof body.account.id, "string");
  return body as { account: { id: string; pass: string; created_at: string }; signer: string };
}

/** `wallet` signing in for itself: a join answer of `status` naming the wallet's address. */
export const expectJoinedAs = (answer: Answer, status: 200 | 201, wallet: Wallet) =>
  expectJoined(answer, status, wallet.address, wallet.address);

/** A refused join: the problem, and no account for the wallet. */
export async function expectRefused(
  ctx: TestContext,
  wallet: Wallet,
  answer: Answer,
  status: number,
  code: string,
  field?: string,
) {
  const problem = expectProblem(answer, status, code, field);
  assert.deepEqual(await accountsOf(ctx, wallet.address), [], "nothing is registered");
  return problem;
}

export const fieldsOf = (problem: { errors?: { field: string }[] }) =>
  (problem.errors ?? []).map((error) => error.field).sort();

/**
 * Posts `body` as `wallet`'s join and asserts it refused, registering nothing: naming `named`
 * (a field), or exactly the fields of `named` (a list).
 */
export async function refusedJoin(
  ctx: TestContext,
  wallet: Wallet,
  body: { message: string; signature: string },
  status: number,
  code: string,
  named?: string | string[],
) {
  const field = typeof named === "string" ? named : named?.[0];
  const answer = await postJoin(ctx.inject, body);
  const problem = await expectRefused(ctx, wallet, answer, status, code, field);
  if (Array.isArray(named)) {
    assert.deepEqual(fieldsOf(problem), [...named].sort(), JSON.stringify(problem.errors));
  }
  return problem;
}

/** `message` with `wallet`'s own signature. */
export async function signedAs(wallet: Wallet, message: string) {
  return { message, signature: await wallet.account.signMessage({ message }) };
}

/** Makes a nonce expired, as time would (asserting it is stored). */
export async function expireNonce(ctx: TestContext, nonce: string): Promise<void> {
  const { rows } = await ctx.db.query(
    "UPDATE sign_in_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1 RETURNING 1",
    [nonce],
  );
  assert.equal(rows.length, 1, "the issued nonce is stored");
}
