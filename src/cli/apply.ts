/**
 * `questpoints apply`: a quest application (`POST /applications`, docs/onboarding.md) signed with
 * the owner's key, as the application form (/app/apply) has the wallet sign it: a fresh nonce
 * (`POST /passes/nonces`), the EIP-4361 message the form builds (src/domain/sign-in-message.ts),
 * signed with viem, sent as the application's `proof`. It prints the application's id, its
 * status page with the token, and how to claim the keys once approved.
 *
 * The owner's private key comes from a file (--key-file) or QP_OWNER_PRIVATE_KEY, never from an
 * argument (it would show in `ps` and the shell's history), and is never printed. The fields come
 * from flags, or from a JSON file in the API's shape (--from FILE), the flags overriding it.
 */
import { readFileSync } from "node:fs";
import { type Command, InvalidArgumentError } from "commander";
import { privateKeyToAccount } from "viem/accounts";
import {
  createQuestpointsClient,
  type paths,
  REQUEST_TIMEOUT_MS_DEFAULT,
  unwrap,
} from "../client/index.js";
import { parsePassAddress } from "../domain/address.js";
import { futurePassIndex } from "../domain/chain.js";
import { POINTS_MAX } from "../domain/limits.js";
import {
  APPLY_PATH,
  APPLY_STATEMENT,
  issuedAtFor,
  serviceAddressOf,
  signInMessage,
} from "../domain/sign-in-message.js";
import {
  baseUrlArgument,
  idArgument,
  integerArgument,
  QP_URL_DEFAULT,
  serviceUrl,
  timeoutArgument,
} from "./arguments.js";
import type { CommandIo } from "./io.js";
import { withFieldErrors, withUrlHint } from "./output.js";

/** The environment variable that may hold the owner's private key. */
export const OWNER_KEY_VARIABLE = "QP_OWNER_PRIVATE_KEY";

type ApplicationBody = paths["/applications"]["post"]["requestBody"]["content"]["application/json"];
/** The application as the command assembles it: the body but its proof, the owner optional. */
type Fields = Omit<ApplicationBody, "proof" | "owner" | "quest"> & {
  owner?: string;
  quest: Partial<ApplicationBody["quest"]>;
};

interface ApplyOptions {
  keyFile?: string;
  from?: string;
  project?: string;
  contact?: string;
  owner?: string;
  questName?: string;
  description?: string;
  totalPoints?: number;
  expectedPoints?: number;
  start?: string;
  end?: string;
  actionType?: string;
  campaign?: number;
  message?: string;
  url?: string;
  timeout?: number;
}

const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const HOUR_MS = 3_600_000;

/**
 * The owner's account, from --key-file or QP_OWNER_PRIVATE_KEY (the file first): 64 hex digits,
 * with or without 0x, surrounding white space ignored. No message ever shows the key.
 */
function ownerAccount(options: ApplyOptions, env: NodeJS.ProcessEnv) {
  let text: string;
  let from: string;
  if (options.keyFile !== undefined) {
    // A key typed where its file's path goes would otherwise be echoed in "cannot read …".
    if (PRIVATE_KEY.test(options.keyFile.trim())) {
      throw new Error(
        `--key-file takes the path of a file that holds the key, not the key itself: put it in a file, or in ${OWNER_KEY_VARIABLE}. A key typed on the command line shows in ps and the shell's history: if it is a real one, treat it as leaked.`,
      );
    }
    from = `--key-file ${options.keyFile}`;
    try {
      text = readFileSync(options.keyFile, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new Error(`${from}: cannot read the owner's key file (${code}).`);
    }
  } else if (env[OWNER_KEY_VARIABLE]) {
    from = OWNER_KEY_VARIABLE;
    text = env[OWNER_KEY_VARIABLE];
  } else {
    throw new Error(
      `no owner key: the application is signed with the owner's private key, read from a file (--key-file FILE) or from ${OWNER_KEY_VARIABLE}. The key is never taken as an argument.`,
    );
  }
  const key = text.trim();
  const malformed = new Error(
    `the owner's private key (${from}) is not a private key: it must be 64 hexadecimal digits, with or without 0x, as a wallet exports it.`,
  );
  if (!PRIVATE_KEY.test(key)) throw malformed;
  try {
    return privateKeyToAccount(`0x${key.replace(/^0x/, "")}`);
  } catch {
    throw malformed; // 0, or not below the curve's order: no key at all.
  }
}

/** The fields of --from FILE: an object in the API's shape (its `proof` is replaced). */
function fieldsOfFile(file: string): Partial<Fields> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`--from ${file}: cannot read it as JSON (${why}).`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`--from ${file}: must hold one JSON object, the application's fields.`);
  }
  const { proof: _replaced, ...fields } = parsed as Record<string, unknown>;
  const quest = fields.quest;
  if (quest !== undefined && (typeof quest !== "object" || quest === null)) {
    throw new Error(`--from ${file}: "quest" must be an object.`);
  }
  return fields as Partial<Fields>;
}

/** Drops the undefined values, so that they do not override the file's. */
function defined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The file's fields with the flags' on top; the start is now unless one is given. */
function assemble(options: ApplyOptions, now: Date): Fields {
  const file = options.from === undefined ? {} : fieldsOfFile(options.from);
  const start = startOf(options.start, now) ?? file.quest?.start ?? now.toISOString();
  const quest = {
    ...file.quest,
    ...defined({
      name: options.questName,
      description: options.description,
      total_points: options.totalPoints,
      expected_points_per_completion: options.expectedPoints,
      start,
      action_type: options.actionType,
    }),
  };
  const end = endOf(options.end, quest.start ?? start);
  if (end !== undefined) quest.end = end;
  const top = defined({
    project: options.project,
    contact: options.contact,
    owner: options.owner,
    campaign_id: options.campaign,
    message: options.message,
  });
  const fields = { ...file, ...top, quest } as Fields;
  const missing = [
    ["project", "--project", fields.project],
    ["contact", "--contact", fields.contact],
    ["quest.name", "--quest-name", quest.name],
    ["quest.total_points", "--total-points", quest.total_points],
    [
      "quest.expected_points_per_completion",
      "--expected-points",
      quest.expected_points_per_completion,
    ],
    ["quest.end", "--end", quest.end],
  ].filter(([, , value]) => value === undefined || value === "");
  if (missing.length > 0) {
    const named = missing.map(([field, flag]) => `${flag} (${field})`).join(", ");
    throw new Error(
      `the application lacks ${named}: give ${missing.length === 1 ? "it" : "them"} as flags or in --from FILE.`,
    );
  }
  return fields;
}

/** --start: `now` or a time; undefined when not given. */
function startOf(value: string | undefined, now: Date): string | undefined {
  if (value === undefined) return undefined;
  return value === "now" ? now.toISOString() : value;
}

/** --end: a time, or a length after the start (`90d`, `12h`). */
function endOf(value: string | undefined, start: string): string | undefined {
  if (value === undefined) return undefined;
  const length = /^(\d{1,5})([dh])$/.exec(value);
  if (!length) return value;
  const from = Date.parse(start);
  if (Number.isNaN(from)) {
    throw new Error(`--end ${value} counts from the start, which is not a time: ${start}.`);
  }
  const ms = Number(length[1]) * HOUR_MS * (length[2] === "d" ? 24 : 1);
  return new Date(from + ms).toISOString();
}

/**
 * The owner: the key's address, or the address given when it is that or a FuturePass (the
 * service checks that the FuturePass is the key's), as the application form allows.
 */
function ownerOf(given: string | undefined, signer: `0x${string}`): `0x${string}` {
  if (given === undefined || given === "") return signer;
  const owner = parsePassAddress(given);
  if (!owner) {
    throw new Error(
      `--owner ${given} is not a pass address: 0x and 40 hexadecimal digits, all lower-case, all upper-case, or mixed case with a valid EIP-55 checksum.`,
    );
  }
  if (owner !== signer && futurePassIndex(owner) === undefined) {
    throw new Error(
      `the owner ${owner} is not the key's address ${signer}: the owner proof must be signed with the owner's key (or, for a FuturePass, its holder's). Leave --owner out to apply as ${signer}.`,
    );
  }
  return owner;
}

async function apply(options: ApplyOptions, io: CommandIo): Promise<void> {
  const account = ownerAccount(options, io.env);
  const fields = assemble(options, new Date());
  const owner = ownerOf(fields.owner, account.address);
  const baseUrl = serviceUrl(options.url, io.env);
  const api = createQuestpointsClient({
    baseUrl,
    timeoutMs: options.timeout ?? REQUEST_TIMEOUT_MS_DEFAULT,
  });
  const issued = await api.POST("/passes/nonces", { body: undefined as never });
  const nonce = unwrap(issued);
  let message: string;
  try {
    message = signInMessage({
      nonce,
      address: account.address,
      statement: APPLY_STATEMENT,
      path: APPLY_PATH,
      issuedAt: issuedAtFor(issued.response.headers.get("date"), new Date()),
    });
  } catch {
    throw new Error(
      `the service's sign-in settings (domain ${nonce.domain}, uri ${nonce.uri}, chain ${nonce.chain_id}) give no valid EIP-4361 message: tell the service's operator (PUBLIC_BASE_URL, CHAIN_ID).`,
    );
  }
  const signature = await account.signMessage({ message });
  const body = { ...fields, owner, proof: { message, signature } } as ApplicationBody;
  const submitted = unwrap(await api.POST("/applications", { body }));
  const { id, token } = submitted;
  const page = `${serviceAddressOf(nonce)}/app/applications/${id}#token=${encodeURIComponent(token)}`;
  io.stdout.write(
    [
      `Application ${id} is sent (${submitted.status}): the operator reviews it.`,
      `Owner:       ${owner}`,
      `Status page: ${page}`,
      `Token:       ${token}`,
      "",
      "The token is shown only now: keep it. The status page shows the decision, and once the",
      "application is approved it claims the keys (once); or claim them with:",
      `  curl -s -X POST ${baseUrl}/applications/${id}/keys -H 'x-application-token: ${token}'`,
      "",
    ].join("\n"),
  );
}

/** A point count, as the API takes it. */
const pointsArgument = (flag: string) => integerArgument(flag, 0, POINTS_MAX);

/** --end: a time, or a length in days or hours (checked for shape only; the service checks times). */
function endArgument(value: string): string {
  if (value.trim() === "")
    throw new InvalidArgumentError("--end needs a time, or a length such as 90d.");
  return value;
}

const HELP_AFTER = `
The application is signed with the owner's private key, as the form at /app/apply has the wallet
sign it: a fresh nonce (POST /passes/nonces), an EIP-4361 message, the signature as its proof.
The key is read from --key-file FILE, or from ${OWNER_KEY_VARIABLE}; never from an argument. It
is 64 hexadecimal digits, with or without 0x (a wallet's "export private key"); to try it on a
local service, make one: (umask 077; openssl rand -hex 32 > owner.key).

--from FILE reads the fields in the API's shape (docs/api.md, POST /applications), without the
proof: {"project": …, "contact": …, "quest": {"name": …, "total_points": …, …}}, the quest's
url, pass_points_max, pass_payouts_max and pass_window included; the flags given override it. --start is now unless given; --end is a time or a length after the start (90d, 12h).

It prints the application's id, its status page with the token (shown only once: keep it) and
how to claim the keys once an operator has approved it. A refusal prints the service's problem
(questpoints: CODE: detail (request ID)) and each field it names, and exits 1.`;

export function registerApplyCommand(program: Command, io: CommandIo): void {
  program
    .command("apply")
    .description(
      `apply for a quest and its API keys, signed with the owner's key (from --key-file or ${OWNER_KEY_VARIABLE}); prints the status page with the application's token`,
    )
    .option("--key-file <file>", "the file holding the owner's private key")
    .option("--from <file>", "the application's fields as JSON (the API's shape, without proof)")
    .option("--project <name>", "your project or company")
    .option("--contact <text>", "an e-mail address or a handle the operator can reach you at")
    .option("--owner <address>", "the owner pass (default: the key's address, or its FuturePass)")
    .option("--quest-name <name>", "the quest's name")
    .option("--description <text>", "the quest's description (optional)")
    .option("--total-points <n>", "the budget asked for", pointsArgument("--total-points"))
    .option(
      "--expected-points <n>",
      "the expected points per completion",
      pointsArgument("--expected-points"),
    )
    .option("--start <time>", "when the quest starts: an RFC 3339 time, or now (default: now)")
    .option(
      "--end <time>",
      "when it ends: an RFC 3339 time, or a length after the start (90d, 12h)",
      endArgument,
    )
    .option("--action-type <slug>", "the quest's action type (optional)")
    .option(
      "--campaign <id>",
      "a campaign to put the quest in (optional)",
      idArgument("--campaign"),
    )
    .option("--message <text>", "anything the operator should know (optional)")
    .option(
      "--url <base>",
      `the service's address (default: QP_URL or ${QP_URL_DEFAULT})`,
      baseUrlArgument("--url"),
    )
    .option(
      "--timeout <ms>",
      `longest wait for one answer (default: ${REQUEST_TIMEOUT_MS_DEFAULT})`,
      timeoutArgument,
    )
    .addHelpText("after", HELP_AFTER)
    .action(async (options: ApplyOptions) => {
      try {
        await apply(options, io);
      } catch (error) {
        throw withUrlHint(withFieldErrors(error));
      }
    });
}
