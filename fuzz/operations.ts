/**
 * The fuzzer's operations and faults. Each sends real requests to the service processes (one
 * picked at random per request), checks every answer against the model, and updates the model;
 * an answer in doubt (none, or a 5xx) is settled before the next step: a keyed allocation or a
 * reversal is sent again until it answers, and payouts nobody heard of are read back and matched
 * to the allocations in doubt. No check is skipped for want of knowing: after `settle` the model
 * is exact again.
 */
import { type Answer, type CallOptions, call, describeAnswer, inDoubt } from "./http.js";
import { type Decision, FuzzFailure, type Model } from "./model.js";
import type { Random } from "./random.js";
import type { World } from "./world.js";

export interface Run {
  world: World;
  model: Model;
  random: Random;
  /** One line per request and answer: the tail is printed with a failure. */
  log(line: string): void;
  count(kind: string): void;
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
  run.log(
    `${method} ${path}${options.idempotencyKey ? ` [${options.idempotencyKey}]` : ""} ${JSON.stringify(options.body ?? "")} -> ${describeAnswer(answer)}`,
  );
  return answer;
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
  if (keyed?.payoutId)
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
    apiKey: run.model.apiKey,
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
    apiKey: run.model.apiKey,
    body: { points: keyed.points + 1, address: keyed.pass },
    idempotencyKey: keyed.key,
  });
  if (inDoubt(answer)) return;
  if (answer.code !== "IDEMPOTENCY_KEY_REUSED") {
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
  let fit = 0;
  let remaining = model.remaining(quest.id);
  let held = model.passPoints(quest.id, address);
  while (
    fit < 8 &&
    remaining >= points &&
    (quest.passPointsMax === null || held + points <= quest.passPointsMax)
  ) {
    fit++;
    remaining -= points;
    held += points;
  }
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
    } else if (answer.code !== "INSUFFICIENT_POINTS" && answer.code !== "PASS_LIMIT_REACHED") {
      throw new FuzzFailure(
        `8 raced allocations of ${points}: one answered ${describeAnswer(answer)}`,
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
    apiKey: model.apiKey,
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
      apiKey: run.model.apiKey,
      body: REVERSAL_REASON,
    },
  );
  // A retry after a doubt may find the first attempt's reversal: 409 then too.
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

async function editLimit(run: Run) {
  const quest = run.random.pick(run.model.quests);
  const max = run.random.chance(0.4) ? null : run.random.int(50, 600);
  const answer = await definitely(run, "PATCH", `/admin/quests/${quest.id}`, {
    admin: true,
    body: { pass_points_max: max },
  });
  expectStatus(answer, 200, `pass_points_max ${max}`);
  quest.passPointsMax = max;
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

/** A new key, the old one revoked: every process refuses the old one at once. */
async function rotateKey(run: Run) {
  const { model } = run;
  const issued = await definitely(run, "POST", "/admin/keys", {
    admin: true,
    body: { owner: model.ownerPass },
  });
  expectStatus(issued, 201, "a new key");
  const revoked = await definitely(run, "DELETE", `/admin/keys/${model.apiKeyId}`, { admin: true });
  if (revoked.status !== 200 && revoked.status !== 204)
    expectStatus(revoked, 200, "revoking the key");
  model.revokedKeys.push(model.apiKey);
  model.apiKey = issued.body.key;
  model.apiKeyId = issued.body.id;
  const old = model.revokedKeys.at(-1)!;
  for (const url of run.world.urls) {
    const quest = model.quests[0]!;
    const answer = await call(url, "POST", `/quests/${quest.id}`, {
      apiKey: old,
      body: { points: 1, address: model.passes[0]!.address },
    });
    run.log(`POST /quests/${quest.id} with the revoked key at ${url} -> ${describeAnswer(answer)}`);
    if (answer.status === 200) {
      model.recordPayout({
        id: answer.body.payout.id,
        questId: quest.id,
        pass: model.passes[0]!.address,
        amount: 1,
        reversed: false,
      });
      throw new FuzzFailure(`a revoked key paid on ${url}`);
    }
    if (!inDoubt(answer) && answer.code !== "INVALID_API_KEY") {
      throw new FuzzFailure(`a revoked key at ${url}: ${describeAnswer(answer)}`);
    }
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
} as const;

export type OperationKind = keyof typeof OPERATIONS;
