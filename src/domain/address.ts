import { getAddress, isAddress } from "viem";

/** The shape of an address (0x + 40 hex digits, any case): the one place it is written. */
export const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ALL_LOWER = /^0x[0-9a-f]{40}$/;
const ALL_UPPER = /^0x[0-9A-F]{40}$/;

/**
 * Parses a pass address into EIP-55 checksum form (https://eips.ethereum.org/EIPS/eip-55).
 * All-lower and all-upper case carry no checksum and are accepted; mixed case must already be
 * a valid checksum, because a wrong one usually means a mistyped address.
 * Returns undefined for anything else.
 */
export function parsePassAddress(input: string): `0x${string}` | undefined {
  if (!HEX_ADDRESS.test(input)) return undefined;
  if (ALL_LOWER.test(input) || ALL_UPPER.test(input)) {
    return getAddress(`0x${input.slice(2).toLowerCase()}`);
  }
  return isAddress(input, { strict: true }) ? getAddress(input) : undefined;
}

/**
 * The checksummed form of an address a schema's `pass-address` format already accepted (so every
 * bad address is named with the other bad fields, before any handler runs): a bad one here is a
 * bug, not the client's error.
 */
export function checksummed(raw: string): string {
  const address = parsePassAddress(raw);
  if (!address) throw new Error("invariant: the schema let an invalid address through");
  return address;
}
