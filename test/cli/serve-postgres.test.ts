import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openTestDb } from "../helpers/app.js";
import { startService } from "../helpers/service-process.js";

describe("questpoints serve on PostgreSQL", () => {
  it("seeds no demo data and prints no key on an empty PostgreSQL database, even with --demo-if-empty (npm start)", async () => {
    const { db, url } = await openTestDb("postgres");
    try {
      const service = await startService({ DATABASE_URL: url!, LOG_LEVEL: "info" }, [
        "--demo-if-empty",
      ]);
      const output = service.output();
      await service.kill("SIGTERM");
      assert.doesNotMatch(output, /sk_[0-9A-Za-z]{20,}/, "no API key in the output");
      assert.doesNotMatch(output, /Demo data created/);
      const { rows } = await db.query<{ quests: number; keys: number; accounts: number }>(
        `SELECT (SELECT count(*)::int FROM quests) AS quests,
                (SELECT count(*)::int FROM api_keys) AS keys,
                (SELECT count(*)::int FROM accounts) AS accounts`,
      );
      assert.deepEqual(rows[0], { quests: 0, keys: 0, accounts: 0 });
    } finally {
      await db.close();
    }
  });
});
