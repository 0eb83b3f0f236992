/** `admin keys create|revoke|revoke-value|rotate`: owners' API keys. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { KEY_SCOPES, type KeyScope } from "../../domain/operators.js";
import {
  GRACE_SECONDS_MAX,
  integerArgument,
  type Mode,
  modeArgument,
  oneOf,
} from "../arguments.js";
import { done, show } from "../output.js";
import type { Act, AdminGroup, AdminIo } from "./context.js";

/** Characters of stdin beyond which it cannot be one key. */
const KEY_TEXT_LENGTH_MAX = 4096;

/** The key to revoke, from stdin (never argv): a pipe's whole text, or one typed line. */
async function readKey(io: AdminIo): Promise<string> {
  if (io.stdin.isTTY) io.stderr.write("Paste the key to revoke, then Enter: ");
  let text = "";
  for await (const chunk of io.stdin) {
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (io.stdin.isTTY && text.includes("\n")) break;
    if (text.length > KEY_TEXT_LENGTH_MAX) throw new Error("stdin holds more than one key.");
  }
  const key = text.trim();
  if (!key)
    throw new Error(
      "no key on stdin: pipe the key in, e.g. `questpoints admin keys revoke-value < key.txt`.",
    );
  if (/\s/.test(key)) throw new Error("stdin holds more than one line: give one key.");
  return key;
}

function createCommand(group: Command, act: Act): void {
  group
    .command("create")
    .argument("<owner>", "the owner's pass (a registered account)")
    .description("issue a key; it is shown only in this answer")
    .option("--mode <mode>", "live (default) or test", modeArgument)
    .option(
      "--scope <scope>",
      "full (default) or read: a read key is refused (403) on every POST, PATCH and DELETE",
      oneOf("--scope", KEY_SCOPES),
    )
    .action(
      act(async (ctx, owner: string, options: { mode?: Mode; scope?: KeyScope }) => {
        const body = { owner, mode: options.mode, scope: options.scope };
        const result = await ctx.api.POST("/admin/keys", { body });
        show(ctx, unwrap(result), "The key is shown only now: hand it to its owner.");
      }),
    );
}

function revokeCommand(group: Command, act: Act): void {
  group
    .command("revoke")
    .argument("<id>", "the key's id")
    .description("revoke a key by id; it answers 401 from then on")
    .action(
      act(async (ctx, id: string) => {
        unwrap(await ctx.api.DELETE("/admin/keys/{id}", { params: { path: { id } } }));
        done(ctx, `Key ${id} revoked.`, { id, revoked: true });
      }),
    );
}

function revokeValueCommand(group: Command, act: Act): void {
  group
    .command("revoke-value")
    .description("revoke a key given its value, read from stdin (never an argument)")
    .action(
      act(async (ctx) => {
        const key = await readKey(ctx.io);
        show(ctx, unwrap(await ctx.api.POST("/admin/keys/revoke", { body: { key } })));
      }),
    );
}

function rotateCommand(group: Command, act: Act): void {
  group
    .command("rotate")
    .argument("<id>", "the key's id")
    .description(
      "issue a new key of the same account and mode; the old one expires after the grace",
    )
    .option(
      "--grace-seconds <n>",
      "how long the old key keeps working (default 86400)",
      integerArgument("--grace-seconds", 0, GRACE_SECONDS_MAX),
    )
    .action(
      act(async (ctx, id: string, options: { graceSeconds?: number }) => {
        const body = { grace_seconds: options.graceSeconds };
        const answer = unwrap(
          await ctx.api.POST("/admin/keys/{id}/rotate", { params: { path: { id } }, body }),
        );
        show(ctx, answer, "The new key is shown only now: hand it to its owner.");
      }),
    );
}

export const KEYS: AdminGroup = {
  name: "keys",
  description: "owners' API keys",
  commands: [createCommand, revokeCommand, revokeValueCommand, rotateCommand],
};
