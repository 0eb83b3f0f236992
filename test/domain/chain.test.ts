import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { root, rootPorcini } from "viem/chains";
import {
  COLLECTION_ID_MAX,
  collectionAddress,
  collectionIdFromAddress,
  compactEncode,
  describeNetwork,
  formatWei,
  futurePassIndex,
  headerHash,
  MAIN_CHAIN_ID,
  NATIVE_SYMBOL,
  networkFromChainId,
  parseCollectionId,
  parseHeader,
  parseQuantity,
  type SubstrateHeader,
  TEST_CHAIN_ID,
} from "../../src/domain/chain.js";

// Contract vectors ("Chain node interface").
const COLLECTION_2148 = "0xAAaaAAaa00000864000000000000000000000000";
const COLLECTION_1 = "0xaAAaAaaa00000001000000000000000000000000";
const PASS_1 = "0xFfFFFFff00000000000000000000000000000001";

/** Polkadot's genesis header; its well-known hash checks the SCALE encoding and BLAKE2b-256. */
const POLKADOT_GENESIS: SubstrateHeader = {
  parentHash: `0x${"00".repeat(32)}`,
  number: "0x0",
  stateRoot: "0x29d0d972cd27cbc511e9589fcb7a4506d5eb6a9e8df205f00472e5ab354a4e17",
  extrinsicsRoot: "0x03170a2e7597b7b7e3d84c05391d139a62b157e78786d8c082f29dcf4c111314",
  digest: { logs: [] },
};
const POLKADOT_GENESIS_HASH = "0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3";

describe("networkFromChainId", () => {
  it("names 7668 the main network and 7672 the test network, as viem's chain definitions do", () => {
    assert.deepEqual(networkFromChainId(7668), {
      name: "root",
      kind: "main",
      chainId: 7668,
      symbol: "XRP",
    });
    assert.deepEqual(networkFromChainId(7672), {
      name: "porcini",
      kind: "test",
      chainId: 7672,
      symbol: "XRP",
    });
    assert.equal(MAIN_CHAIN_ID, root.id);
    assert.equal(TEST_CHAIN_ID, rootPorcini.id);
    assert.equal(NATIVE_SYMBOL, root.nativeCurrency.symbol);
    assert.equal(NATIVE_SYMBOL, rootPorcini.nativeCurrency.symbol);
    assert.equal(root.nativeCurrency.decimals, 18);
  });

  it("reports any other chain id as unknown, never as a guess", () => {
    for (const id of [1, 7669, 7671, 1337, 31337]) {
      const network = networkFromChainId(id);
      assert.equal(network.kind, "unknown");
      assert.equal(network.name, "unknown");
      assert.equal(network.symbol, undefined);
      assert.equal(describeNetwork(network), "unknown network");
    }
    assert.equal(describeNetwork(networkFromChainId(7668)), "root (main network)");
  });
});

describe("parseQuantity", () => {
  it("reads hex quantities as bigints", () => {
    assert.equal(parseQuantity("0x0"), 0n);
    assert.equal(parseQuantity("0x1df8"), 7672n);
    assert.equal(parseQuantity("0x1DF4"), 7668n);
    assert.equal(parseQuantity("0x0001"), 1n);
    assert.equal(parseQuantity(`0x${"f".repeat(64)}`), 2n ** 256n - 1n);
  });

  it("refuses decimals, numbers, empty and oversized quantities", () => {
    for (const bad of ["7672", "0x", "1df8", "0X1df8", "0x1g", ` 0x1`, `0x${"1".repeat(65)}`]) {
      assert.equal(parseQuantity(bad), undefined, bad);
    }
    for (const bad of [7672, null, undefined, {}, 7672n]) {
      assert.equal(parseQuantity(bad), undefined, String(bad));
    }
  });
});

describe("formatWei", () => {
  it("shows all 18 decimal places exactly", () => {
    assert.equal(formatWei(0n), "0.000000000000000000");
    assert.equal(formatWei(1n), "0.000000000000000001");
    assert.equal(formatWei(10n ** 18n), "1.000000000000000000");
    assert.equal(formatWei(1_500_000_000_000_000_000n), "1.500000000000000000");
    assert.equal(formatWei(123456789012345678901234567n), "123456789.012345678901234567");
    assert.equal(
      formatWei(2n ** 256n - 1n),
      "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
    );
  });

  it("loses nothing: the digits read back are the wei (no floating point)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (wei) => {
        const text = formatWei(wei);
        assert.match(text, /^\d+\.\d{18}$/);
        assert.equal(BigInt(text.replace(".", "")), wei);
      }),
    );
  });

  it("keeps a sign and supports other decimals", () => {
    assert.equal(formatWei(-1n), "-0.000000000000000001");
    assert.equal(formatWei(1234567n, 6), "1.234567");
    assert.equal(formatWei(42n, 0), "42");
  });
});

describe("collection addresses", () => {
  it("derives the contract's vectors (2148 and 1) in checksum form", () => {
    assert.equal(collectionAddress(2148), COLLECTION_2148);
    assert.equal(collectionAddress(1), COLLECTION_1);
    assert.equal(collectionAddress(0x864), COLLECTION_2148);
  });

  it("reads the collection id back from the vectors, in any case", () => {
    for (const address of [
      COLLECTION_2148,
      COLLECTION_2148.toLowerCase(),
      `0x${COLLECTION_2148.slice(2).toUpperCase()}`,
    ]) {
      const result = collectionIdFromAddress(address);
      assert.deepEqual(result, { ok: true, collectionId: 2148, address: COLLECTION_2148 });
    }
    assert.deepEqual(collectionIdFromAddress(COLLECTION_1), {
      ok: true,
      collectionId: 1,
      address: COLLECTION_1,
    });
  });

  it("goes both ways for every id below 2^32", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: COLLECTION_ID_MAX }), (id) => {
        const result = collectionIdFromAddress(collectionAddress(id));
        assert.ok(result.ok);
        assert.equal(result.collectionId, id);
      }),
    );
    assert.equal(
      collectionAddress(COLLECTION_ID_MAX).toLowerCase(),
      `0xaaaaaaaaffffffff${"0".repeat(24)}`,
    );
  });

  it("refuses ids outside 0..2^32-1", () => {
    for (const bad of [-1, COLLECTION_ID_MAX + 1, 1.5, Number.NaN]) {
      assert.throws(() => collectionAddress(bad), RangeError, String(bad));
    }
  });

  it("refuses any address outside the layout, with a reason", () => {
    const cases: [string, RegExp][] = [
      [PASS_1, /not a collection address/],
      ["0xAAAAAAAA00000864000000000000000000000001", /not a collection address/],
      ["0xAAAAAAAB00000864000000000000000000000000", /not a collection address/],
      ["0xaAaaAAaa00000864000000000000000000000000", /checksum/], // one letter's case changed
      ["0xAAAAAAAA0000086400000000000000000000000", /not an address/],
      ["2148", /not an address/],
    ];
    for (const [address, reason] of cases) {
      const result = collectionIdFromAddress(address);
      assert.equal(result.ok, false, address);
      if (!result.ok) assert.match(result.reason, reason, address);
    }
  });

  it("parses collection ids typed in decimal or hex", () => {
    assert.equal(parseCollectionId("2148"), 2148);
    assert.equal(parseCollectionId("0x864"), 2148);
    assert.equal(parseCollectionId("0"), 0);
    assert.equal(parseCollectionId("4294967295"), COLLECTION_ID_MAX);
    for (const bad of ["4294967296", "0x100000000", "-1", "1.5", "02148", "abc", "", "1e3"]) {
      assert.equal(parseCollectionId(bad), undefined, bad);
    }
  });
});

describe("FuturePass addresses", () => {
  it("reads index 1 from the contract's vector, in either case", () => {
    assert.equal(futurePassIndex(PASS_1), 1n);
    assert.equal(futurePassIndex(PASS_1.toLowerCase()), 1n);
    assert.equal(futurePassIndex(COLLECTION_2148), undefined);
    assert.equal(futurePassIndex("0xffff"), undefined);
  });
});

describe("Substrate headers", () => {
  it("hashes Polkadot's genesis header to its well-known hash", () => {
    assert.equal(headerHash(POLKADOT_GENESIS), POLKADOT_GENESIS_HASH);
    const parsed = parseHeader(POLKADOT_GENESIS);
    assert.deepEqual(parsed, {
      ok: true,
      head: { number: 0, hash: POLKADOT_GENESIS_HASH, parentHash: POLKADOT_GENESIS.parentHash },
    });
  });

  it("encodes compact integers as the SCALE specification's examples", () => {
    const cases: [bigint, string][] = [
      [0n, "00"],
      [1n, "04"],
      [42n, "a8"],
      [63n, "fc"],
      [64n, "0101"],
      [69n, "1501"],
      [16383n, "fdff"],
      [16384n, "02000100"],
      [65535n, "feff0300"],
      [1073741823n, "feffffff"],
      [1073741824n, "0300000040"],
      [4294967295n, "03ffffffff"],
      [2n ** 64n - 1n, "13ffffffffffffffff"],
    ];
    for (const [value, encoded] of cases) {
      assert.equal(compactEncode(value).toString("hex"), encoded, String(value));
    }
  });

  it("changes the hash when any field changes", () => {
    const base = headerHash(POLKADOT_GENESIS);
    const changed: SubstrateHeader[] = [
      { ...POLKADOT_GENESIS, number: "0x1" },
      { ...POLKADOT_GENESIS, stateRoot: `0x${"11".repeat(32)}` },
      { ...POLKADOT_GENESIS, digest: { logs: ["0x00"] } },
    ];
    for (const header of changed) assert.notEqual(headerHash(header), base);
  });

  it("refuses a header with a missing or malformed field and names it", () => {
    const cases: [unknown, RegExp][] = [
      [null, /null/],
      ["0x01", /string/],
      [{ ...POLKADOT_GENESIS, parentHash: "0x00" }, /parentHash/],
      [{ ...POLKADOT_GENESIS, stateRoot: undefined }, /stateRoot/],
      [{ ...POLKADOT_GENESIS, number: 5 }, /number/],
      [{ ...POLKADOT_GENESIS, number: "0x100000000" }, /number/],
      [{ ...POLKADOT_GENESIS, digest: {} }, /digest/],
      [{ ...POLKADOT_GENESIS, digest: { logs: ["0x0"] } }, /digest/],
    ];
    for (const [value, reason] of cases) {
      const result = parseHeader(value);
      assert.equal(result.ok, false, JSON.stringify(value));
      if (!result.ok) assert.match(result.reason, reason);
    }
  });
});
