// A payout made while the backfill runs, stamped before payouts it has already numbered (old
// payouts dated ahead of the database clock, e.g. after the clock stepped back): still numbered.
import assert from "node:assert/strict";
import { it } from "node:test";
import { v7 as uuidv7 } from "uuid";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/http/app.js";
import { fillPayoutPositions } from "../../src/machinery/payout-positions-backfill.js";
import { prepareServices } from "../../src/runtime.js";
import { migrate } from "../../src/store/migrate.js";
import { ADMIN_TOKEN, openTestDb, randomPass } from "../helpers/app.js";

it("a payout made mid-fill before the last numbered one is numbered and listed", async () => {
  const { db } = await openTestDb("pglite");
  await migrate(db, { through: "010_operators.sql" });
  const owner = randomPass();
  const player = randomPass();
  const { rows: acc } = await db.query<{ id: string }>(
    "INSERT INTO accounts (pass) VALUES ($1), ($2) RETURNING id",
    [owner, player],
  );
  const now = Date.now();
  const { rows: q } = await db.query<{ id: number }>(
    `INSERT INTO quests (name, description, owner_id, total_points, points_remaining,
       expected_points_per_completion, start_at, end_at)
     VALUES ('q', 'd', $1, 1000000, 1000000, 1, $2, $3) RETURNING id`,
    [acc[0]!.id, new Date(now - 86400000), new Date(now + 86400000)],
  );
  const questId = q[0]!.id;
  // 200 payouts an hour ago, 100 stamped an hour ahead of the database clock.
  const times = Array.from(
    { length: 300 },
    (_, i) => new Date(now + (i < 200 ? -3600000 : 3600000) + i),
  );
  await db.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::bigint[], $5::int[], $6::timestamptz[])`,
    [
      times.map(() => uuidv7()),
      times.map(() => questId),
      times.map(() => acc[1]!.id),
      times.map(() => 1),
      times.map(() => null),
      times,
    ],
  );
  const app = await buildApp(
    await prepareServices(loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent" }), db),
    { logger: false },
  );
  const key = (
    await app.inject({
      method: "POST",
      url: "/admin/keys",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { owner },
    })
  ).json().key;
  let steps = 0;
  await fillPayoutPositions(db, {
    batchSize: 97,
    onProgress: () => steps++,
    stopped: () => steps >= 3,
  });
  const paid = await app.inject({
    method: "POST",
    url: `/quests/${questId}`,
    headers: { "x-api-key": key },
    payload: { points: 5, address: player },
  });
  assert.equal(paid.statusCode, 200, paid.body);
  const id = paid.json().payout.id;
  const rest = await fillPayoutPositions(db, { batchSize: 97 });
  assert.deepEqual(rest, { numbered: 10, complete: true }, "the new payout is numbered too");
  const { rows } = await db.query<{ position: number | null; made: number }>(
    `SELECT p.position, q.payouts_made AS made
     FROM payouts p JOIN quests q ON q.id = p.quest_id WHERE p.id = $1`,
    [id],
  );
  assert.deepEqual(rows[0], { position: 301, made: 301 });
  const all = [];
  for (let offset = 0; offset < 400; offset += 100) {
    const r = await app.inject({
      method: "GET",
      url: `/quests/${questId}?limit=100&offset=${offset}`,
      headers: { "x-api-key": key },
    });
    all.push(...r.json().payouts.map((p: { id: string }) => p.id));
  }
  await app.close();
  await db.close();
  assert.equal(all.length, 301, "every payout is listed");
  assert.ok(all.includes(id), "the payout just answered 200 is listed");
});
