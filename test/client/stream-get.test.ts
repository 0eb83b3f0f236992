/**
 * `streamGet`, the client's streaming GET (exports): a transfer cut short, or given up by its
 * reader, leaves no timer behind to hold the CLI's process open until the deadline.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { streamGet } from "../../src/client/index.js";

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("streamGet", () => {
  let server: Server;
  let baseUrl: string;
  before(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { "content-type": "text/csv" });
      response.write("id,points\n1,5\n");
      // /cut: the connection drops mid-transfer; /slow: the rest never comes.
      if (request.url?.startsWith("/cut")) setImmediate(() => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it("leaves no timer behind when the connection drops mid-transfer", async () => {
    const before = timeouts();
    const { body } = await streamGet({ baseUrl, timeoutMs: 600_000 }, "/cut");
    await assert.rejects(async () => {
      for await (const _ of body) {
      }
    });
    // At most as many as before: another test file in this process may end one of its own.
    assert.ok(timeouts() <= before, "no timer armed for a transfer that ended");
  });

  it("leaves no timer behind when the reader gives up", async () => {
    const before = timeouts();
    const { body } = await streamGet({ baseUrl, timeoutMs: 600_000 }, "/slow");
    const reader = body.getReader();
    await reader.read();
    await reader.cancel();
    assert.ok(timeouts() <= before, "no timer armed for a transfer that was given up");
  });
});
