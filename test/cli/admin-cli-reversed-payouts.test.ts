import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { allocate, expectStatus, questFixture } from "../helpers/app.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  runQuestpoints,
  startCliService,
} from "../helpers/cli-process.js";

describe("questpoints admin payouts: reversed payouts (CLI over HTTP)", () => {
  let service: CliService;
  let questId = 0;
  let reversedId = "";
  let keptId = "";
  let reversedAt = "";
  before(async () => {
    service = await startCliService();
    const fixture = await questFixture(service.ctx);
    questId = fixture.questId;
    const ids: string[] = [];
    for (const points of [4, 6]) {
      const paid = await allocate(service.ctx, fixture, { points, address: fixture.playerPass });
      expectStatus(paid, 200);
      ids.push(paid.json().payout.id);
    }
    [reversedId, keptId] = ids as [string, string];
    const reversal = await service.ctx.admin("POST", `/admin/payouts/${reversedId}/reversal`, {
      reason: "Paid twice",
    });
    expectStatus(reversal, 201);
    reversedAt = reversal.json().reversal.created_at;
  });
  after(async () => {
    await service?.close();
  });

  async function admin(args: string[]): Promise<CliRun> {
    const run = await runQuestpoints(["admin", "--url", service.baseUrl, ...args], {
      env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    assert.equal(run.code, 0, describeRun(run));
    return run;
  }

  it("lists reversed_at, and filters with --reversed true|false", async () => {
    const quest = ["--quest", String(questId)];
    const all = JSON.parse((await admin(["--json", "payouts", "list", ...quest])).stdout) as {
      items: { id: string; reversed_at: string | null }[];
    };
    assert.deepEqual(Object.fromEntries(all.items.map((item) => [item.id, item.reversed_at])), {
      [reversedId]: reversedAt,
      [keptId]: null,
    });
    const table = await admin(["payouts", "list", ...quest]);
    assert.match(table.stdout, /reversed_at/);
    assert.ok(table.stdout.includes(reversedAt), table.stdout);
    for (const [flag, id] of [
      ["true", reversedId],
      ["false", keptId],
    ] as const) {
      const listed = JSON.parse(
        (await admin(["--json", "payouts", "list", ...quest, "--reversed", flag])).stdout,
      ) as { items: { id: string }[] };
      assert.deepEqual(
        listed.items.map((item) => item.id),
        [id],
        `list --reversed ${flag}`,
      );
      const csv = await admin(["payouts", "export", ...quest, "--reversed", flag]);
      const [header, ...lines] = csv.stdout.trimEnd().split("\r\n");
      assert.equal(header, "id,quest_id,pass,amount,earning_period_id,created_at,reversed_at");
      assert.equal(lines.length, 1, csv.stdout);
      assert.ok(lines[0]!.startsWith(`${id},`), csv.stdout);
      assert.ok(lines[0]!.endsWith(flag === "true" ? `,${reversedAt}` : ","), csv.stdout);
    }
  });

  it("refuses a --reversed value other than true or false before asking the service", async () => {
    const run = await runQuestpoints(
      ["admin", "--url", service.baseUrl, "payouts", "export", "--reversed", "maybe"],
      { env: { QP_ADMIN_TOKEN: ADMIN_TOKEN } },
    );
    assert.notEqual(run.code, 0, describeRun(run));
    assert.match(run.stderr, /--reversed is one of true, false/);
    assert.equal(run.stdout, "");
  });
});
