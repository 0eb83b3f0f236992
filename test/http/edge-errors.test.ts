/**
 * Errors raised before a route runs (the router, Node's HTTP parser) and answers while shutting
 * down are problem details with a contract code, like every other answer. These are edge tests
 * of Fastify and Node's parser; the database plays no part, so they run on PGlite only.
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, it } from "node:test";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import {
  ADMIN_TOKEN,
  buildTestContext,
  expectProblem,
  openTestDb,
  type TestContext,
} from "../helpers/app.js";
import { expectRawProblem, parseRawResponse } from "../helpers/raw-http.js";

const GIVE_UP_MS = 5_000;

/** Sends `request` on a new connection and resolves with what came back before it closed. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${GIVE_UP_MS} ms; received: ${received}`));
    }, GIVE_UP_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.once("connect", () => socket.write(request));
    socket.once("close", () => {
      clearTimeout(giveUp);
      resolve(received);
    });
  });
}

function portOf(server: { address(): unknown }): number {
  const address = server.address();
  return typeof address === "object" && address ? (address as { port: number }).port : 0;
}

describe("edge errors are problem details [pglite]", () => {
  let ctx: TestContext;
  let port: number;

  before(async () => {
    ctx = await buildTestContext("pglite");
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    port = portOf(ctx.app.server);
  });
  after(async () => {
    await ctx.close();
  });

  it("answers a malformed %-escape in the path with 400 BAD_REQUEST", async () => {
    const response = await ctx.inject({ method: "GET", url: "/quests/%ZZ" });
    expectProblem(response, 400, "BAD_REQUEST", "path");
  });

  it("answers an over-long path parameter with 414 URI_TOO_LONG", async () => {
    const response = await ctx.inject({ method: "GET", url: `/quests/${"1".repeat(201)}` });
    expectProblem(response, 414, "URI_TOO_LONG");
  });

  it("answers a malformed request line with 400 BAD_REQUEST", async () => {
    const raw = await rawRequest(port, "NOT A REQUEST LINE\r\n\r\n");
    const { body } = expectRawProblem(raw, 400, "BAD_REQUEST");
    assert.equal(body.errors[0].field, "request");
  });

  it("answers a malformed header line with 400 BAD_REQUEST", async () => {
    const raw = await rawRequest(port, "GET /quests HTTP/1.1\r\nhost 127.0.0.1\r\n\r\n");
    expectRawProblem(raw, 400, "BAD_REQUEST");
  });

  it("answers oversized headers with 431 HEADERS_TOO_LARGE", async () => {
    const raw = await rawRequest(
      port,
      `GET /quests HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expectRawProblem(raw, 431, "HEADERS_TOO_LARGE");
  });

  it("answers an HTTP/1.1 request without Host with 400 BAD_REQUEST naming host", async () => {
    const raw = await rawRequest(port, "GET /quests HTTP/1.1\r\nconnection: close\r\n\r\n");
    const { body } = expectRawProblem(raw, 400, "BAD_REQUEST");
    assert.equal(body.errors[0].field, "host");
  });

  it("serves a request with an unknown Expect instead of Node's bodiless 417", async () => {
    const raw = await rawRequest(
      port,
      "GET /quests HTTP/1.1\r\nhost: 127.0.0.1\r\nexpect: something-else\r\nconnection: close\r\n\r\n",
    );
    const response = parseRawResponse(raw);
    assert.equal(response.status, 200, raw);
    assert.deepEqual(JSON.parse(response.body), []);
  });

  it("gives a raw answer a request id, in the header and the body", async () => {
    const raw = await rawRequest(port, "NOT A REQUEST LINE\r\n\r\n");
    const { response, body } = expectRawProblem(raw, 400, "BAD_REQUEST");
    assert.ok(response.headers["x-request-id"], "x-request-id header");
    assert.equal(body.request_id, response.headers["x-request-id"]);
  });

  it("answers the same %-escape over a real socket with problem details", async () => {
    const raw = await rawRequest(
      port,
      "GET /quests/%ZZ HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n",
    );
    expectRawProblem(raw, 400, "BAD_REQUEST");
  });
});

describe("requests during shutdown [pglite]", () => {
  it("answers a request on an open connection with 503 SERVICE_UNAVAILABLE and Retry-After", async () => {
    const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent" });
    const { db } = await openTestDb("pglite", config.dbTimeouts);
    const app = await buildApp(await prepareServices(config, db), { logger: false });
    // Holds the shutdown between "closing" and the server's close, as draining work does.
    let releaseClose = () => {};
    let closeStarted = () => {};
    const started = new Promise<void>((resolve) => {
      closeStarted = resolve;
    });
    app.addHook("preClose", async () => {
      closeStarted();
      await new Promise<void>((resolve) => {
        releaseClose = resolve;
      });
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const socket = connect(portOf(app.server), "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      const closing = app.close();
      await started;
      socket.write("GET /quests HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
      const deadline = Date.now() + GIVE_UP_MS;
      while (!received.includes("\r\n\r\n{") || !received.trimEnd().endsWith("}")) {
        assert.ok(Date.now() < deadline, `no answer while closing: ${received}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      releaseClose();
      await closing;
      await closed;
      const { response } = expectRawProblem(received, 503, "SERVICE_UNAVAILABLE");
      assert.ok(Number(response.headers["retry-after"]) > 0, "Retry-After is a positive delay");
      assert.equal(response.headers.connection, "close");
    } finally {
      releaseClose();
      socket.destroy();
      await app.close().catch(() => {});
      await db.close();
    }
  });
});
