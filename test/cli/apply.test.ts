/**
 * `questpoints apply` (docs/cli.md#applying-for-a-quest): the README's apply lines run as
 * written against a real service, then the rest of a builder's first hour (the approval, the key
 * claim the command prints, a first payout); the key and the fields from their other sources;
 * and what it refuses, locally and from the service.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { APPLY_PATH, APPLY_STATEMENT } from "../../src/domain/sign-in-message.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  runQuestpoints,
  startCliService,
  startStub,
} from "../helpers/cli-process.js";
import { joinAs, newWallet } from "../helpers/wallet.js";

const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;
const PROBLEM_LINE = /^questpoints: ([A-Z_]+): (.+) \(request ([^)]+)\)$/m;

/** The files whose apply lines must run as written. */
const DOCUMENTED = ["README.md", "docs/onboarding.md", "docs/cli.md"] as const;

interface Documented {
  /** The shell line that makes a key file, when the file shows one. */
  keyLine: string | undefined;
  /** The words of `npx questpoints apply …` after `npx questpoints`. */
  words: string[];
}

/** The apply lines of a Markdown file of the repository. */
function documented(file: string): Documented {
  const lines = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8").split("\n");
  const keyLine = lines.find((line) => line.startsWith("(umask 077; openssl rand"));
  const at = lines.findIndex((line) => line.startsWith("npx questpoints apply "));
  assert.ok(at >= 0, `${file} shows the apply command`);
  const parts = [lines[at]!];
  while (parts.at(-1)!.trimEnd().endsWith("\\")) parts.push(lines[at + parts.length]!);
  const command = parts.map((part) => part.trimEnd().replace(/\\$/, "")).join(" ");
  const words = [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3]!,
  );
  assert.deepEqual(words.slice(0, 2), ["npx", "questpoints"], command);
  return { keyLine, words: words.slice(2) };
}

/** What `apply` printed: the id, the owner, the status page, the token, the claim command. */
function printed(result: CliRun) {
  const id = /^Application (\d+) is sent \(pending\)/m.exec(result.stdout)?.[1];
  const owner = /^Owner: +(0x[0-9a-fA-F]{40})$/m.exec(result.stdout)?.[1];
  const page = /^Status page: (\S+)$/m.exec(result.stdout)?.[1];
  const token = /^Token: +(ap_\w+)$/m.exec(result.stdout)?.[1];
  const claim = /^ {2}(curl -s -X POST .*)$/m.exec(result.stdout)?.[1];
  assert.ok(id && owner && page && token && claim, describeRun(result));
  return { id: Number(id), owner, page, token, claim };
}

describe("questpoints apply (CLI over HTTP)", () => {
  let service: CliService;
  let dir: string;
  before(async () => {
    service = await startCliService();
    dir = mkdtempSync(join(tmpdir(), "qp-apply-"));
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const apply = (args: string[], env: Record<string, string> = {}) =>
    runQuestpoints(["apply", "--url", service.baseUrl, ...args], { env });

  /** The application as its applicant reads it. */
  async function application(id: number, token: string) {
    const answer = await fetch(`${service.baseUrl}/applications/${id}`, {
      headers: { "x-application-token": token },
    });
    assert.equal(answer.status, 200, await answer.clone().text());
    return (await answer.json()) as {
      status: string;
      project: string;
      contact: string;
      owner: string;
      message: string | null;
      quest: Record<string, unknown> & { start: string; end: string };
    };
  }

  async function count(table: "applications" | "sign_in_nonces"): Promise<number> {
    const { rows } = await service.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table}`,
    );
    return rows[0]!.n;
  }

  /** A key file of `text` in the test's folder. */
  function keyFile(name: string, text: string): string {
    const path = join(dir, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  }

  it("runs the README's apply lines as written; approved, its keys claimed as it says, a first payout is made", async () => {
    const readme = documented("README.md");
    for (const file of DOCUMENTED.slice(1)) {
      assert.deepEqual(documented(file).words, readme.words, `${file} shows the README's command`);
    }
    assert.ok(readme.keyLine, "the README shows how to make a key file");
    await run("bash", ["-c", readme.keyLine], { cwd: dir });
    const file = join(dir, "owner.key");
    assert.equal(statSync(file).mode & 0o077, 0, "a key file only its owner reads");
    const account = privateKeyToAccount(`0x${readFileSync(file, "utf8").trim()}`);
    // The reader's one substitution: where the service listens (QP_URL, or --url).
    const args = readme.words.map((word) => (word === "owner.key" ? file : word));
    const result = await runQuestpoints(args, { env: { QP_URL: service.baseUrl } });
    assert.equal(result.code, 0, describeRun(result));
    assert.equal(result.stderr, "");
    const sent = printed(result);
    assert.equal(sent.owner, account.address, "the key's address owns it");
    const { publicBaseUrl } = service.ctx.config.signIn;
    assert.equal(sent.page, `${publicBaseUrl}/app/applications/${sent.id}#token=${sent.token}`);
    assert.ok(!result.stdout.includes(readFileSync(file, "utf8").trim()), "the key is not printed");

    const applied = await application(sent.id, sent.token);
    assert.equal(applied.status, "pending");
    assert.equal(applied.owner, account.address);
    assert.equal(applied.project, "Moonwalk");
    assert.equal(applied.contact, "ops@moonwalk.example");
    assert.equal(applied.quest.name, "Daily check-in");
    assert.equal(applied.quest.total_points, 5000);
    assert.equal(applied.quest.expected_points_per_completion, 10);
    const start = Date.parse(applied.quest.start);
    assert.ok(Math.abs(start - Date.now()) < 60_000, "--start is now unless given");
    assert.equal(Date.parse(applied.quest.end) - start, 90 * DAY_MS, "--end 90d after the start");

    // The operator approves (docs/onboarding.md, step 2), granting less than asked.
    const approve = ["applications", "approve", String(sent.id), "--total-points", "4000"];
    const approved = await runQuestpoints(["admin", "--url", service.baseUrl, ...approve], {
      env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    assert.equal(approved.code, 0, describeRun(approved));
    assert.match(approved.stdout, /│ quest +│ "Daily check-in", 4000 points, .*\(granted\)/);

    // The builder claims the keys with the command `apply` printed.
    const claimed = await run("bash", ["-c", sent.claim]);
    const bundle = JSON.parse(claimed.stdout) as {
      quest_id: number;
      test_quest_id: number;
      api_key: string;
      test_api_key: string;
    };
    assert.match(bundle.api_key, /^sk_\w+$/, claimed.stdout);
    assert.match(bundle.test_api_key, /^sk_test_\w+$/);

    // A player joins with their wallet; the test quest pays, then the live one.
    const player = newWallet();
    const joined = await joinAs(service.baseUrl, player);
    assert.equal(joined.statusCode, 201, joined.body);
    for (const [questId, key] of [
      [bundle.test_quest_id, bundle.test_api_key],
      [bundle.quest_id, bundle.api_key],
    ] as const) {
      const paid = await fetch(`${service.baseUrl}/quests/${questId}`, {
        method: "POST",
        headers: {
          "x-api-key": key,
          "content-type": "application/json",
          "idempotency-key": `first-${questId}`,
        },
        body: JSON.stringify({ points: 10, address: player.address }),
      });
      assert.equal(paid.status, 200, await paid.clone().text());
      const { payout } = (await paid.json()) as { payout: { amount: number } };
      assert.equal(payout.amount, 10);
    }
  });

  it("takes the key from QP_OWNER_PRIVATE_KEY and the fields from --from FILE, the flags overriding it", async () => {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key);
    const now = Date.now();
    const fields = join(dir, "application.json");
    writeFileSync(
      fields,
      JSON.stringify({
        project: "From a file",
        contact: "file@example.com",
        quest: {
          name: "File quest",
          description: "Described in the file",
          total_points: 1000,
          expected_points_per_completion: 5,
          start: new Date(now).toISOString(),
          end: new Date(now + 7 * DAY_MS).toISOString(),
          action_type: "check-in",
        },
        message: "Sent by a script",
        proof: { message: "made by the command instead", signature: "0x00" },
      }),
    );
    const result = await apply(["--from", fields, "--total-points", "1500"], {
      // Without 0x, as some wallets export it, and with the file's line break.
      QP_OWNER_PRIVATE_KEY: `${key.slice(2)}\n`,
    });
    assert.equal(result.code, 0, describeRun(result));
    const sent = printed(result);
    const applied = await application(sent.id, sent.token);
    assert.equal(applied.owner, account.address);
    assert.equal(applied.project, "From a file");
    assert.equal(applied.message, "Sent by a script");
    assert.equal(applied.quest.description, "Described in the file");
    assert.equal(applied.quest.action_type, "check-in");
    assert.equal(applied.quest.total_points, 1500, "the flag over the file");
    assert.equal(applied.quest.expected_points_per_completion, 5);
    assert.ok(!result.stdout.includes(key.slice(2)), "the key is not printed");
  });

  it("signs the message the apply page builds: its statement, and /app/apply under the service", async () => {
    // The service keeps no message; a stub before it reads what is sent.
    const key = keyFile("stub-owner.key", generatePrivateKey());
    let proof: { message: string } | undefined;
    const stub = await startStub(async (request, body, response) => {
      if (request.url === "/applications") {
        proof = (JSON.parse(body.toString("utf8")) as { proof: { message: string } }).proof;
      }
      const type = request.headers["content-type"];
      const answer = await fetch(`${service.baseUrl}${request.url}`, {
        method: request.method ?? "GET",
        headers: type ? { "content-type": type } : {},
        ...(body.length > 0 ? { body: body.toString("utf8") } : {}),
      });
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type")! });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    try {
      const result = await runQuestpoints(
        ["apply", "--url", stub.baseUrl, "--key-file", key].concat(
          ["--project", "P", "--contact", "c", "--quest-name", "Q"],
          ["--total-points", "10", "--expected-points", "1", "--end", "12h"],
        ),
      );
      assert.equal(result.code, 0, describeRun(result));
    } finally {
      await stub.close();
    }
    const { publicBaseUrl } = service.ctx.config.signIn;
    // The page spells them itself (web/pages/owner/apply.tsx): they must not drift apart.
    const page = readFileSync(new URL("../../web/pages/owner/apply.tsx", import.meta.url), "utf8");
    assert.ok(page.includes(`const STATEMENT = ${JSON.stringify(APPLY_STATEMENT)};`), "statement");
    assert.ok(page.includes(`useWalletProof(STATEMENT, ${JSON.stringify(APPLY_PATH)})`), "path");
    assert.ok(proof, "the application was sent with its proof");
    const lines = proof.message.split("\n");
    assert.equal(lines[3], APPLY_STATEMENT);
    assert.ok(lines.includes(`URI: ${publicBaseUrl}${APPLY_PATH}`), proof.message);
    assert.match(proof.message, /^Expiration Time: /m, "it expires with its nonce");
  });

  it("refuses without a key, with a malformed one, with a key where its file goes, and with another owner, sending nothing", async () => {
    const fields = [
      "--project",
      "Refused",
      "--contact",
      "r@example.com",
      "--quest-name",
      "Refused quest",
      "--total-points",
      "10",
      "--expected-points",
      "1",
      "--end",
      "30d",
    ];
    const secret = generatePrivateKey();
    const counted = async () => ({
      applications: await count("applications"),
      nonces: await count("sign_in_nonces"),
    });
    const asFirst = await counted();
    const cases: [string, string[], Record<string, string>, RegExp][] = [
      ["no key", fields, {}, /no owner key: .*--key-file FILE.*QP_OWNER_PRIVATE_KEY/],
      [
        "a malformed key in the variable",
        fields,
        { QP_OWNER_PRIVATE_KEY: `${secret.slice(0, 40)}zz` },
        /the owner's private key \(QP_OWNER_PRIVATE_KEY\) is not a private key: it must be 64 hexadecimal digits/,
      ],
      [
        "a malformed key file",
        ["--key-file", keyFile("short.key", secret.slice(0, 30)), ...fields],
        {},
        /the owner's private key \(--key-file .*short\.key\) is not a private key/,
      ],
      [
        "a key beyond the curve's order",
        ["--key-file", keyFile("zero.key", `0x${"0".repeat(64)}`), ...fields],
        {},
        /is not a private key/,
      ],
      [
        "a key file that is not there",
        ["--key-file", join(dir, "missing.key"), ...fields],
        {},
        /--key-file .*missing\.key: cannot read the owner's key file \(ENOENT\)/,
      ],
      [
        "the key where its file's path goes",
        ["--key-file", secret, ...fields],
        {},
        /--key-file takes the path of a file that holds the key, not the key itself/,
      ],
      [
        "the key as an argument",
        ["--private-key", secret, ...fields],
        {},
        /unknown option '--private-key'/,
      ],
      [
        "an owner that is not the key's",
        ["--owner", "0x1111111111111111111111111111111111111111", ...fields],
        { QP_OWNER_PRIVATE_KEY: secret },
        /the owner 0x1111111111111111111111111111111111111111 is not the key's address 0x/,
      ],
      [
        "a field missing",
        fields.slice(2),
        { QP_OWNER_PRIVATE_KEY: secret },
        /the application lacks --project \(project\): give it as flags or in --from FILE/,
      ],
    ];
    for (const [what, args, env, said] of cases) {
      const result = await apply(args, env);
      assert.equal(result.code, 1, `${what}: ${describeRun(result)}`);
      assert.match(result.stderr, said, what);
      assert.equal(result.stdout, "", what);
      const shown = `${result.stdout}${result.stderr}`;
      assert.ok(!shown.includes(secret.slice(2, 42)), `${what}: the key is never shown`);
    }
    assert.deepEqual(await counted(), asFirst, "nothing was asked of the service");
  });

  it("prints the service's problem when it refuses the application, and exits 1", async () => {
    const key = keyFile("refused-owner.key", generatePrivateKey());
    const base = ["--key-file", key, "--project", "P", "--contact", "c", "--quest-name", "Q"];
    const over = await apply([
      ...base,
      "--total-points",
      "10",
      "--expected-points",
      "1",
      "--start",
      "2020-01-01T00:00:00Z",
      "--end",
      "2020-02-01T00:00:00Z",
    ]);
    assert.equal(over.code, 1, describeRun(over));
    assert.equal(PROBLEM_LINE.exec(over.stderr)?.[1], "BAD_REQUEST", over.stderr);
    assert.match(over.stderr, /^ {2}quest\.end: must be in the future$/m, "each field named");
    assert.equal(over.stdout, "");

    // A FuturePass the key does not hold: the service refuses the proof, and says why.
    const futurePass = "0xFFFFFFFF00000000000000000000000000000999";
    const other = await apply([
      ...base,
      "--owner",
      futurePass,
      "--total-points",
      "10",
      "--expected-points",
      "1",
      "--end",
      "1d",
    ]);
    assert.equal(other.code, 1, describeRun(other));
    const problem = PROBLEM_LINE.exec(other.stderr);
    assert.ok(problem, other.stderr);
    assert.match(problem[2]!, new RegExp(`not for the owner ${futurePass}`, "i"));
    assert.equal(other.stdout, "");
  });
});
