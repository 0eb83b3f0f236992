import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { getAddress } from "viem";
import { parsePassAddress } from "../../src/domain/address.js";

// Contract vectors: FuturePass index 1 and the ERC-721 collection addresses.
const PASS_1 = "0xFfFFFFff00000000000000000000000000000001";
const PASS_1_LOWER = "0xffffffff00000000000000000000000000000001";
const COLLECTION_2148 = "0xAAaaAAaa00000864000000000000000000000000";
const COLLECTION_1 = "0xaAAaAaaa00000001000000000000000000000000";

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

/** Flips the case of the letter at `index` (which must be a-f or A-F). */
function flipCase(address: string, index: number): string {
  const c = address[index]!;
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  return address.slice(0, index) + flipped + address.slice(index + 1);
}

describe("parsePassAddress", () => {
  it("converts the all-lower-case FuturePass index 1 to its checksum form", () => {
    assert.equal(parsePassAddress(PASS_1_LOWER), PASS_1);
  });

  it("converts an all-upper-case address (with lower-case 0x) to its checksum form", () => {
    assert.equal(parsePassAddress(`0x${PASS_1_LOWER.slice(2).toUpperCase()}`), PASS_1);
    assert.equal(parsePassAddress(`0x${COLLECTION_2148.slice(2).toUpperCase()}`), COLLECTION_2148);
  });

  it("accepts addresses already in valid checksum form and returns them unchanged", () => {
    for (const address of [PASS_1, COLLECTION_2148, COLLECTION_1]) {
      assert.equal(parsePassAddress(address), address);
    }
  });

  it("accepts an address made only of digits (no letters to check)", () => {
    const digits = "0x0000000000000000000000000000000000001234";
    assert.equal(parsePassAddress(digits), digits);
  });

  it("rejects mixed case with a wrong checksum (likely a mistyped address)", () => {
    // Last letter of 0xFfFFFFff… flipped: still mixed case, but no longer the checksum.
    assert.equal(parsePassAddress(flipCase(PASS_1, 9)), undefined);
    assert.equal(parsePassAddress(flipCase(PASS_1, 2)), undefined);
    assert.equal(parsePassAddress(flipCase(COLLECTION_2148, 2)), undefined);
    assert.equal(parsePassAddress("0xFFFFFFFf00000000000000000000000000000001"), undefined);
  });

  it("rejects addresses of the wrong length", () => {
    assert.equal(parsePassAddress(PASS_1_LOWER.slice(0, -1)), undefined); // 39 digits
    assert.equal(parsePassAddress(`${PASS_1_LOWER}0`), undefined); // 41 digits
    assert.equal(parsePassAddress("0x"), undefined);
    assert.equal(parsePassAddress(`0x${"ab".repeat(32)}`), undefined); // 32-byte hash
  });

  it("rejects an address without the 0x prefix", () => {
    assert.equal(parsePassAddress(PASS_1_LOWER.slice(2)), undefined);
    assert.equal(parsePassAddress(`00${PASS_1_LOWER.slice(2)}`), undefined);
  });

  it("rejects the upper-case 0X prefix", () => {
    assert.equal(parsePassAddress(`0X${PASS_1_LOWER.slice(2)}`), undefined);
    assert.equal(parsePassAddress(`0X${PASS_1_LOWER.slice(2).toUpperCase()}`), undefined);
  });

  it("rejects non-hex characters", () => {
    assert.equal(parsePassAddress(`0x${"g".repeat(40)}`), undefined);
    assert.equal(parsePassAddress(`${PASS_1_LOWER.slice(0, -1)}z`), undefined);
    assert.equal(parsePassAddress(`0x${"-".repeat(40)}`), undefined);
  });

  it("rejects the empty string", () => {
    assert.equal(parsePassAddress(""), undefined);
  });

  it("rejects surrounding or embedded whitespace instead of trimming it", () => {
    assert.equal(parsePassAddress(` ${PASS_1_LOWER}`), undefined);
    assert.equal(parsePassAddress(`${PASS_1_LOWER} `), undefined);
    assert.equal(parsePassAddress(`${PASS_1_LOWER}\n`), undefined);
    assert.equal(parsePassAddress(`\t${PASS_1}`), undefined);
    assert.equal(parsePassAddress(`0x ${PASS_1_LOWER.slice(3)}`), undefined);
  });

  it("property: any lower-case address parses to viem's checksum form, which parses to itself", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const lower = `0x${hex(bytes)}`;
        const parsed = parsePassAddress(lower);
        assert.equal(parsed, getAddress(lower));
        assert.equal(parsePassAddress(parsed!), parsed);
      }),
      { numRuns: 500 },
    );
  });

  it("property: the all-upper-case form parses to the same checksum address", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const lower = `0x${hex(bytes)}`;
        const upper = `0x${hex(bytes).toUpperCase()}`;
        assert.equal(parsePassAddress(upper), parsePassAddress(lower));
      }),
      { numRuns: 300 },
    );
  });

  it("property: flipping the case of one letter of a checksum address is rejected", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const checksummed = getAddress(`0x${hex(bytes)}`);
        const letters = [...checksummed]
          .map((c, i) => ({ c, i }))
          .filter(({ c, i }) => i >= 2 && /[a-fA-F]/.test(c));
        fc.pre(letters.length > 0);
        const mistyped = flipCase(checksummed, letters[pick % letters.length]!.i);
        const body = mistyped.slice(2);
        // If the flip made the address single-case, it carries no checksum and is accepted.
        fc.pre(body !== body.toLowerCase() && body !== body.toUpperCase());
        assert.equal(parsePassAddress(mistyped), undefined);
      }),
      { numRuns: 300 },
    );
  });
});
