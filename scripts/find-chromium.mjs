/**
 * Finds a Chromium for the browser tests, or gets one: the system's, Playwright's own download
 * (where the network allows), or Debian's `chromium` package when running as root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const SYSTEM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

function systemChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return SYSTEM_PATHS.find((path) => existsSync(path));
}

async function playwrightChromium() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export async function findOrInstallChromium({ log = console.log } = {}) {
  const found = systemChromium() ?? (await playwrightChromium());
  if (found) return found;

  log("No Chromium found. Trying Playwright's own download...");
  const download = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit", timeout: 300_000 });
  if (download.status === 0) {
    const downloaded = await playwrightChromium();
    if (downloaded) return downloaded;
  }

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    log("Installing Debian's chromium package...");
    try {
      execFileSync("apt-get", ["update"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    } catch {
      // Reported below.
    }
    const installed = systemChromium();
    if (installed) return installed;
  }

  throw new Error(
    [
      "The browser tests need Chromium and none could be found or installed.",
      "Fix it with one of:",
      "  - Debian/Ubuntu: sudo apt-get install chromium",
      "  - any system with internet access: npx playwright install chromium",
      "  - or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
    ].join("\n"),
  );
}
