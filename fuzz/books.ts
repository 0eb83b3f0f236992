/**
 * Settling what is in doubt, and reading the books back through the API to compare them with the
 * model (the database's own check runs at the end, fuzz.ts).
 */
import { FuzzFailure, type Model, type QuestModel } from "./model.js";
import { checkAllocation, definitely, expectStatus, type Run, same } from "./operations.js";

/** Keyed allocations in doubt are sent again; payouts nobody heard of are matched to doubts. */
export async function settle(run: Run): Promise<void> {
  const { model } = run;
  for (const keyed of model.keyed.values()) {
    if (!keyed.doubt) continue;
    const asked = {
      questId: keyed.questId,
      address: keyed.pass,
      points: keyed.points,
      key: keyed.key,
    };
    const decision = model.decide(asked.questId, asked.address, asked.points);
    const answer = await definitely(run, "POST", `/quests/${asked.questId}`, {
      apiKey: model.keyOf(keyed.questId),
      body: { points: asked.points, address: asked.address },
      idempotencyKey: asked.key,
    });
    if (answer.code === "IDEMPOTENCY_IN_PROGRESS") continue; // its first attempt still runs
    checkAllocation(run, asked, decision, { ...answer, replayed: false });
  }
  if (model.doubtful.length > 0) {
    const quests = new Set(model.doubtful.map((d) => d.questId));
    for (const questId of quests) await reconcile(run, questId);
    model.doubtful = [];
  }
}

interface StoredPayout {
  id: string;
  quest_id: number;
  pass: string;
  amount: number;
  reversed_at: string | null;
}

/** Every payout of a quest as the database holds it (the operator API's NDJSON export). */
async function storedPayouts(run: Run, questId: number): Promise<StoredPayout[]> {
  const answer = await definitely(run, "GET", `/admin/payouts?quest_id=${questId}&format=ndjson`, {
    admin: true,
  });
  expectStatus(answer, 200, "the payouts export");
  // One line parses as JSON, several do not, none is no body: the export's text either way.
  const text =
    answer.body === undefined
      ? ""
      : typeof answer.body === "string"
        ? answer.body
        : `${JSON.stringify(answer.body)}\n`;
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredPayout);
}

/**
 * The quest's stored payouts against the model: each answered one there, unchanged; each other
 * one an allocation in doubt (same pass and amount), taken into the model.
 */
async function reconcile(run: Run, questId: number): Promise<void> {
  const { model } = run;
  const stored = await storedPayouts(run, questId);
  const seen = new Set<string>();
  for (const row of stored) {
    seen.add(row.id);
    const known = model.payouts.get(row.id);
    if (known) continue;
    const at = model.doubtful.findIndex(
      (d) => d.questId === questId && same(d.pass, row.pass) && d.points === row.amount,
    );
    if (at === -1) {
      throw new FuzzFailure(
        `quest ${questId} holds payout ${row.id} (${row.amount} to ${row.pass}) that no allocation in doubt explains`,
      );
    }
    model.doubtful.splice(at, 1);
    model.recordPayout({
      id: row.id,
      questId,
      pass: model.pass(row.pass)?.address ?? row.pass,
      amount: row.amount,
      reversed: row.reversed_at !== null,
    });
  }
  for (const payout of model.livePayouts(questId)) {
    if (!seen.has(payout.id))
      throw new FuzzFailure(`payout ${payout.id} was answered but is not stored`);
  }
}

/** The books through the API against the model: budgets, every payout, every balance. */
export async function compareBooks(run: Run): Promise<void> {
  const { model } = run;
  for (const quest of model.quests) {
    const stored = await storedPayouts(run, quest.id);
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const payout of model.payouts.values()) {
      if (payout.questId !== quest.id) continue;
      const row = byId.get(payout.id);
      if (!row) throw new FuzzFailure(`payout ${payout.id} was answered but is not stored`);
      if (row.amount !== payout.amount || (row.reversed_at !== null) !== payout.reversed) {
        throw new FuzzFailure(
          `payout ${payout.id}: stored ${row.amount} reversed ${row.reversed_at}, model ${payout.amount} reversed ${payout.reversed}`,
        );
      }
    }
    if (
      stored.length !== [...model.payouts.values()].filter((p) => p.questId === quest.id).length
    ) {
      throw new FuzzFailure(
        `quest ${quest.id} stores ${stored.length} payouts, the model knows fewer`,
      );
    }
    // The owner's view while quests are on; the operators' (never switched off) always.
    if (model.questsOn) {
      const detail = await definitely(run, "GET", `/quests/${quest.id}`, {
        apiKey: model.keyOf(quest.id),
      });
      expectStatus(detail, 200, `quest ${quest.id}`);
      compareQuest(model, quest, detail.body);
    }
    // The owner's quests only: a long run makes more quests than one page holds.
    const owner = model.ownerOf(quest.id).pass;
    const listed = await definitely(run, "GET", `/admin/quests?owner=${owner}&limit=100`, {
      admin: true,
    });
    expectStatus(listed, 200, "the operators' quest list");
    const items = listed.body.items as {
      id: number;
      points_remaining: number;
      total_points: number;
    }[];
    const item = items.find((q) => q.id === quest.id);
    if (!item) throw new FuzzFailure(`quest ${quest.id} is not in the operators' list`);
    compareQuest(model, quest, item);
  }
  // Balances are a quest endpoint's answer: refused while quests are switched off.
  if (!model.questsOn) return;
  for (const pass of model.passes) {
    const answer = await definitely(run, "GET", `/passes/${pass.address}`);
    expectStatus(answer, 200, `pass ${pass.address}`);
    if (answer.body.points !== model.balance(pass.address)) {
      throw new FuzzFailure(
        `pass ${pass.address} holds ${answer.body.points} points, the model says ${model.balance(pass.address)}`,
      );
    }
  }
}

function compareQuest(
  model: Model,
  quest: QuestModel,
  answer: { points_remaining: number; total_points: number },
) {
  if (
    answer.points_remaining !== model.remaining(quest.id) ||
    answer.total_points !== quest.total
  ) {
    throw new FuzzFailure(
      `quest ${quest.id}: ${answer.points_remaining} of ${answer.total_points} remaining, the model says ${model.remaining(quest.id)} of ${quest.total}`,
    );
  }
}
