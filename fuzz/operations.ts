/**
 * The fuzzer's operations and faults. Each sends real requests to the service processes (one
 * picked at random per request), checks every answer against the model, and updates the model;
 * an answer in doubt (none, or a 5xx) is settled before the next step: a keyed allocation or a
 * reversal is sent again until it answers, and payouts nobody heard of are read back and matched
 * to the allocations in doubt. No check is skipped for want of knowing: after `settle` the model
 * is exact again.
 */

import { privateKeyToAccount } from "viem/accounts";
import { applicationProof, joinAs, type Wallet } from "../test/helpers/wallet.js";
import { type Answer, type CallOptions, call, describeAnswer, inDoubt } from "./http.js";
import { type Decision, FuzzFailure, type Model, type OwnerModel } from "./model.js";
import type { Random } from "./random.js";
import type { World } from "./world.js";

export interface Run {
  world: World;
  model: Model;
  random: Random;
  /** One line per request and answer: the tail is printed with a failure. */
  log(line: string): void;
  /** Faults under way: while any is, a 500 is in doubt rather than a defect. */
  faults: number;
}

/** How long an operation in doubt may take to settle: a restart on a loaded machine included. */
const SETTLE_MS_MAX = 120_000;
const SETTLE_PAUSE_MS = 250;
const REVERSAL_REASON = { reason: "fuzz" };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function send(run: Run, method: string, path: string, options: CallOptions = {}) {
  const url = run.random.pick(run.world.urls);
  const answer = await call(url, method, path, options);
  refuseInternal(run, method, path, answer);
  run.log(
    `${method} ${path}${options.idempotencyKey ? ` [${options.idempotencyKey}]` : ""} ${JSON.stringify(options.body ?? "")} -> ${describeAnswer(answer)}`,
  );
  return answer;
}

/**
 * A 500 says the service failed, not the network: outside a fault it is a defect, reported at
 * once (it would otherwise be only "in doubt"). Within one, a cut connection may still surface as
 * one, and the model settles it like no answer.
 */
function refuseInternal(run: Run, method: string, path: string, answer: Answer) {
  if (answer.status === 500 && run.faults === 0) {
    throw new FuzzFailure(
      `${method} ${path} answered 500 with no fault under way: ${JSON.stringify(answer.body)}`,
    );
  }
}

/** Sends until an answer is not in doubt (the change is idempotent, or keyed). */
export async function definitely(
  run: Run,
  method: string,
  path: string,
  options: CallOptions = {},
) {
  const deadline = Date.now() + SETTLE_MS_MAX;
  for (;;) {
    const answer = await send(run, method, path, options);
    if (!inDoubt(answer)) return answer;
    if (Date.now() > deadline) {
      throw new FuzzFailure(
        `${method} ${path} never answered in ${SETTLE_MS_MAX} ms: ${describeAnswer(answer)}`,
      );
    }
    await sleep(SETTLE_PAUSE_MS);
  }
}

export function expectStatus(answer: Answer, status: number, what: string) {
  if (answer.status !== status) {
    throw new FuzzFailure(
      `${what}: expected ${status}, got ${describeAnswer(answer)} ${JSON.stringify(answer.body)}`,
    );
  }
}

// -------------------------------------------------------------------------------------------
// Allocations

interface Asked {
  questId: number;
  address: string;
  points: number;
  key?: string | undefined;
}

/**
 * Checks one allocation's outcome (a single answer, or a batch item as `{status, payout, code,
 * replayed}`) against what the model decided before it was sent, and records it.
 */
export function checkAllocation(run: Run, asked: Asked, decision: Decision, outcome: Answer) {
  const { model } = run;
  const keyed = asked.key ? model.keyed.get(asked.key) : undefined;
  if (inDoubt(outcome)) {
    if (keyed) keyed.doubt = true;
    else model.doubtful.push({ questId: asked.questId, pass: asked.address, points: asked.points });
    return;
  }
  const what = `allocation of ${asked.points} to ${asked.address} on quest ${asked.questId}`;
  if (outcome.status === 200) {
    const payout = outcome.body?.payout;
    if (!payout?.id) throw new FuzzFailure(`${what}: 200 without a payout`);
    if (keyed?.payoutId) {
      if (payout.id !== keyed.payoutId || !outcome.replayed) {
        throw new FuzzFailure(
          `${what}: key ${asked.key} paid ${keyed.payoutId} before, now ${payout.id} (replayed: ${outcome.replayed})`,
        );
      }
      return;
    }
    if (decision !== "pay")
      throw new FuzzFailure(
        `${what}: paid, but the model says ${decision} (remaining ${model.remaining(asked.questId)})`,
      );
    if (payout.amount !== asked.points || !same(payout.account.pass, asked.address)) {
      throw new FuzzFailure(`${what}: the payout says ${payout.amount} to ${payout.account.pass}`);
    }
    model.recordPayout({
      id: payout.id,
      questId: asked.questId,
      pass: asked.address,
      amount: asked.points,
      reversed: false,
    });
    if (keyed) {
      keyed.payoutId = payout.id;
      keyed.doubt = false;
    }
    return;
  }
  if (keyed) keyed.doubt = false;
  // A paid key replays its payout, whatever the quest's state since; only the quests switch,
  // checked before anything else, comes first.
  if (keyed?.payoutId && !(decision === "QUESTS_DISABLED" && outcome.code === decision))
    throw new FuzzFailure(
      `${what}: key ${asked.key} paid ${keyed.payoutId} before, now ${describeAnswer(outcome)}`,
    );
  if (outcome.code !== decision) {
    throw new FuzzFailure(
      `${what}: ${describeAnswer(outcome)}, but the model says ${decision} (remaining ${model.remaining(asked.questId)}, pass holds ${model.passPoints(asked.questId, asked.address)})`,
    );
  }
}

function pickAddress(run: Run): string {
  const { model, random } = run;
  if (random.chance(0.05) || model.passes.length === 0) return random.pick(model.strangers);
  return random.pick(model.passes).address;
}

function newAsk(run: Run): Asked {
  const { model, random } = run;
  const quest = random.pick(model.quests);
  return {
    questId: quest.id,
    address: pickAddress(run),
    points: random.int(1, random.chance(0.2) ? 400 : 40),
    key: random.chance(0.5) ? `fz-${random.hex(12)}` : undefined,
  };
}

function keyAsk(run: Run, asked: Asked) {
  if (!asked.key || run.model.keyed.has(asked.key)) return;
  run.model.keyed.set(asked.key, {
    key: asked.key,
    questId: asked.questId,
    pass: asked.address,
    points: asked.points,
    payoutId: undefined,
    doubt: false,
  });
}

function allocationRequest(run: Run, asked: Asked) {
  return send(run, "POST", `/quests/${asked.questId}`, {
    apiKey: run.model.keyOf(asked.questId),
    body: { points: asked.points, address: asked.address },
    idempotencyKey: asked.key,
  });
}

async function allocate(run: Run, asked = newAsk(run)) {
  const decision = run.model.decide(asked.questId, asked.address, asked.points);
  keyAsk(run, asked);
  checkAllocation(run, asked, decision, await allocationRequest(run, asked));
}

/** A key used before, sent again with its body: the same payout, replayed, or a fresh decision. */
async function replay(run: Run) {
  const keys = [...run.model.keyed.values()];
  if (keys.length === 0) return allocate(run);
  const keyed = run.random.pick(keys);
  const asked = {
    questId: keyed.questId,
    address: keyed.pass,
    points: keyed.points,
    key: keyed.key,
  };
  await allocate(run, asked);
}

/** A paid key sent with another amount: IDEMPOTENCY_KEY_REUSED, nothing paid. */
async function reuse(run: Run) {
  const paid = [...run.model.keyed.values()].filter((k) => k.payoutId);
  if (paid.length === 0) return allocate(run);
  const keyed = run.random.pick(paid);
  const answer = await send(run, "POST", `/quests/${keyed.questId}`, {
    apiKey: run.model.keyOf(keyed.questId),
    body: { points: keyed.points + 1, address: keyed.pass },
    idempotencyKey: keyed.key,
  });
  if (inDoubt(answer)) return;
  const expected = run.model.questsOn ? "IDEMPOTENCY_KEY_REUSED" : "QUESTS_DISABLED";
  if (answer.code !== expected) {
    throw new FuzzFailure(`key ${keyed.key} reused with another amount: ${describeAnswer(answer)}`);
  }
}

/** One new keyed allocation sent 4 times at once to the processes: paid at most once. */
async function raceKey(run: Run) {
  const asked = { ...newAsk(run), key: `fz-${run.random.hex(12)}` };
  const decision = run.model.decide(asked.questId, asked.address, asked.points);
  keyAsk(run, asked);
  const answers = await Promise.all(Array.from({ length: 4 }, () => allocationRequest(run, asked)));
  const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body?.payout?.id));
  if (ids.size > 1)
    throw new FuzzFailure(
      `key ${asked.key} raced 4 times paid ${ids.size} payouts: ${[...ids].join(", ")}`,
    );
  const keyed = run.model.keyed.get(asked.key)!;
  const paidAnswer =
    answers.find((a) => a.status === 200 && !a.replayed) ?? answers.find((a) => a.status === 200);
  if (paidAnswer) {
    checkAllocation(run, asked, decision, { ...paidAnswer, replayed: false });
    return;
  }
  const busy = (a: Answer) => a.code === "IDEMPOTENCY_IN_PROGRESS";
  const refusal = answers.find((a) => !inDoubt(a) && !busy(a));
  if (refusal) checkAllocation(run, asked, decision, refusal);
  else keyed.doubt = true;
}

/** 8 allocations at once of one amount to one pass of one quest: as many paid as fit. */
export async function raceDrain(run: Run) {
  const { model, random } = run;
  const live = model.passes.filter((p) => !p.suspended);
  if (live.length === 0) return allocate(run);
  const quest = random.pick(model.quests);
  const address = random.pick(live).address;
  const points = random.int(1, 60);
  // As many as would be paid one after another; the rest get what the next one would.
  const fakes: string[] = [];
  while (fakes.length < 8 && model.decide(quest.id, address, points) === "pay") {
    const id = `simulated-${fakes.length}`;
    model.payouts.set(id, {
      id,
      questId: quest.id,
      pass: address,
      amount: points,
      reversed: false,
    });
    fakes.push(id);
  }
  const fit = fakes.length;
  const refusal = model.decide(quest.id, address, points);
  for (const id of fakes) model.payouts.delete(id);
  const asked = { questId: quest.id, address, points };
  const answers = await Promise.all(Array.from({ length: 8 }, () => allocationRequest(run, asked)));
  let paid = 0;
  for (const answer of answers) {
    if (inDoubt(answer)) {
      model.doubtful.push({ questId: quest.id, pass: address, points });
    } else if (answer.status === 200) {
      paid++;
      const payout = answer.body.payout;
      model.recordPayout({
        id: payout.id,
        questId: quest.id,
        pass: address,
        amount: points,
        reversed: false,
      });
    } else if (answer.code !== refusal) {
      throw new FuzzFailure(
        `8 raced allocations of ${points}: one answered ${describeAnswer(answer)}, the model says ${refusal} once ${fit} are paid`,
      );
    }
  }
  const doubts = answers.filter(inDoubt).length;
  if (paid > fit || paid + doubts < fit) {
    throw new FuzzFailure(
      `8 raced allocations of ${points} on quest ${quest.id}: ${paid} paid (${doubts} in doubt), ${fit} fit`,
    );
  }
}

/** 1 to 5 items, some keyed, decided one after another as the contract says. */
async function batch(run: Run) {
  const { model, random } = run;
  const quest = random.pick(model.quests);
  const items = Array.from({ length: random.int(1, 5) }, () => ({
    ...newAsk(run),
    questId: quest.id,
  }));
  const answer = await send(run, "POST", `/quests/${quest.id}/allocations`, {
    apiKey: model.keyOf(quest.id),
    body: {
      allocations: items.map((item) => ({
        points: item.points,
        address: item.address,
        ...(item.key ? { idempotency_key: item.key } : {}),
      })),
    },
  });
  if (inDoubt(answer)) {
    for (const item of items) {
      keyAsk(run, item);
      checkAllocation(run, item, "pay", answer);
    }
    return;
  }
  if (!model.questsOn) {
    if (answer.code !== "QUESTS_DISABLED") {
      throw new FuzzFailure(`a batch while quests are off: ${describeAnswer(answer)}`);
    }
    return;
  }
  expectStatus(answer, 200, "a batch");
  const results = answer.body.results as {
    status: number;
    payout?: unknown;
    code?: string;
    replayed?: boolean;
  }[];
  if (results.length !== items.length)
    throw new FuzzFailure(`a batch of ${items.length} answered ${results.length} results`);
  for (const [i, item] of items.entries()) {
    const decision = model.decide(item.questId, item.address, item.points);
    keyAsk(run, item);
    const result = results[i]!;
    checkAllocation(run, item, decision, {
      status: result.status,
      body: result,
      code: result.code,
      replayed: result.replayed === true,
    });
  }
}

// -------------------------------------------------------------------------------------------
// Reversals, quest edits, keys, suspensions

async function reverse(run: Run) {
  const payouts = [...run.model.payouts.values()];
  if (payouts.length === 0) return allocate(run);
  const payout = run.random.pick(payouts);
  const answer = await definitely(
    run,
    "POST",
    `/quests/${payout.questId}/payouts/${payout.id}/reversal`,
    {
      apiKey: run.model.keyOf(payout.questId),
      body: REVERSAL_REASON,
    },
  );
  // A retry after a doubt may find the first attempt's reversal: 409 then too.
  if (!run.model.questsOn && answer.code === "QUESTS_DISABLED") return;
  if (answer.status === 201 && !payout.reversed) payout.reversed = true;
  else if (answer.code === "PAYOUT_ALREADY_REVERSED") payout.reversed = true;
  else
    throw new FuzzFailure(
      `reversal of ${payout.id} (reversed: ${payout.reversed}): ${describeAnswer(answer)}`,
    );
}

async function editBudget(run: Run) {
  const { model, random } = run;
  const quest = random.pick(model.quests);
  const paid = model.paid(quest.id);
  const total = random.chance(0.5) ? quest.total + random.int(1, 500) : paid + random.int(0, 300);
  const answer = await definitely(run, "PATCH", `/admin/quests/${quest.id}`, {
    admin: true,
    body: { total_points: total },
  });
  expectStatus(answer, 200, `total_points ${total} (paid ${paid})`);
  quest.total = total;
}

/** `pass_points_max` or `pass_payouts_max` (over the quest's life) set or cleared. */
async function editLimit(run: Run) {
  const { random } = run;
  const quest = random.pick(run.model.quests);
  const points = random.chance(0.5);
  const max = random.chance(0.4) ? null : points ? random.int(50, 600) : random.int(1, 12);
  const body = points ? { pass_points_max: max } : { pass_payouts_max: max, pass_window: "quest" };
  const answer = await definitely(run, "PATCH", `/admin/quests/${quest.id}`, { admin: true, body });
  expectStatus(answer, 200, JSON.stringify(body));
  if (points) quest.passPointsMax = max;
  else quest.passPayoutsMax = max;
}

/** The quests switch off (every quest endpoint refuses) or back on. */
async function switchQuests(run: Run) {
  const on = !run.model.questsOn || run.random.chance(0.3);
  const answer = await definitely(run, "PUT", "/admin/features", {
    admin: true,
    body: { quests: on },
  });
  expectStatus(answer, 200, `quests ${on ? "on" : "off"}`);
  run.model.questsOn = on;
}

/** A quest disabled (`is_active: false`) or enabled again. */
async function toggleQuest(run: Run) {
  const quest = run.random.pick(run.model.quests);
  const active = !quest.active;
  const answer = await definitely(run, "PATCH", `/admin/quests/${quest.id}`, {
    admin: true,
    body: { is_active: active },
  });
  expectStatus(answer, 200, `is_active ${active}`);
  quest.active = active;
}

/** One of the quests' action types deactivated or activated again. */
async function toggleActionType(run: Run, which?: string) {
  const { model } = run;
  const name = which ?? run.random.pick([...new Set(model.quests.map((q) => q.actionType))]);
  const active = model.inactiveActionTypes.has(name);
  const answer = await definitely(run, "PUT", `/admin/action-types/${name}`, {
    admin: true,
    body: { active },
  });
  expectStatus(answer, 200, `action type ${name} active ${active}`);
  if (active) model.inactiveActionTypes.delete(name);
  else model.inactiveActionTypes.add(name);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An earning period made (covering now, or only days ahead: then no allocation is paid) or the
 * one there is deleted. Never one whose edge the run could cross.
 */
async function earningPeriod(run: Run) {
  const { model } = run;
  const existing = model.periods[0];
  if (existing) {
    const answer = await definitely(run, "DELETE", `/admin/earning-periods/${existing.id}`, {
      admin: true,
    });
    // A period payouts fall in cannot be deleted: it stays, covering now.
    if (answer.code === "EARNING_PERIOD_IN_USE") return;
    if (answer.status !== 204 && answer.status !== 200 && answer.code !== "NOT_FOUND") {
      expectStatus(answer, 204, "deleting the earning period");
    }
    model.periods = [];
    return;
  }
  const now = Date.now();
  const ahead = run.random.chance(0.5);
  const startMs = ahead ? now + 10 * DAY_MS : now - DAY_MS;
  const endMs = ahead ? now + 11 * DAY_MS : now + 30 * DAY_MS;
  const answer = await definitely(run, "POST", "/admin/earning-periods", {
    admin: true,
    body: { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() },
  });
  expectStatus(answer, 201, "an earning period");
  model.periods = [{ id: answer.body.id, startMs, endMs }];
}

async function suspend(run: Run) {
  const pass = run.random.pick(run.model.passes);
  const path = `/admin/accounts/${pass.id}/suspension`;
  const answer = pass.suspended
    ? await definitely(run, "DELETE", path, { admin: true })
    : await definitely(run, "POST", path, { admin: true, body: { reason: "fuzz" } });
  expectStatus(answer, 200, `${pass.suspended ? "reinstating" : "suspending"} ${pass.address}`);
  pass.suspended = !pass.suspended;
}

/**
 * An owner's key replaced (rotated with no grace, or a new one and the old revoked): every
 * process refuses the old one at once. Each process uses the old key just before, so that each
 * holds it in its cache when it ends.
 */
async function rotateKey(run: Run) {
  const { model, random } = run;
  const owner = random.pick(model.owners);
  const quest = model.quests.find((q) => model.owners[q.owner] === owner)!;
  const address = model.passes.find((p) => !p.suspended)?.address ?? model.strangers[0]!;
  const probe = (url: string, key: string) =>
    call(url, "GET", `/quests/${quest.id}`, { apiKey: key });
  for (const url of run.world.urls) await probe(url, owner.apiKey);
  const newKey = () =>
    definitely(run, "POST", "/admin/keys", { admin: true, body: { owner: owner.pass } });
  let issued: Answer;
  if (random.chance(0.5)) {
    issued = await definitely(run, "POST", `/admin/keys/${owner.apiKeyId}/rotate`, {
      admin: true,
      body: { grace_seconds: 0 },
    });
    // A rotation whose answer was lost ended the key: the retry finds it ended (409).
    if (issued.code === "CONFLICT") issued = await newKey();
    expectStatus(issued, 201, "a rotation");
  } else {
    issued = await newKey();
    expectStatus(issued, 201, "a new key");
    const revoked = await definitely(run, "DELETE", `/admin/keys/${owner.apiKeyId}`, {
      admin: true,
    });
    if (revoked.status !== 200 && revoked.status !== 204) {
      expectStatus(revoked, 200, "revoking the key");
    }
  }
  const old = owner.apiKey;
  owner.revokedKeys.push(old);
  owner.apiKey = issued.body.key;
  owner.apiKeyId = issued.body.id;
  // The quests switch comes before the key (contract, order of checks).
  const refusal = model.questsOn ? "INVALID_API_KEY" : "QUESTS_DISABLED";
  for (const url of run.world.urls) {
    const answer = await call(url, "POST", `/quests/${quest.id}`, {
      apiKey: old,
      body: { points: 1, address },
    });
    run.log(`POST /quests/${quest.id} with the ended key at ${url} -> ${describeAnswer(answer)}`);
    if (answer.status === 200) {
      model.recordPayout({
        id: answer.body.payout.id,
        questId: quest.id,
        pass: address,
        amount: 1,
        reversed: false,
      });
      throw new FuzzFailure(`an ended key paid on ${url}`);
    }
    if (!inDoubt(answer) && answer.code !== refusal) {
      throw new FuzzFailure(`an ended key at ${url}: ${describeAnswer(answer)}, not ${refusal}`);
    }
  }
}

/**
 * Undoes one of the switches that stop all payments (the quests switch, a quest disabled, an
 * action type off, an earning period ahead), so that money keeps moving; else an allocation.
 */
async function restore(run: Run) {
  const { model } = run;
  if (!model.questsOn) return switchQuests(run);
  if (model.quests.some((q) => !q.active)) {
    const quest = model.quests.find((q) => !q.active)!;
    const answer = await definitely(run, "PATCH", `/admin/quests/${quest.id}`, {
      admin: true,
      body: { is_active: true },
    });
    expectStatus(answer, 200, "is_active true");
    quest.active = true;
    return;
  }
  if (model.inactiveActionTypes.size > 0)
    return toggleActionType(run, [...model.inactiveActionTypes][0]);
  if (
    model.periods.length > 0 &&
    model.questRefusal(model.quests[0]!.id) === "NO_ACTIVE_EARNING_PERIOD"
  ) {
    return earningPeriod(run);
  }
  return allocate(run);
}

/** A new player joins as players do: a nonce, a signed EIP-4361 message, `POST /passes`. */
async function join(run: Run) {
  const wallet = walletOf(run.random);
  const url = run.random.pick(run.world.urls);
  let answer: Awaited<ReturnType<typeof joinAs>>;
  try {
    answer = await joinAs(url, wallet);
  } catch (error) {
    run.log(`join of ${wallet.address} -> no answer (${String(error)})`);
    return; // joined or not, this wallet is never used again
  }
  run.log(`POST /passes as ${wallet.address} -> ${answer.statusCode}`);
  if (answer.statusCode >= 500) return;
  if (answer.statusCode !== 201) {
    throw new FuzzFailure(`a new wallet's join: ${answer.statusCode} ${answer.body}`);
  }
  const account = answer.json().account as { id: string; pass: string };
  if (account.pass !== wallet.address) {
    throw new FuzzFailure(`joined as ${account.pass}, not ${wallet.address}`);
  }
  run.model.passes.push({ address: wallet.address, id: account.id, suspended: false });
}

/** A wallet whose key comes from the run's seed, so a replay uses the same addresses. */
function walletOf(random: Random): Wallet {
  const account = privateKeyToAccount(`0x${random.hex(32)}`);
  return { account, address: account.address };
}

/**
 * A builder applies (a signed proof of its wallet), an operator approves or rejects, and an
 * approved builder claims its keys once: a new owner, quest and webhook endpoint in the model.
 * A rejected one's claim is APPLICATION_REJECTED; a second claim KEYS_ALREADY_CLAIMED.
 */
async function application(run: Run) {
  const { model, random } = run;
  // An owner's endpoint is made through a quest route: refused while quests are switched off.
  if (!model.questsOn) return allocate(run);
  const wallet = walletOf(random);
  const url = random.pick(run.world.urls);
  const total = random.int(100, 1500);
  const actionType = random.pick(model.quests).actionType;
  const approve = random.chance(0.75);
  const now = Date.now();
  let proof: { message: string; signature: string };
  try {
    proof = await applicationProof(url, wallet);
  } catch (error) {
    run.log(`a nonce for ${wallet.address} -> no answer (${String(error)})`);
    return;
  }
  const applied = await send(run, "POST", "/applications", {
    body: {
      project: "Fuzz",
      contact: "fuzz@example.com",
      owner: wallet.address,
      proof,
      quest: {
        name: "Fuzzed quest",
        total_points: total,
        expected_points_per_completion: 10,
        start: new Date(now - DAY_MS).toISOString(),
        end: new Date(now + 30 * DAY_MS).toISOString(),
      },
    },
  });
  if (inDoubt(applied)) return; // an application nobody decides: harmless
  expectStatus(applied, 201, "an application");
  const { id, token } = applied.body as { id: number; token: string };
  const decided = approve
    ? await definitely(run, "POST", `/admin/applications/${id}/approve`, {
        admin: true,
        body: { action_type: actionType },
      })
    : await definitely(run, "POST", `/admin/applications/${id}/reject`, {
        admin: true,
        body: { reason: "fuzz" },
      });
  // A decision whose answer was lost is found made by its retry.
  if (decided.code !== "APPLICATION_ALREADY_DECIDED") {
    expectStatus(decided, 200, approve ? "an approval" : "a rejection");
  }
  const claim = () =>
    send(run, "POST", `/applications/${id}/keys`, { headers: { "x-application-token": token } });
  let claimed = await claim();
  if (!approve) {
    if (claimed.code !== "APPLICATION_REJECTED") {
      throw new FuzzFailure(`a rejected application's claim: ${describeAnswer(claimed)}`);
    }
    return;
  }
  if (inDoubt(claimed)) {
    claimed = await definitely(run, "POST", `/applications/${id}/keys`, {
      headers: { "x-application-token": token },
    });
  }
  let key: { key: string; keyId: string };
  if (claimed.status === 201) {
    key = { key: claimed.body.api_key, keyId: "" };
  } else if (claimed.code === "KEYS_ALREADY_CLAIMED") {
    // The first claim's answer was lost with its keys: the operator issues another.
    const issued = await definitely(run, "POST", "/admin/keys", {
      admin: true,
      body: { owner: wallet.address },
    });
    expectStatus(issued, 201, "a key for a claim lost");
    key = { key: issued.body.key, keyId: issued.body.id };
  } else {
    throw new FuzzFailure(`an approved application's claim: ${describeAnswer(claimed)}`);
  }
  const again = await claim();
  if (!inDoubt(again) && again.code !== "KEYS_ALREADY_CLAIMED") {
    throw new FuzzFailure(`a second claim: ${describeAnswer(again)}`);
  }
  const questId =
    claimed.status === 201
      ? (claimed.body.quest_id as number)
      : await liveQuestOf(run, wallet.address);
  if (!key.keyId) key.keyId = await keyIdOf(run, wallet.address, key.key);
  model.owners.push(await withEndpoint(run, { pass: wallet.address, ...key }));
  model.quests.push({
    id: questId,
    owner: model.owners.length - 1,
    total,
    active: true,
    actionType,
    passPointsMax: null,
    passPayoutsMax: null,
  });
}

/** The live quest an approval made for `owner` (when the claim's answer was lost). */
async function liveQuestOf(run: Run, owner: string): Promise<number> {
  const listed = await definitely(run, "GET", `/admin/quests?owner=${owner}&mode=live`, {
    admin: true,
  });
  const quest = (listed.body.items as { id: number }[])[0];
  if (!quest) throw new FuzzFailure(`no live quest of ${owner} after its approval`);
  return quest.id;
}

/** The id of `owner`'s live key that starts as `key` does (keys are listed by prefix). */
async function keyIdOf(run: Run, owner: string, key: string): Promise<string> {
  const listed = await definitely(run, "GET", `/admin/keys?owner=${owner}`, { admin: true });
  expectStatus(listed, 200, "the owner's keys");
  const keys = listed.body.items as { id: string; prefix: string; mode: string }[];
  const found = keys.find((k) => k.mode === "live" && key.startsWith(k.prefix));
  if (!found) throw new FuzzFailure(`no key of ${owner} starts as its claimed key`);
  return found.id;
}

/**
 * An owner with its webhook endpoint for payouts, posting to a path of the receiver of its own.
 * An attempt whose answer was lost may have made an endpoint whose secret nobody knows: its path
 * is kept apart (`orphanHooks`), and the next attempt gets another.
 */
export async function withEndpoint(
  run: Run,
  owner: { pass: string; key: string; keyId: string },
): Promise<OwnerModel> {
  const deadline = Date.now() + SETTLE_MS_MAX;
  for (let attempt = 0; ; attempt++) {
    const hook = `/hook/${run.model.owners.length}-${attempt}`;
    const endpoint = await send(run, "POST", "/webhooks", {
      apiKey: owner.key,
      body: {
        url: `${run.world.receiver.url}${hook}`,
        events: ["payout.created", "payout.reversed"],
      },
    });
    if (!inDoubt(endpoint)) {
      expectStatus(endpoint, 201, "a webhook endpoint");
      const secret = endpoint.body.secret as string;
      return {
        pass: owner.pass,
        apiKey: owner.key,
        apiKeyId: owner.keyId,
        revokedKeys: [],
        hook,
        secret,
      };
    }
    run.model.orphanHooks.push(hook);
    if (Date.now() > deadline) throw new FuzzFailure("POST /webhooks never answered");
    await sleep(SETTLE_PAUSE_MS);
  }
}

export const OPERATIONS = {
  allocate: { weight: 30, run: (r: Run) => allocate(r) },
  replay: { weight: 8, run: replay },
  reuse: { weight: 3, run: reuse },
  raceKey: { weight: 5, run: raceKey },
  raceDrain: { weight: 4, run: raceDrain },
  batch: { weight: 12, run: batch },
  reverse: { weight: 8, run: reverse },
  editBudget: { weight: 4, run: editBudget },
  editLimit: { weight: 2, run: editLimit },
  suspend: { weight: 3, run: suspend },
  rotateKey: { weight: 1, run: rotateKey },
  switchQuests: { weight: 1, run: switchQuests },
  toggleQuest: { weight: 2, run: toggleQuest },
  toggleActionType: { weight: 1, run: toggleActionType },
  earningPeriod: { weight: 1, run: earningPeriod },
  join: { weight: 2, run: join },
  restore: { weight: 4, run: restore },
  application: { weight: 1, run: application },
} as const;

export type OperationKind = keyof typeof OPERATIONS;
