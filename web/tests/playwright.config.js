// tansaku's page in a real browser: Debian's Chromium (/usr/bin/chromium,
// or $CHROMIUM) driven by Playwright, against `tansaku serve` started on a
// free port with a fresh pattern-database folder. The next issue runs the
// same tests against the static WebAssembly build.
import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const port = Number(process.env.TANSAKU_PORT ?? 18765);
const bin = resolve(process.env.TANSAKU_BIN ?? "../../target/release/tansaku");
const pdb = process.env.TANSAKU_TEST_PDB ?? mkdtempSync(join(tmpdir(), "tansaku-web-pdb-"));
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
  webServer: {
    command: `"${bin}" serve --addr 127.0.0.1:${port} --pdb-dir "${pdb}" --time-limit 60`,
    url: `http://127.0.0.1:${port}/api/games`,
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
