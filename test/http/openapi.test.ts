import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  allocate,
  buildTestContext,
  expectStatus,
  questFixture,
  randomPass,
  withContext,
} from "../helpers/app.js";

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { examples?: Record<string, { value: { code: string } }> }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Array<{ $ref?: string }>;
  responses: Record<string, Response>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { parameters?: Record<string, { name: string; in: string }> };
}

/** Every operation the service documents (docs/api.md). */
const CONTRACT_OPERATIONS = [
  "get /quests",
  "get /quests/{questId}",
  "post /quests/{questId}",
  "get /campaigns",
  "get /campaigns/{id}",
  "post /applications",
  "get /applications/{id}",
  "post /applications/{id}/keys",
  "post /admin/accounts",
  "get /admin/accounts",
  "post /admin/campaigns",
  "get /admin/campaigns",
  "patch /admin/campaigns/{id}",
  "post /admin/quests",
  "get /admin/quests",
  "patch /admin/quests/{questId}",
  "post /admin/keys",
  "get /admin/keys",
  "delete /admin/keys/{id}",
  "post /admin/keys/{id}/rotate",
  "post /admin/keys/revoke",
  "get /admin/features",
  "put /admin/features",
  "get /admin/action-types",
  "put /admin/action-types/{name}",
  "post /admin/earning-periods",
  "get /admin/earning-periods",
  "patch /admin/earning-periods/{id}",
  "delete /admin/earning-periods/{id}",
  "get /admin/applications",
  "post /admin/applications/{id}/approve",
  "post /admin/applications/{id}/reject",
  "get /admin/payouts",
  "get /admin/audit",
  "post /quests/{questId}/allocations",
  "post /quests/{questId}/payouts/{payoutId}/reversal",
  "get /quests/{questId}/reversals",
  "get /quests/{questId}/stats",
  "get /me",
  "post /admin/payouts/{payoutId}/reversal",
  "get /passes/{address}",
  "get /passes/{address}/payouts",
  "get /leaderboard",
  "get /earning-periods",
  "post /passes/nonces",
  "post /passes",
  "get /healthz",
  "get /readyz",
  "get /metrics",
];

function operations(doc: Document): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [`${method} ${path}`, op]),
  );
}

/** The codes an operation documents, from its error answers' examples. */
function documentedCodes(op: Operation): Set<string> {
  const codes = new Set<string>();
  for (const response of Object.values(op.responses)) {
    const examples = response.content?.["application/problem+json"]?.examples ?? {};
    for (const example of Object.values(examples)) codes.add(example.value.code);
  }
  return codes;
}

describe("the OpenAPI document [pglite]", () => {
  const ctx = withContext("pglite");
  const document = async () => (await ctx().inject({ url: "/openapi.json" })).json() as Document;

  it("describes every operation of the contract", async () => {
    const documented = new Set(operations(await document()).map(([name]) => name));
    const missing = CONTRACT_OPERATIONS.filter((name) => !documented.has(name));
    assert.deepEqual(missing, []);
  });

  it("gives every operation a unique operationId, a summary, a tag and its error codes", async () => {
    const ops = operations(await document());
    const ids = ops.map(([, op]) => op.operationId);
    for (const [name, op] of ops) {
      assert.match(String(op.operationId), /^[a-z][A-Za-z]+$/, `${name} operationId`);
      assert.ok(op.summary, `${name} summary`);
      assert.ok(op.tags?.length, `${name} tags`);
      assert.ok(documentedCodes(op).has("INTERNAL"), `${name} documents its error answers`);
    }
    assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
  });

  it("carries the package's version, and declares every tag its operations use", async () => {
    const doc = (await document()) as Document & {
      info: { version: string };
      tags?: { name: string }[];
    };
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    assert.equal(doc.info.version, pkg.version);
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    for (const [name, op] of operations(doc)) {
      for (const tag of op.tags ?? []) assert.ok(declared.has(tag), `${name}: tag ${tag} declared`);
    }
  });

  it("documents x-request-id on every answer and as an optional request header", async () => {
    const doc = await document();
    assert.equal(doc.components.parameters?.RequestId?.name, "x-request-id");
    for (const [name, op] of operations(doc)) {
      assert.ok(
        op.parameters?.some((p) => p.$ref === "#/components/parameters/RequestId"),
        `${name} takes x-request-id`,
      );
      for (const [status, response] of Object.entries(op.responses)) {
        assert.ok(response.headers?.["x-request-id"], `${name} ${status} has x-request-id`);
      }
    }
  });

  it("documents Idempotent-Replayed on the allocation's answers, and a server", async () => {
    const doc = await document();
    const allocation = doc.paths["/quests/{questId}"]!.post!;
    assert.ok(allocation.responses["200"]!.headers?.["Idempotent-Replayed"]);
    assert.ok(doc.servers?.length);
  });

  it("lists each code the allocation actually answers among its documented codes", async () => {
    const f = await questFixture(ctx(), { total_points: 10 });
    const allocation = (await document()).paths["/quests/{questId}"]!.post!;
    const answers = [
      await allocate(ctx(), f, { points: 1, address: randomPass() }),
      await allocate(ctx(), f, { points: 11, address: f.playerPass }),
      await allocate(ctx(), f, { points: "1", address: f.playerPass }),
      await allocate(ctx(), { ...f, apiKey: "sk_nope" }, { points: 1, address: f.playerPass }),
      await allocate(ctx(), { ...f, questId: 99999 }, { points: 1, address: f.playerPass }),
    ];
    const codes = documentedCodes(allocation);
    for (const answer of answers) {
      const { code } = answer.json();
      assert.ok(codes.has(code), `${code} is documented on POST /quests/{questId}`);
    }
  });
});

describe("the OpenAPI document without ADMIN_TOKEN [pglite]", () => {
  it("still describes the operator API, whose routes answer 404", async () => {
    const ctx = await buildTestContext("pglite", { ADMIN_TOKEN: "" });
    try {
      const doc = (await ctx.inject({ url: "/openapi.json" })).json() as Document;
      const operator = operations(doc).filter(([, op]) => op.tags?.includes("operator"));
      assert.ok(operator.length >= 11, `operator operations: ${operator.length}`);
      const response = await ctx.inject({
        url: "/admin/features",
        headers: { authorization: "Bearer anything" },
      });
      expectStatus(response, 404);
      assert.equal(response.json().code, "NOT_FOUND");
    } finally {
      await ctx.close();
    }
  });
});
