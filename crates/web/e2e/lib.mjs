// Shared helpers for the browser tests: Debian's Chromium driven by playwright-core.
import { chromium } from "playwright-core";

/** Headless Chromium with the flags this machine's closed network needs. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Fails the test with a message. */
export function check(ok, message) {
  if (!ok) throw new Error(message);
}
