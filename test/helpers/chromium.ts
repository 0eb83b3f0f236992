/**
 * Debian's Chromium for the page tests: where it is, and the flags it runs with here (headless,
 * no sandbox as root, no GPU, nothing fetched from the network on its own).
 */
import { existsSync } from "node:fs";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error("Chromium not found: install Debian's `chromium` or set CHROMIUM_PATH.");
  }
  return found;
}
