// tansaku's page in a real browser: Debian's Chromium (/usr/bin/chromium,
// or $CHROMIUM) driven by Playwright, against `tansaku serve` started with
// a fresh pattern-database folder, or, with TANSAKU_STATIC=DIR, against the
// static WebAssembly build in DIR (web/build.sh DIR) served by a plain
// static file server (python3 -m http.server).
import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const port = Number(process.env.TANSAKU_PORT ?? 18765);
const bin = resolve(process.env.TANSAKU_BIN ?? "../../target/release/tansaku");
const pdb = process.env.TANSAKU_TEST_PDB ?? mkdtempSync(join(tmpdir(), "tansaku-web-pdb-"));
const site = process.env.TANSAKU_STATIC ? resolve(process.env.TANSAKU_STATIC) : null;
process.env.TANSAKU_BASE_URL = `http://127.0.0.1:${port}/`;
process.env.TANSAKU_BIN = bin;

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.js/,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: site
    ? {
        command: `python3 -m http.server ${port} --bind 127.0.0.1 --directory "${site}"`,
        url: `http://127.0.0.1:${port}/index.html`,
        timeout: 30_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
      }
    : {
        command: `"${bin}" serve --addr 127.0.0.1:${port} --pdb-dir "${pdb}" --time-limit 60`,
        url: `http://127.0.0.1:${port}/api/games`,
        timeout: 30_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
      },
});
