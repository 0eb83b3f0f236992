/**
 * Bundles the pages (`web/`) into `dist/web/`: one script, one stylesheet (the CSS the script
 * imports), the HTML shell.
 * `npm run build` runs it; the browser tests run it before they start the service.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export async function buildWeb(outDir = join(root, "dist", "web")): Promise<string> {
  mkdirSync(join(outDir, "assets"), { recursive: true });
  await build({
    entryPoints: { app: join(root, "web", "main.tsx") },
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    sourcemap: true,
    jsx: "automatic",
    jsxImportSource: "preact",
    outdir: join(outDir, "assets"),
    logLevel: "warning",
  });
  copyFileSync(join(root, "web", "index.html"), join(outDir, "index.html"));
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await buildWeb();
  console.log(`Pages bundled into ${out}`);
}
