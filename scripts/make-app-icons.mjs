#!/usr/bin/env node
/**
 * Draws the installed web app's icons from public/favicon.svg (the green shield), once; the PNGs
 * are committed beside it and named in public/manifest.webmanifest. Run again only when the
 * shield changes:
 *
 *   node scripts/make-app-icons.mjs
 *
 * Chromium draws the SVG at each size (found as the browser tests find it, scripts/find-chromium.mjs):
 *  - icon-192.png, icon-512.png ("any"): the shield on a transparent square, as the favicon;
 *  - icon-maskable-512.png: on a white square, shrunk into the middle 80 % circle that every mask
 *    shape keeps (a phone crops maskable icons to a circle, a squircle or a rounded square);
 *  - apple-touch-icon.png (180): on white, since an iPhone fills transparency with black.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { findOrInstallChromium } from "./find-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");
const svg = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** `shield`: the shield's share of the square's side; `background`: a CSS colour, or none. */
const ICONS = [
  { file: "icon-192.png", size: 192, shield: 1, background: null },
  { file: "icon-512.png", size: 512, shield: 1, background: null },
  { file: "icon-maskable-512.png", size: 512, shield: 0.8, background: "#ffffff" },
  { file: "apple-touch-icon.png", size: 180, shield: 0.8, background: "#ffffff" },
];

const browser = await chromium.launch({
  executablePath: await findOrInstallChromium(),
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const side = Math.round(icon.size * icon.shield);
    await page.setContent(`<!doctype html>
<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background ?? "transparent"}">
<img src="${svgUrl}" width="${side}" height="${side}" alt="">
</body></html>`);
    await page.locator("img").evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: icon.background === null, type: "png" });
    writeFileSync(path.join(publicDir, icon.file), png);
    await page.close();
    console.log(`public/${icon.file}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
