#!/usr/bin/env node
/**
 * The `questpoints` command (package.json `bin`). In a checkout it runs the TypeScript source
 * through tsx (a devDependency), so it works right after `npm install`, with no build and never
 * a stale one; without the source (or without tsx) it runs the build in dist/.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = new URL("../src/cli/main.ts", import.meta.url);
const built = new URL("../dist/cli/main.js", import.meta.url);

async function tsxRegister() {
  try {
    return (await import("tsx/esm/api")).register;
  } catch {
    return undefined;
  }
}

const register = existsSync(fileURLToPath(source)) ? await tsxRegister() : undefined;
if (register) {
  register();
  await import(source.href);
} else if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  process.stderr.write(
    "questpoints: neither tsx with src/ nor dist/ is here: run `npm install` (or `npm run build`).\n",
  );
  process.exit(1);
}
