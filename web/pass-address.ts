import { getAddress } from "viem";

/** A pass address's shape (the service checks its EIP-55 checksum). */
export const PASS_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * A pass address as the service reads it (docs/http.md#input-rules): all-lower-case and
 * all-upper-case are accepted and converted to the EIP-55 checksum form
 * (https://eips.ethereum.org/EIPS/eip-55); mixed case must already be that checksum, since a
 * wrong one usually means a mistyped address. A message for anything else.
 */
export function parsePassAddress(text: string): { address: `0x${string}` } | { error: string } {
  if (!PASS_ADDRESS.test(text)) {
    return { error: "Enter a pass address: 0x followed by 40 hexadecimal digits (0-9, a-f)." };
  }
  const digits = text.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) {
    return { address: getAddress(`0x${digits.toLowerCase()}`) };
  }
  const address = getAddress(text);
  if (address !== text) {
    return {
      error:
        "This mixed-case address fails its EIP-55 checksum: one of its letters has the wrong case, which usually means a typo. Check it, or type it all in lower case.",
    };
  }
  return { address };
}
