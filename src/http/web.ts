import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.js";
import { isPagePath, OPERATOR_API_OFF_META } from "../domain/pages.js";
import { createOperatorApiSwitch } from "../use-cases/verify-operator.js";
import type { Services } from "./services.js";

/**
 * The web pages (`web/`, bundled into `dist/web/` by `npm run build`): one HTML shell for every
 * path under /app (200 for a page's path, 404 for any other, where the shell shows "Page not
 * found"), its script and stylesheet under /app/assets. The pages use the HTTP API only.
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

/** The shell with the meta element that tells the pages the operator API is off. */
function withOperatorApiOff(shell: string): string {
  const { name, content } = OPERATOR_API_OFF_META;
  return shell.replace("<head>", `<head>\n    <meta name="${name}" content="${content}" />`);
}

export async function webRoutes(app: FastifyInstance, services: Pick<Services, "config" | "db">) {
  const dir = services.config.webDir;
  const webDir = dir ? `${dir.replace(/\/$/, "")}/` : WEB_DIR;
  // Read once at start-up, with the assets: a bundle built later needs a restart, and a page
  // is never served without its script.
  const shellPath = `${webDir}index.html`;
  const built = existsSync(shellPath) && existsSync(`${webDir}assets`);
  const shell = built ? readFileSync(shellPath, "utf8") : undefined;
  const shellOff = shell === undefined ? undefined : withOperatorApiOff(shell);
  const operatorApi = createOperatorApiSwitch(services.db, services.config.adminToken);
  /** The shell as it stands for this request: marked while the operator API is off. */
  const shellNow = async (request: FastifyRequest) => {
    try {
      return (await operatorApi()) === "off" ? shellOff : shell;
    } catch (err) {
      // The console then learns it from the API's 404, at sign-in.
      request.log.warn({ err }, "could not tell whether the operator API is on");
      return shell;
    }
  };
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (shell === undefined) {
      throw new AppError(
        "NOT_FOUND",
        "The web pages are not built: run `npm run build` (the API works without them).",
      );
    }
    pageHeaders(reply);
    return reply
      .code(isPagePath(request.url.split("?")[0]!) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(await shellNow(request));
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
