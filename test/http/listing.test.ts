import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../src/domain/errors.js";
import { decodeCursor, encodeCursor } from "../../src/http/listing.js";

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function refused(text: string, idType: "uuid" | "int" | "bigint") {
  assert.throws(
    () => decodeCursor(text, idType),
    (error: unknown) =>
      error instanceof AppError &&
      error.code === "BAD_REQUEST" &&
      error.errors?.[0]?.field === "cursor",
    text,
  );
}

describe("listing cursors", () => {
  it("reads back what it wrote, for each id type", () => {
    const at = new Date("2026-05-01T10:20:30.456Z");
    for (const [id, idType] of [
      ["7f1c2b0e-8a4d-4c1e-9b7a-2d5e0f3a9c11", "uuid"],
      ["2147483647", "int"],
      ["9223372036854775807", "bigint"],
    ] as const) {
      assert.deepEqual(decodeCursor(encodeCursor({ at, id }), idType), { at, id });
    }
  });

  it("refuses what it never writes, before any of it can reach SQL", () => {
    const at = "2026-05-01T10:20:30.456Z";
    for (const text of [
      "",
      "!!!",
      "bm9wZQ",
      cursorOf({ at, id: "1" }),
      cursorOf([at]),
      cursorOf([at, 1]),
    ]) {
      refused(text, "int");
    }
    refused(cursorOf([at, "2147483648"]), "int"); // beyond a 4-byte id
    refused(cursorOf([at, "9223372036854775808"]), "bigint");
    refused(cursorOf([at, "12"]), "uuid");
    refused(cursorOf([at, "0"]), "int");
    refused(cursorOf(["2026-05-01T10:20:30Z", "1"]), "int"); // not the service's own form
  });

  it("refuses timestamps outside 1970..9999, which PGlite misreads or refuses", () => {
    for (const at of [
      "0000-01-01T00:00:00.000Z",
      "0001-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
    ]) {
      refused(cursorOf([at, "1"]), "int");
    }
    assert.equal(decodeCursor(cursorOf(["1970-01-01T00:00:00.000Z", "1"]), "int").id, "1");
  });
});
