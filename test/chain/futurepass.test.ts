/**
 * Which pass a wallet sign-in registers : with CHAIN_RPC_URL set, the signer's
 * FuturePass from `futurepassOf(address)` on the registrar at 0x…FFFF (by eth_call), else the
 * signer's own address; a node that does not answer within 5 s is 503 CHAIN_UNAVAILABLE and
 * nothing is registered. The node is Ganache (chain id 7668) with a stand-in registrar installed
 * at the registrar's address: its code returns storage slot `uint(owner)`, which the test fills.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import ganache from "ganache";
import { encodeFunctionData, getAddress, pad } from "viem";
import { FUTUREPASS_REGISTRAR } from "../../src/chain/client.js";
import {
  buildTestContext,
  DATABASES,
  expectProblem,
  expectStatus,
  type TestContext,
} from "../helpers/app.js";
import { freePort } from "../helpers/postgres.js";
import {
  applicationProof,
  joinAs,
  newWallet,
  postJoin,
  randomClient,
  signedMessage,
  type Wallet,
} from "../helpers/wallet.js";

/**
 * PUSH1 4, CALLDATALOAD, SLOAD, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN: answers any call with
 * the storage slot named by the first argument, so slot `uint(owner)` holds owner's FuturePass.
 */
const REGISTRAR_CODE = "0x6004355460005260206000f3";
const REGISTRAR_ABI = [
  {
    type: "function",
    name: "futurepassOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "address" }],
  },
] as const;
/** The chain's answer may take this long (5 s), plus room for a loaded machine. */
const CHAIN_BOUND_WITH_SLACK_MS = 8_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A FuturePass-shaped address (0xFFFFFFFF + index), checksummed. */
const newFuturepass = () => getAddress(`0xffffffff${randomBytes(16).toString("hex")}`);

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** Records `futurepass` as `owner`'s FuturePass in the stand-in registrar. */
async function giveFuturepass(url: string, owner: string, futurepass: string) {
  const set = await rpc(url, "evm_setAccountStorageAt", [
    FUTUREPASS_REGISTRAR,
    pad(owner.toLowerCase() as `0x${string}`, { size: 32 }),
    pad(futurepass.toLowerCase() as `0x${string}`, { size: 32 }),
  ]);
  assert.equal(set, true);
}

/** Ganache on loopback with chain id 7668 (the sign-in default) and the stand-in registrar. */
async function startNode() {
  const server = ganache.server({
    chain: { chainId: 7668 },
    wallet: { totalAccounts: 0 },
    logging: { quiet: true },
  });
  await server.listen(0, "127.0.0.1");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let stopped: Promise<void> | undefined;
  // Idempotent: a test stops its node, and its `finally` makes sure, so no failure leaves one open.
  const stop = () => {
    stopped ??= server.close();
    return stopped;
  };
  assert.equal(await rpc(url, "evm_setAccountCode", [FUTUREPASS_REGISTRAR, REGISTRAR_CODE]), true);
  return { url, stop };
}

async function accountsOf(ctx: TestContext, pass: string): Promise<unknown[]> {
  const response = await ctx.admin("GET", `/admin/accounts?pass=${pass}`);
  expectStatus(response, 200);
  return response.json().items;
}

function applicationBody(owner: string, proof: { message: string; signature: string }) {
  const now = Date.now();
  return {
    project: "FuturePass project",
    contact: "team@futurepass.example",
    owner,
    proof,
    quest: {
      name: "Hold a FuturePass",
      total_points: 1000,
      expected_points_per_completion: 10,
      start: new Date(now - HOUR_MS).toISOString(),
      end: new Date(now + DAY_MS).toISOString(),
    },
  };
}

const submitApplication = (ctx: TestContext, body: unknown) =>
  ctx.inject({
    method: "POST",
    url: "/applications",
    payload: body as object,
    remoteAddress: randomClient(),
  });

/** A join or an application that must be 503 CHAIN_UNAVAILABLE, within the bound, storing nothing. */
async function expectChainUnavailable(ctx: TestContext, wallet: Wallet) {
  const startedMs = Date.now();
  const joined = await joinAs(ctx.inject, wallet);
  const elapsedMs = Date.now() - startedMs;
  expectProblem(joined, 503, "CHAIN_UNAVAILABLE");
  assert.ok(elapsedMs < CHAIN_BOUND_WITH_SLACK_MS, `answered after ${elapsedMs} ms`);
  assert.deepEqual(await accountsOf(ctx, wallet.address), [], "nothing is registered");

  const { rows: counted } = await ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM applications",
  );
  const proof = await applicationProof(ctx.inject, wallet);
  expectProblem(
    await submitApplication(ctx, applicationBody(wallet.address, proof)),
    503,
    "CHAIN_UNAVAILABLE",
  );
  const { rows: afterwards } = await ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM applications",
  );
  assert.equal(afterwards[0]!.n, counted[0]!.n, "no application is stored");
}

describe("the stand-in FuturePass registrar on Ganache", () => {
  let node: Awaited<ReturnType<typeof startNode>> | undefined;
  before(async () => {
    node = await startNode();
  });
  after(() => node?.stop());

  it("answers futurepassOf(owner) by eth_call with the FuturePass set, and zero otherwise", async () => {
    const owner = newWallet().address;
    const futurepass = newFuturepass();
    await giveFuturepass(node!.url, owner, futurepass);
    const call = (address: `0x${string}`) =>
      rpc(node!.url, "eth_call", [
        {
          to: FUTUREPASS_REGISTRAR,
          data: encodeFunctionData({
            abi: REGISTRAR_ABI,
            functionName: "futurepassOf",
            args: [address],
          }),
        },
        "latest",
      ]);
    assert.equal(await call(owner), pad(futurepass.toLowerCase() as `0x${string}`, { size: 32 }));
    assert.equal(await call(newWallet().address), pad("0x", { size: 32 }));
  });
});

for (const kind of DATABASES) {
  describe(`sign-in with CHAIN_RPC_URL: the signer's FuturePass [${kind}]`, () => {
    let node: Awaited<ReturnType<typeof startNode>> | undefined;
    let context: TestContext | undefined;
    const ctx = () => context!;
    before(async () => {
      node = await startNode();
      context = await buildTestContext(kind, { CHAIN_RPC_URL: node.url });
    });
    after(async () => {
      await context?.close();
      await node?.stop();
    });

    it("registers the FuturePass of a signer who has one, and says who signed", async () => {
      const signer = newWallet();
      const futurepass = newFuturepass();
      await giveFuturepass(node!.url, signer.address, futurepass);
      const joined = await joinAs(ctx().inject, signer);
      expectStatus(joined, 201);
      const body = joined.json();
      assert.equal(body.account.pass, futurepass);
      assert.equal(body.signer, signer.address);
      assert.equal((await accountsOf(ctx(), futurepass)).length, 1);
      assert.deepEqual(await accountsOf(ctx(), signer.address), [], "not the signer's own");
      expectStatus(await ctx().inject({ url: `/passes/${futurepass}` }), 200);
      expectProblem(
        await ctx().inject({ url: `/passes/${signer.address}` }),
        404,
        "PASS_NOT_FOUND",
      );

      const audit = await ctx().admin(
        "GET",
        `/admin/audit?action=account.join&target_id=${body.account.id}`,
      );
      expectStatus(audit, 200);
      assert.deepEqual(
        audit.json().items.map((entry: { actor: string }) => entry.actor),
        [`pass:${futurepass}`],
      );

      const again = await joinAs(ctx().inject, signer);
      expectStatus(again, 200);
      assert.deepEqual(again.json(), body);
    });

    it("registers the signer's own address when it has no FuturePass", async () => {
      const signer = newWallet();
      const joined = await joinAs(ctx().inject, signer);
      expectStatus(joined, 201);
      assert.equal(joined.json().account.pass, signer.address);
      assert.equal(joined.json().signer, signer.address);
    });

    it("accepts an application whose owner is the FuturePass, signed with its owner's key; not one naming the key's own address", async () => {
      const signer = newWallet();
      const futurepass = newFuturepass();
      await giveFuturepass(node!.url, signer.address, futurepass);
      const accepted = await submitApplication(
        ctx(),
        applicationBody(futurepass, await applicationProof(ctx().inject, signer)),
      );
      expectStatus(accepted, 201);
      const { id, token } = accepted.json();
      const read = await ctx().inject({
        url: `/applications/${id}`,
        headers: { "x-application-token": token },
      });
      assert.equal(read.json().owner, futurepass);

      // The key proves its FuturePass, so an application for the key's own address is refused.
      const { rows: counted } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM applications",
      );
      expectProblem(
        await submitApplication(
          ctx(),
          applicationBody(signer.address, await applicationProof(ctx().inject, signer)),
        ),
        400,
        "SIWE_MESSAGE_INVALID",
        "proof",
      );
      const { rows: afterwards } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM applications",
      );
      assert.equal(afterwards[0]!.n, counted[0]!.n);
    });

    it("answers 503 CHAIN_UNAVAILABLE once the node has stopped, registering nothing and spending the nonce", async () => {
      // A node of this test's own, stopped while the service still points at it.
      const own = await startNode();
      let service: TestContext | undefined;
      try {
        service = await buildTestContext(kind, { CHAIN_RPC_URL: own.url });
        expectStatus(await joinAs(service.inject, newWallet()), 201);
        await own.stop();
        await expectChainUnavailable(service, newWallet());

        // The refused message's nonce was spent at the signature check: it cannot be retried.
        const signed = await signedMessage(service.inject, newWallet());
        expectProblem(await postJoin(service.inject, signed), 503, "CHAIN_UNAVAILABLE");
        expectProblem(await postJoin(service.inject, signed), 400, "NONCE_INVALID");
      } finally {
        await service?.close();
        await own.stop();
      }
    });
  });

  describe(`sign-in with CHAIN_RPC_URL at a node that does not answer [${kind}]`, () => {
    it("answers 503 CHAIN_UNAVAILABLE when nothing listens at the node's port", async () => {
      const port = await freePort();
      const ctx = await buildTestContext(kind, { CHAIN_RPC_URL: `http://127.0.0.1:${port}` });
      try {
        await expectChainUnavailable(ctx, newWallet());
      } finally {
        await ctx.close();
      }
    });

    it("answers 503 CHAIN_UNAVAILABLE within 8 s when the node takes the connection and never answers", async () => {
      const sockets = new Set<Socket>();
      const silent = createServer((socket) => {
        sockets.add(socket);
        socket.on("error", () => {});
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const { port } = silent.address() as AddressInfo;
      const ctx = await buildTestContext(kind, { CHAIN_RPC_URL: `http://127.0.0.1:${port}` });
      try {
        await expectChainUnavailable(ctx, newWallet());
        assert.ok(sockets.size >= 1, "the service did ask the node");
      } finally {
        await ctx.close();
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });
}
