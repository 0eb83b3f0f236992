import type { LightMyRequestResponse } from "fastify";
import { expectProblem } from "./app.js";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An HTTP/1.1 answer read off a raw socket: status, lower-cased headers, body. */
export function parseRawResponse(raw: string): RawResponse {
  const [head = "", body = ""] = raw.split("\r\n\r\n", 2);
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** `expectProblem` for an answer read off a raw socket; returns it parsed, with its body. */
export function expectRawProblem(raw: string, status: number, code: string) {
  const response = parseRawResponse(raw);
  const asInjected = {
    statusCode: response.status,
    headers: response.headers,
    body: response.body || raw.slice(0, 500),
    json: () => JSON.parse(response.body),
  } as unknown as LightMyRequestResponse;
  const body = expectProblem(asInjected, status, code);
  return { response, body };
}
