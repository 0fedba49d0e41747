// What the static WebAssembly build alone must handle: the library in a
// Web Worker, its tables in the browser's storage, the browser's limits.
import { test, expect } from "@playwright/test";

const STATIC = Boolean(process.env.TANSAKU_STATIC);
const KORF_GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

test.skip(!STATIC, "the static build only (TANSAKU_STATIC=DIR)");

async function open(page, query = "") {
  await page.goto(query);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
}

async function solve(page) {
  await page.getByTestId("length").evaluate((e) => (e.textContent = ""));
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await expect(page.getByTestId("length")).not.toBeEmpty({ timeout: 120_000 });
  return Number(await page.getByTestId("length").textContent());
}

/** Records what the progress line and the notes say from now on. */
async function watch(page) {
  await page.evaluate(() => {
    window.seen = [];
    const on = (el) =>
      new MutationObserver(() => window.seen.push(el.textContent)).observe(el, { childList: true, subtree: true, characterData: true });
    on(document.getElementById("progress-text"));
    on(document.getElementById("notes"));
  });
}

test("the page says which back end answers: WebAssembly in this browser", async ({ page }) => {
  await open(page, "?game=sliding");
  await expect(page.locator("#backend")).toContainText("WebAssembly");
});

test("a 15-puzzle solved in the worker, its tables built once and found again after a reload", async ({ page }) => {
  test.setTimeout(240_000);
  // Korf's #12, 45 moves: the 6-6-3 databases fit the browser's budget.
  const board = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15";
  const address = `?game=sliding&board=${encodeURIComponent(board)}&goal=${encodeURIComponent(KORF_GOAL)}`;
  await open(page, address);
  await watch(page);
  expect(await solve(page)).toBe(45);
  await expect(page.locator("#results tbody")).toContainText("6-6-3 pattern databases");
  expect((await page.evaluate(() => window.seen)).some((t) => t.includes("building the pattern database"))).toBe(true);
  const kept = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open("tansaku", 1);
        open.onsuccess = () => {
          const count = open.result.transaction("tables").objectStore("tables").count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  // Three tables and the move-pruning automaton.
  expect(kept).toBe(4);
  // A reload: the tables come from the browser's storage, nothing is built.
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await watch(page);
  expect(await solve(page)).toBe(45);
  expect((await page.evaluate(() => window.seen)).some((t) => t.includes("building"))).toBe(false);
});

test("a space too large for the browser is refused with the page's explanation", async ({ page }) => {
  await open(page, "?game=sliding&size=4x4");
  await page.getByRole("button", { name: "Analyse the whole space" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("needs about");
  await expect(alert).toContainText("in your browser");
  // The page goes on working.
  await page.getByRole("button", { name: "Scramble" }).click();
  await expect(page.getByLabel("Start", { exact: true })).not.toHaveValue("");
  expect(await solve(page)).toBeGreaterThan(0);
});
