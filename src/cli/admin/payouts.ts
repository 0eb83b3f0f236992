/** `admin payouts export|reverse`: every quest's payouts, streamed out; a payout put back. */

import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Command } from "commander";
import {
  type QueryValue,
  REQUEST_TIMEOUT_MS_DEFAULT,
  streamGet,
  unwrap,
} from "../../client/index.js";
import { oneOf } from "../arguments.js";
import { show } from "../output.js";
import type { Act, AdminGroup, Context } from "./context.js";
import { addFilters, filterQuery, PAYOUT_FILTERS } from "./lists.js";

const EXPORT_FORMATS = ["csv", "ndjson"] as const;

/** Why a transfer stopped, in a few words: the idle deadline, or the connection's error. */
function cutShortReason(error: unknown, ctx: Context): string {
  const timeoutMs = ctx.client.timeoutMs ?? REQUEST_TIMEOUT_MS_DEFAULT;
  const name = (error as { name?: string } | undefined)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `no data for ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Copies the export to stdout as it arrives, in constant memory; a cut-short transfer throws. */
async function exportPayouts(ctx: Context, query: Record<string, QueryValue>): Promise<void> {
  const { body } = await streamGet(ctx.client, "/admin/payouts", query);
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      counted,
      ctx.io.stdout,
      {
        end: false,
      },
    );
  } catch (error) {
    // A reader that stops early (`| head`) is not an error of the export.
    if ((error as NodeJS.ErrnoException).code === "EPIPE") return;
    // The answer had begun: the service was reached, and what was printed is a part.
    throw new Error(
      `export cut short after ${bytes} bytes; the output is incomplete (${cutShortReason(error, ctx)})`,
    );
  }
}

function exportCommand(group: Command, act: Act): void {
  addFilters(group.command("export"), PAYOUT_FILTERS)
    .description("stream every matching payout to stdout, in constant memory")
    .option(
      "--format <format>",
      "csv (default) or ndjson",
      oneOf("--format", EXPORT_FORMATS),
      "csv",
    )
    .action(
      act(async (ctx, options: Record<string, unknown> & { format: string }) => {
        const query = { ...filterQuery(PAYOUT_FILTERS, options), format: options.format };
        await exportPayouts(ctx, query);
      }),
    );
}

function reverseCommand(group: Command, act: Act): void {
  group
    .command("reverse")
    .argument("<id>", "the payout's id")
    .description("put a payout's amount back into its quest's budget (once; audited)")
    .requiredOption("--reason <text>", "why (1..500 characters)")
    .action(
      act(async (ctx, id: string, options: { reason: string }) => {
        const result = await ctx.api.POST("/admin/payouts/{payoutId}/reversal", {
          params: { path: { payoutId: id } },
          body: { reason: options.reason },
        });
        show(ctx, unwrap(result).reversal);
      }),
    );
}

export const PAYOUTS: AdminGroup = {
  name: "payouts",
  description: "payouts of every quest",
  commands: [exportCommand, reverseCommand],
};
