/**
 * Slow clients are cut off: over real loopback sockets against a listening app with a 500 ms
 * request timeout and a 500 ms keep-alive timeout. These are edge tests of Node's HTTP server
 * and the app's timeouts; the database plays no part, so they run on PGlite only.
 */
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { ADMIN_TOKEN, buildTestContext, type TestContext } from "../helpers/app.js";
import { expectRawProblem, parseRawResponse } from "../helpers/raw-http.js";

const REQUEST_TIMEOUT_MS = 500;
const KEEP_ALIVE_TIMEOUT_MS = 500;
/** Node adds up to a second to the keep-alive timeout; the rest is slack for a busy machine. */
const CUT_WITHIN_MS = 3_000;
/** A test gives up on a connection that is still open this long after it started. */
const GIVE_UP_MS = 8_000;
const TRICKLE_EVERY_MS = 100;

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** Milliseconds from connecting to the server closing the connection. */
  closedAfterMs: number;
}

/**
 * Connects, lets `drive` write (and keep writing), and resolves when the server closes the
 * connection; fails if it is still open after GIVE_UP_MS.
 */
function exchange(port: number, drive: (socket: Socket) => () => void): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let stop = () => {};
    const giveUp = setTimeout(() => {
      stop();
      socket.destroy();
      reject(new Error(`the server kept the connection open ${GIVE_UP_MS} ms: ${received}`));
    }, GIVE_UP_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.once("connect", () => {
      stop = drive(socket);
    });
    socket.once("close", () => {
      clearTimeout(giveUp);
      stop();
      resolve({ received, closedAfterMs: Date.now() - started });
    });
  });
}

/** Writes `head` now, then one byte every TRICKLE_EVERY_MS; returns the stop. */
function trickle(socket: Socket, head: string, byte: string): () => void {
  socket.write(head);
  const timer = setInterval(() => {
    if (socket.writable) socket.write(byte);
  }, TRICKLE_EVERY_MS);
  return () => clearInterval(timer);
}

function assertTimeoutProblem(raw: string) {
  expectRawProblem(raw, 408, "REQUEST_TIMEOUT");
}

describe("slow clients are cut off [pglite]", () => {
  let ctx: TestContext;
  let port: number;

  before(async () => {
    ctx = await buildTestContext("pglite", {
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    });
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const address = ctx.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  after(async () => {
    await ctx.close();
  });

  it("answers 408 REQUEST_TIMEOUT and closes a connection trickling its body", async () => {
    const result = await exchange(port, (socket) =>
      trickle(
        socket,
        "POST /admin/accounts HTTP/1.1\r\nhost: 127.0.0.1\r\n" +
          `authorization: Bearer ${ADMIN_TOKEN}\r\ncontent-type: application/json\r\n` +
          'content-length: 1000\r\n\r\n{"pass":"',
        "0",
      ),
    );
    assert.ok(result.closedAfterMs < CUT_WITHIN_MS, `closed after ${result.closedAfterMs} ms`);
    assertTimeoutProblem(result.received);
  });

  it("answers 408 REQUEST_TIMEOUT and closes a connection trickling its headers", async () => {
    const result = await exchange(port, (socket) =>
      trickle(socket, "GET /quests HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ", "a"),
    );
    assert.ok(result.closedAfterMs < CUT_WITHIN_MS, `closed after ${result.closedAfterMs} ms`);
    assertTimeoutProblem(result.received);
  });

  it("closes a connection that sends nothing", async () => {
    const result = await exchange(port, () => () => {});
    assert.ok(result.closedAfterMs < CUT_WITHIN_MS, `closed after ${result.closedAfterMs} ms`);
    // Whatever is said before closing is a problem answer too.
    if (result.received !== "") assertTimeoutProblem(result.received);
  });

  it("closes an idle keep-alive connection after its answer", async () => {
    const result = await exchange(port, (socket) => {
      socket.write("GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
      return () => {};
    });
    assert.equal(parseRawResponse(result.received).status, 200);
    assert.ok(result.closedAfterMs < CUT_WITHIN_MS, `closed after ${result.closedAfterMs} ms`);
  });
});
