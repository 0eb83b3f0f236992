/**
 * Pure rules of the chain node interface (docs/chain.md): the network named by
 * a chain id, exact wei amounts, the ERC-721 collection address layout, FuturePass addresses and
 * Substrate block headers. No I/O here; src/chain/ asks the node, this file reads the answers.
 */
import { blake2b } from "@noble/hashes/blake2";
import { getAddress } from "viem";
import { parsePassAddress } from "./address.js";

export type Hex = `0x${string}`;

// ---------------------------------------------------------------------------------------------
// Networks

export type NetworkKind = "main" | "test" | "unknown";

export interface Network {
  /** "root", "porcini", or "unknown": never guessed from anything but the chain id. */
  name: "root" | "porcini" | "unknown";
  kind: NetworkKind;
  chainId: number;
  /** The native currency's symbol on a known network (18 decimals on the EVM side). */
  symbol: string | undefined;
}

/**
 * 7668 (0x1df4) is the main network, 7672 (0x1df8) the test network, both with XRP as the native
 * currency. These equal viem's `root` and `rootPorcini` chain definitions (a test checks it);
 * they are copied because importing `viem/chains` loads every chain viem knows, which costs a CLI
 * command about a second.
 */
export const MAIN_CHAIN_ID = 7668;
export const TEST_CHAIN_ID = 7672;
export const NATIVE_SYMBOL = "XRP";

export function networkFromChainId(chainId: number): Network {
  if (chainId === MAIN_CHAIN_ID) {
    return { name: "root", kind: "main", chainId, symbol: NATIVE_SYMBOL };
  }
  if (chainId === TEST_CHAIN_ID) {
    return { name: "porcini", kind: "test", chainId, symbol: NATIVE_SYMBOL };
  }
  return { name: "unknown", kind: "unknown", chainId, symbol: undefined };
}

/** "root (main network)", "porcini (test network)", "unknown network". */
export function describeNetwork(network: Network): string {
  return network.kind === "unknown"
    ? "unknown network"
    : `${network.name} (${network.kind} network)`;
}

// ---------------------------------------------------------------------------------------------
// Quantities and wei

/** The native currency's decimals on the EVM side (docs/chain.md). */
export const NATIVE_DECIMALS = 18;
/** A JSON-RPC quantity is at most 256 bits: "0x" and 64 hex digits. */
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * Reads a JSON-RPC hex quantity ("0x1df8") as a bigint; undefined for anything else. Leading zeros
 * are tolerated (the value is unambiguous), an empty "0x", decimals and numbers are not.
 */
export function parseQuantity(value: unknown): bigint | undefined {
  return typeof value === "string" && QUANTITY.test(value) ? BigInt(value) : undefined;
}

/** Wei as a decimal string with all 18 places: 1500000000000000000n → "1.500000000000000000". */
export function formatWei(wei: bigint, decimals = NATIVE_DECIMALS): string {
  const sign = wei < 0n ? "-" : "";
  const magnitude = wei < 0n ? -wei : wei;
  const unit = 10n ** BigInt(decimals);
  const whole = magnitude / unit;
  const fraction = (magnitude % unit).toString().padStart(decimals, "0");
  return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

// ---------------------------------------------------------------------------------------------
// ERC-721 collection addresses

/** Collection ids fill 8 hex digits of the address, so they are below 2^32. */
export const COLLECTION_ID_MAX = 0xffff_ffff;
const COLLECTION_PREFIX = "aaaaaaaa";
const COLLECTION_SUFFIX = "0".repeat(24);

/**
 * The ERC-721 contract address of collection `collectionId`: `0xAAAAAAAA`, the id as 8 hex digits,
 * 24 zero digits, in EIP-55 checksum form (https://eips.ethereum.org/EIPS/eip-55).
 * 2148 → 0xAAaaAAaa00000864000000000000000000000000.
 */
export function collectionAddress(collectionId: number): Hex {
  if (!Number.isInteger(collectionId) || collectionId < 0 || collectionId > COLLECTION_ID_MAX) {
    throw new RangeError(`A collection id is an integer from 0 to ${COLLECTION_ID_MAX}.`);
  }
  const id = collectionId.toString(16).padStart(8, "0");
  return getAddress(`0x${COLLECTION_PREFIX}${id}${COLLECTION_SUFFIX}`);
}

export type CollectionIdResult =
  | { ok: true; collectionId: number; address: Hex }
  | { ok: false; reason: string };

/** The reverse of collectionAddress; any address not in that layout is refused with a reason. */
export function collectionIdFromAddress(input: string): CollectionIdResult {
  const address = parsePassAddress(input);
  if (!address) {
    return /^0x[0-9a-fA-F]{40}$/.test(input)
      ? { ok: false, reason: `${input} has mixed case but not a valid EIP-55 checksum.` }
      : { ok: false, reason: `${input} is not an address (0x and 40 hex digits).` };
  }
  const digits = address.slice(2).toLowerCase();
  if (!digits.startsWith(COLLECTION_PREFIX) || !digits.endsWith(COLLECTION_SUFFIX)) {
    return {
      ok: false,
      reason: `${address} is not a collection address: those are 0xAAAAAAAA, 8 hex digits of the collection id, then 24 zeros.`,
    };
  }
  return { ok: true, collectionId: Number.parseInt(digits.slice(8, 16), 16), address };
}

/** A collection id as typed by a person: decimal ("2148") or hex ("0x864"); else undefined. */
export function parseCollectionId(text: string): number | undefined {
  const value = /^(0|[1-9]\d{0,9})$/.test(text)
    ? Number(text)
    : /^0x[0-9a-fA-F]{1,8}$/.test(text)
      ? Number.parseInt(text.slice(2), 16)
      : undefined;
  return value !== undefined && value <= COLLECTION_ID_MAX ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// FuturePass addresses

const FUTUREPASS_PREFIX = "ffffffff";

/** The FuturePass index of `address` (0xFFFFFFFF + a 16-byte index), or undefined if not one. */
export function futurePassIndex(address: string): bigint | undefined {
  const digits = address.slice(2).toLowerCase();
  return /^0x[0-9a-fA-F]{40}$/.test(address) && digits.startsWith(FUTUREPASS_PREFIX)
    ? BigInt(`0x${digits.slice(8)}`)
    : undefined;
}

// ---------------------------------------------------------------------------------------------
// Substrate headers

/** A block header as `chain_getHeader` and `chain_subscribeNewHeads` give it. */
export interface SubstrateHeader {
  parentHash: Hex;
  number: Hex;
  stateRoot: Hex;
  extrinsicsRoot: Hex;
  digest: { logs: Hex[] };
}

/** What the service shows of a head. */
export interface ChainHead {
  number: number;
  hash: Hex;
  parentHash: Hex;
}

/** Block numbers on this chain are u32. */
export const BLOCK_NUMBER_MAX = 0xffff_ffff;
/** More digest items than this is not a header we recognise. */
const DIGEST_LOGS_MAX = 256;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const BYTES = /^0x([0-9a-fA-F]{2})*$/;

export type HeaderResult = { ok: true; head: ChainHead } | { ok: false; reason: string };

/** Checks a header answer field by field and derives its hash; the reason names the bad field. */
export function parseHeader(value: unknown): HeaderResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, reason: `the header is ${value === null ? "null" : typeof value}` };
  }
  const header = value as Record<string, unknown>;
  for (const field of ["parentHash", "stateRoot", "extrinsicsRoot"]) {
    if (typeof header[field] !== "string" || !HASH.test(header[field])) {
      return { ok: false, reason: `header.${field} is not a 32-byte hex hash` };
    }
  }
  const number = parseQuantity(header.number);
  if (number === undefined || number > BigInt(BLOCK_NUMBER_MAX)) {
    return { ok: false, reason: "header.number is not a hex block number" };
  }
  const digest = header.digest as { logs?: unknown } | undefined;
  const logs = digest?.logs;
  if (
    !Array.isArray(logs) ||
    logs.length > DIGEST_LOGS_MAX ||
    !logs.every((log) => typeof log === "string" && BYTES.test(log))
  ) {
    return { ok: false, reason: "header.digest.logs is not a list of hex-encoded digest items" };
  }
  const parsed = header as unknown as SubstrateHeader;
  return {
    ok: true,
    head: {
      number: Number(number),
      hash: headerHash(parsed),
      parentHash: parsed.parentHash.toLowerCase() as Hex,
    },
  };
}

/**
 * The block hash: BLAKE2b-256 of the SCALE-encoded header (parent hash, compact number, state
 * root, extrinsics root, digest as a compact-length vector of already-encoded items), as
 * Substrate's `BlakeTwo256` header hashing does.
 * https://docs.polkadot.com/polkadot-protocol/parachain-basics/data-encoding/
 */
export function headerHash(header: SubstrateHeader): Hex {
  const bytes = Buffer.concat([
    hexBytes(header.parentHash),
    compactEncode(BigInt(header.number)),
    hexBytes(header.stateRoot),
    hexBytes(header.extrinsicsRoot),
    compactEncode(BigInt(header.digest.logs.length)),
    ...header.digest.logs.map(hexBytes),
  ]);
  return `0x${Buffer.from(blake2b(bytes, { dkLen: 32 })).toString("hex")}`;
}

function hexBytes(hex: string): Buffer {
  return Buffer.from(hex.slice(2), "hex");
}

/** SCALE compact encoding of a non-negative integer (single-, two-, four-byte or big-integer mode). */
export function compactEncode(value: bigint): Buffer {
  if (value < 0n) throw new RangeError("compact encoding takes non-negative integers");
  if (value < 1n << 6n) return Buffer.from([Number(value << 2n)]);
  if (value < 1n << 14n) {
    const out = Buffer.alloc(2);
    out.writeUInt16LE(Number((value << 2n) | 1n));
    return out;
  }
  if (value < 1n << 30n) {
    const out = Buffer.alloc(4);
    out.writeUInt32LE(Number((value << 2n) | 2n));
    return out;
  }
  const bytes: number[] = [];
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.push(Number(rest & 0xffn));
  if (bytes.length > 67) throw new RangeError("compact encoding takes at most 536 bits");
  return Buffer.from([((bytes.length - 4) << 2) | 3, ...bytes]);
}
