/**
 * `questpoints chain …`: read-only commands against the chain node, for operators. Results go to
 * stdout (aligned text, or one JSON document per result with --json); progress and errors go to
 * stderr, and an error exits 1.
 */
import type { Command } from "commander";
import {
  BLOCK_TAGS,
  type BlockTag,
  CHAIN_RPC_TIMEOUT_MS_DEFAULT,
  type ChainClient,
  createChainClient,
  nodeLabel,
} from "../chain/client.js";
import { watchHeads } from "../chain/heads.js";
import type { Config } from "../config.js";
import { parsePassAddress } from "../domain/address.js";
import {
  type ChainHead,
  COLLECTION_ID_MAX,
  collectionAddress,
  collectionIdFromAddress,
  describeNetwork,
  formatWei,
  futurePassIndex,
  networkFromChainId,
  parseCollectionId,
} from "../domain/chain.js";
import { blockArgument, nodeTimeoutArgument, urlArgument } from "./arguments.js";

/** Where commands write: stdout and stderr, or a test's buffers. */
export interface ChainIo {
  out(text: string): void;
  err(text: string): void;
}

interface NodeOptions {
  rpc?: string;
  ws?: string;
  json?: boolean;
  timeout?: number;
}

/** `label: value` lines, values aligned. */
function lines(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}\n`).join("");
}

function json(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

function client(options: NodeOptions, config: () => Config): ChainClient {
  const url = options.rpc ?? config().chainRpcUrl;
  if (!url) throw new Error("no chain node: pass --rpc URL or set CHAIN_RPC_URL.");
  return createChainClient({ url, timeoutMs: options.timeout ?? CHAIN_RPC_TIMEOUT_MS_DEFAULT });
}

function hex(value: number): string {
  return `0x${value.toString(16)}`;
}

async function info(options: NodeOptions, config: () => Config, io: ChainIo): Promise<void> {
  const node = client(options, config);
  const [chainId, head] = await Promise.allSettled([node.getChainId(), node.getHead()]);
  if (chainId.status === "rejected") throw chainId.reason;
  const network = networkFromChainId(chainId.value);
  const headValue = head.status === "fulfilled" ? head.value : undefined;
  if (options.json) {
    io.out(
      json({
        node: node.label,
        network: network.name,
        network_kind: network.kind,
        chain_id: network.chainId,
        head: headValue
          ? { number: headValue.number, hash: headValue.hash, parent_hash: headValue.parentHash }
          : null,
      }),
    );
  } else {
    io.out(
      lines([
        ["node", node.label],
        ["network", describeNetwork(network)],
        ["chain id", `${network.chainId} (${hex(network.chainId)})`],
        ...(headValue
          ? ([
              ["head", `#${headValue.number}`],
              ["head hash", headValue.hash],
              ["parent hash", headValue.parentHash],
            ] as [string, string][])
          : ([["head", "unavailable"]] as [string, string][])),
      ]),
    );
  }
  if (head.status === "rejected") throw head.reason;
}

async function balance(
  input: string,
  options: NodeOptions & { block: BlockTag | bigint },
  config: () => Config,
  io: ChainIo,
): Promise<void> {
  const address = parsePassAddress(input);
  if (!address) {
    throw new Error(
      /^0x[0-9a-fA-F]{40}$/.test(input)
        ? `${input} has mixed case but not a valid EIP-55 checksum; check the address.`
        : `${input} is not an address (0x and 40 hex digits).`,
    );
  }
  const node = client(options, config);
  const [chainId, wei] = await Promise.all([
    node.getChainId(),
    node.getBalance(address, options.block),
  ]);
  const network = networkFromChainId(chainId);
  const pass = futurePassIndex(address);
  const block = String(options.block);
  if (options.json) {
    io.out(
      json({
        address,
        futurepass_index: pass === undefined ? null : pass.toString(),
        network: network.name,
        chain_id: chainId,
        block,
        wei: wei.toString(),
        balance: formatWei(wei),
        symbol: network.symbol ?? null,
      }),
    );
    return;
  }
  io.out(
    lines([
      ["address", pass === undefined ? address : `${address} (FuturePass ${pass})`],
      ["network", `${describeNetwork(network)}, chain id ${chainId}`],
      ["block", block],
      ["balance", `${formatWei(wei)}${network.symbol ? ` ${network.symbol}` : ""}`],
      ["wei", wei.toString()],
    ]),
  );
}

function nftAddress(input: string, options: { json?: boolean }, io: ChainIo): void {
  let collectionId: number;
  let address: string;
  if (/^0x[0-9a-fA-F]{40}$/.test(input)) {
    const result = collectionIdFromAddress(input);
    if (!result.ok) throw new Error(result.reason);
    ({ collectionId, address } = result);
  } else {
    const parsed = parseCollectionId(input);
    if (parsed === undefined) {
      throw new Error(
        `${input} is neither a collection id (0 to ${COLLECTION_ID_MAX}, decimal or 0x hex) ` +
          "nor a collection address.",
      );
    }
    collectionId = parsed;
    address = collectionAddress(parsed);
  }
  io.out(
    options.json
      ? json({ collection_id: collectionId, address })
      : lines([
          ["collection", `${collectionId} (${hex(collectionId)})`],
          ["address", address],
        ]),
  );
}

function headLine(head: ChainHead, json: boolean): string {
  const receivedAt = new Date().toISOString();
  return json
    ? `${JSON.stringify({ number: head.number, hash: head.hash, parent_hash: head.parentHash, received_at: receivedAt })}\n`
    : `${receivedAt}  #${head.number}  ${head.hash}\n`;
}

async function watch(options: NodeOptions, config: () => Config, io: ChainIo): Promise<void> {
  const url = options.ws ?? config().chainWsUrl;
  if (!url) throw new Error("no chain node WebSocket: pass --ws URL or set CHAIN_WS_URL.");
  const note = (text: string) => io.err(`${text}\n`);
  const watcher = watchHeads({
    url,
    connectTimeoutMs: options.timeout ?? CHAIN_RPC_TIMEOUT_MS_DEFAULT,
    onHead: (head) => io.out(headLine(head, options.json ?? false)),
    onEvent: (event) => {
      if (event.type === "subscribed") {
        note(
          event.reconnected
            ? `Reconnected to ${nodeLabel(url)}.`
            : `Watching new heads at ${nodeLabel(url)} (Ctrl-C to stop).`,
        );
      } else if (event.type === "lost") {
        note(`Connection lost: ${event.reason}; reconnecting in ${event.retryInMs} ms.`);
      } else {
        note(`Ignored ${event.reason}.`);
      }
    },
  });
  const stop = () => watcher.stop();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await watcher.done;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

/** Adds `chain info|balance|nft-address|watch` to `program`; `config` is read only if needed. */
export function registerChainCommands(program: Command, config: () => Config, io: ChainIo): void {
  const chain = program
    .command("chain")
    .description("read-only probes of the chain node (CHAIN_RPC_URL, CHAIN_WS_URL)");
  const rpcOptions = (command: Command) =>
    command
      .option(
        "--rpc <url>",
        "the node's JSON-RPC URL (default: CHAIN_RPC_URL)",
        urlArgument("--rpc", ["http:", "https:"]),
      )
      .option(
        "--timeout <ms>",
        `per attempt (default: ${CHAIN_RPC_TIMEOUT_MS_DEFAULT})`,
        nodeTimeoutArgument,
      )
      .option("--json", "print JSON");

  rpcOptions(chain.command("info"))
    .description("the node's network, chain id and head (number and hash)")
    .action((options: NodeOptions) => info(options, config, io));

  rpcOptions(chain.command("balance").argument("<address>", "an EVM address (a pass)"))
    .description("an account's balance, exactly: in wei and with 18 decimals")
    .option(
      "--block <tag|number>",
      `${BLOCK_TAGS.join(", ")} or a number`,
      blockArgument,
      "latest" as BlockTag | bigint,
    )
    .action((address: string, options: NodeOptions & { block: BlockTag | bigint }) =>
      balance(address, options, config, io),
    );

  chain
    .command("nft-address")
    .argument("<collection>", "a collection id (2148 or 0x864), or a collection address")
    .description("the ERC-721 address of an NFT collection, or the collection of an address")
    .option("--json", "print JSON")
    .action((input: string, options: { json?: boolean }) => nftAddress(input, options, io));

  chain
    .command("watch")
    .description("print new heads as they arrive (Ctrl-C to stop)")
    .option(
      "--ws <url>",
      "the node's WebSocket URL (default: CHAIN_WS_URL)",
      urlArgument("--ws", ["ws:", "wss:"]),
    )
    .option(
      "--timeout <ms>",
      `to connect and subscribe (default: ${CHAIN_RPC_TIMEOUT_MS_DEFAULT})`,
      nodeTimeoutArgument,
    )
    .option("--json", "print one JSON object per head")
    .action((options: NodeOptions) => watch(options, config, io));
}
