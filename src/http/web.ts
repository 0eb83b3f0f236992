import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { AppError } from "../domain/errors.js";

/**
 * The web pages (`web/`, bundled into `dist/web/` by `npm run build`): one HTML shell for every
 * path under /app, its script and stylesheet under /app/assets. The pages use the HTTP API only.
 * From `src/http` (tsx) and `dist/http` (built) alike, the package root is two levels up.
 */
const WEB_DIR = fileURLToPath(new URL("../../dist/web/", import.meta.url));

/** Only the service itself: no other host, no inline script or style, no framing. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The shell's and the assets' security headers. */
function pageHeaders(reply: Pick<FastifyReply, "header">) {
  reply.header("content-security-policy", PAGE_CSP);
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "no-referrer");
}

export async function webRoutes(app: FastifyInstance, dir: string | undefined) {
  const webDir = dir ? `${dir.replace(/\/$/, "")}/` : WEB_DIR;
  // Read once at start-up, with the assets: a bundle built later needs a restart, and a page
  // is never served without its script.
  const shellPath = `${webDir}index.html`;
  const built = existsSync(shellPath) && existsSync(`${webDir}assets`);
  const shell = built ? readFileSync(shellPath, "utf8") : undefined;
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (shell === undefined) {
      throw new AppError(
        "NOT_FOUND",
        "The web pages are not built: run `npm run build` (the API works without them).",
      );
    }
    pageHeaders(reply);
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(shell);
  };
  const hidden = { schema: { hide: true } };
  app.get("/", hidden, async (_request, reply) => reply.redirect("/app", 302));
  app.get("/app", hidden, page);
  app.get("/app/*", hidden, async (request, reply) => {
    if (request.url.startsWith("/app/assets/")) {
      throw new AppError("NOT_FOUND", `No file at ${request.url.split("?")[0]}.`);
    }
    return page(request, reply);
  });
  if (built) {
    await app.register(fastifyStatic, {
      root: `${webDir}assets`,
      prefix: "/app/assets/",
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: true,
      maxAge: 0,
      setHeaders: pageHeaders,
    });
  }
}
