// The page in a real browser: permalinks, solving, progress, definitions,
// cancelling, bad addresses, the keyboard alone, accessibility, small
// screens and dark mode.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const BIN = process.env.TANSAKU_BIN;
/** The static WebAssembly build, with no server. */
const STATIC = Boolean(process.env.TANSAKU_STATIC);
const KORF_GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/** What the command line answers (its --json). */
function cli(args) {
  const out = execFileSync(BIN, [...args, "--json", "--quiet"], { encoding: "utf8" });
  return JSON.parse(out);
}

async function open(page, query = "") {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(query);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  return errors;
}

async function solved(page) {
  await expect(page.getByTestId("length")).not.toBeEmpty();
  return {
    length: Number(await page.getByTestId("length").textContent()),
    generated: Number(await page.getByTestId("generated").textContent()),
    expanded: Number(await page.getByTestId("expanded").textContent()),
  };
}

test("a permalink to an 8-puzzle solves with the command line's length and counts", async ({ page }) => {
  for (const algo of ["bfs", "bidir", "idastar"]) {
    const errors = await open(page, `?game=sliding&board=${encodeURIComponent("867/254/3_1")}&algo=${algo}`);
    await expect(page.getByLabel("Start", { exact: true })).toHaveValue("867/254/3_1");
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    const got = await solved(page);
    const want = cli(["solve", "sliding", "--board", "867/254/3_1", "--algo", algo]);
    expect(got).toEqual({ length: want.length, generated: want.stats.generated, expanded: want.stats.expanded });
    expect(got.length).toBe(31);
    // The player has the whole solution, and the last board is the goal.
    await expect(page.locator("#moves li")).toHaveCount(31);
    await page.getByRole("button", { name: "Last", exact: true }).click();
    await expect(page.locator("#step")).toHaveText("31 / 31");
    expect(errors).toEqual([]);
  }
  // The strip of boards downloads as SVG, drawn by the library.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download the solution as SVG" }).click(),
  ]);
  const svg = readFileSync(await download.path(), "utf8");
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg).toContain("31 moves");
});

test("a 15-puzzle through serve: the answer, with progress seen", async ({ page }) => {
  // Korf's #60, 66 moves, with 5-5-5 databases built on first use.
  const board = "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0";
  await open(page, `?game=sliding&board=${encodeURIComponent(board)}&goal=${encodeURIComponent(KORF_GOAL)}&bound=5-5-5&algo=idastar`);
  await page.evaluate(() => {
    window.seen = [];
    const watch = (el) =>
      new MutationObserver(() => window.seen.push(el.textContent)).observe(el, { childList: true, subtree: true, characterData: true });
    watch(document.getElementById("progress-text"));
    watch(document.getElementById("notes"));
  });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  const got = await solved(page);
  const want = cli(["solve", "sliding", "--board", board, "--goal", KORF_GOAL, "--bound", "5-5-5", "--algo", "idastar"]);
  expect(got.length).toBe(66);
  expect(got).toEqual({ length: want.length, generated: want.stats.generated, expanded: want.stats.expanded });
  const seen = await page.evaluate(() => window.seen);
  expect(seen.some((t) => /bound|nodes|pattern database/.test(t))).toBe(true);
  // IDA*'s iterations are in the table.
  await expect(page.locator("#results td.iterations").first()).toContainText("66:");
});

test("Klotski from a pasted definition", async ({ page }) => {
  // The shipped file, pasted with a change of its own.
  const text = readFileSync(new URL("../../puzzles/klotski.toml", import.meta.url), "utf8").replace(
    'name = "klotski"',
    'name = "my-klotski"',
  );
  await open(page, "?game=definition");
  await page.getByLabel("Definition text").fill(text);
  await expect(page.locator("#summary")).toContainText("my-klotski");
  // check's findings come by themselves.
  await expect(page.locator("#check-result")).toContainText("every expected figure agrees");
  await expect(page.locator("#check-result table tbody tr")).toHaveCount(1);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  const got = await solved(page);
  expect(got.length).toBe(81);
  // The pasted text travels in the address, compressed, and restores the
  // page.
  await expect.poll(() => page.url()).toContain("z=");
  const url = page.url();
  expect(url).not.toContain("def=");
  expect(url.length).toBeLessThan(2000);
  await open(page, url.slice(url.indexOf("?")));
  await expect(page.locator("#summary")).toContainText("my-klotski");
  await expect(page.getByLabel("Definition text")).toHaveValue(text);
});

test("a .tws definition uploaded, checked and scrambled", async ({ page }) => {
  await open(page, "?game=sliding");
  await page.getByLabel("Game").selectOption("definition");
  await page.getByLabel("Upload").setInputFiles(new URL("../../puzzles/2x2x2.tws", import.meta.url).pathname);
  await expect(page.locator("#summary")).toContainText("2x2x2 (permutation puzzle");
  await expect(page.locator("#check-result")).toContainText("every expected figure agrees", { timeout: 60_000 });
  await page.getByRole("button", { name: "Scramble" }).click();
  await expect(page.getByLabel("Start", { exact: true })).not.toHaveValue("");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  const length = (await solved(page)).length;
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThanOrEqual(11);
});

test("Cancel stops a long analysis and the server goes on answering", async ({ page, request }) => {
  await open(page, "?game=sliding&size=4x3");
  await page.getByRole("button", { name: "Analyse the whole space" }).click();
  await expect(page.locator("#progress-text")).toContainText(/states|level|nodes/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator("#live")).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Analyse the whole space" })).toBeEnabled();
  if (!STATIC) {
    // The job is gone from the server, which still answers at once.
    await expect
      .poll(async () => (await (await request.get("api/status")).json()).running, { timeout: 30_000 })
      .toBe(0);
    // (5 s: a margin for a machine twice as slow and busy; a server held
    // by the cancelled job would not answer until the job's end.)
    const t = Date.now();
    expect((await request.get("api/games")).ok()).toBe(true);
    expect(Date.now() - t).toBeLessThan(5000);
  }
  // A seeded scramble of the 4x3 board, solved.
  await page.getByRole("button", { name: "Scramble" }).click();
  await expect(page.getByLabel("Start", { exact: true })).not.toHaveValue("");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  const length = (await solved(page)).length;
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThanOrEqual(60);
});

test("a bad address shows its error beside a working page", async ({ page }) => {
  const errors = await open(page, "?game=sliding&board=86/254/3_1&frobnicate=1&algo=dijkstra");
  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("frobnicate");
  await expect(alert).toContainText("dijkstra");
  await expect(alert).toContainText("row 2 has 3 cells");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  expect((await solved(page)).length).toBe(31);
  await open(page, "?game=no-such-game");
  await expect(page.getByRole("alert")).toContainText("no-such-game");
  await expect(page.getByLabel("Game")).toHaveValue("sliding");
  expect(errors).toEqual([]);
});

test("solving with the keyboard alone", async ({ page }) => {
  await open(page, `?game=sliding&board=${encodeURIComponent("123/456/78_")}`);
  // Tab from the top of the page into the board.
  let label = "";
  for (let i = 0; i < 40 && !label.startsWith("row"); i++) {
    await page.keyboard.press("Tab");
    label = (await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) ?? "";
  }
  expect(label).toMatch(/^row/);
  // The empty cell moves left twice, then up: three moves from the goal.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByLabel("Start", { exact: true })).toHaveValue("123/_56/478");
  await expect(page).toHaveURL(/board=123%2F_56%2F478/);
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.id)) === "solve") break;
  }
  await page.keyboard.press("Enter");
  expect((await solved(page)).length).toBe(3);
  await expect(page.locator("#live")).toContainText("Solved: 3 moves");
  // Swapping two tiles (neither next to the empty cell: Enter selects
  // one, then swaps it with the other) makes the board unsolvable,
  // flagged at once (parity).
  await page.getByRole("button", { name: "row 1, column 2: tile 2" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "row 1, column 3: tile 3, selected" }).count();
  await page.getByRole("button", { name: "row 1, column 3: tile 3" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Start", { exact: true })).toHaveValue("132/_56/478");
  await expect(page.locator("#parity")).toContainText("Unsolvable");
});

/** axe-core's serious and critical findings on the page as it is. */
async function axeFindings(page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => ["serious", "critical"].includes(v.impact))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`);
}

for (const lang of ["en", "ja"]) {
  for (const [width, height] of [
    [360, 740],
    [1280, 900],
  ]) {
    test(`no serious or critical accessibility violations: ${lang}, ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await open(page, `?game=sliding&algo=bfs&lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const bad = await axeFindings(page);
      await page.locator("#solve").click();
      await solved(page);
      await page.locator("#analyse").click();
      await expect(page.getByTestId("longest")).toHaveText("31");
      await page.locator("#try-start").click();
      await expect(page.getByTestId("distance")).toHaveText("31");
      await page.locator("#trace-start").click();
      await expect(page.locator("#trace-step")).toHaveAttribute("data-step", "1");
      bad.push(...(await axeFindings(page)));
      await open(page, `?game=wipeout&lang=${lang}`);
      bad.push(...(await axeFindings(page)));
      expect(bad).toEqual([]);
      await context.close();
    });
  }
}

/** The page's visible words: text and the attributes a person reads or
 * hears, outside the library's own English lines (marked lang="en"). */
async function wordsShown(page) {
  return page.evaluate(() => {
    const parts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walker.currentNode; n; n = walker.nextNode()) {
      const el = n.nodeType === Node.ELEMENT_NODE ? n : n.parentElement;
      if (el.closest('[lang="en"], script, style, [hidden]')) continue;
      if (n.nodeType === Node.TEXT_NODE) parts.push(n.textContent);
      else for (const a of ["aria-label", "placeholder", "title", "aria-valuetext", "label"]) {
        if (n.getAttribute(a)) parts.push(n.getAttribute(a));
      }
    }
    return parts.join("\n");
  });
}

test("日本語: ?lang=ja shows no string of the English catalogue; the switch and the link keep the language", async ({ page }) => {
  await open(page, "?game=sliding&algo=bfs");
  // The back end's catalogue (the server's or the worker's).
  const info = await page.evaluate(async () => (await (await import("./backend.js")).connect()).games());
  // Names the library gives (games, options, their values, algorithms) are
  // the same in both languages.
  const names = new Set(info.games.flatMap((g) => [g.name, ...g.algorithms, ...g.options.flatMap((o) => [o.name, ...(o.values ?? [])])]));
  const { english, ja, keys, games, options } = await page.evaluate(async () => {
    const m = await import("./i18n.js");
    return { english: m.englishCatalogue(), ja: m.JA, keys: [...m.englishKeys()], games: m.JA_GAMES, options: m.JA_OPTIONS };
  });
  // Every English string has its Japanese, and every Japanese one an English
  // key (or an error kind's).
  expect(keys.filter((k) => !(k in ja))).toEqual([]);
  expect(Object.keys(ja).filter((k) => !keys.includes(k) && !k.startsWith("error."))).toEqual([]);
  // Every built-in game's summary and option help, and every algorithm.
  const untranslated = info.games.flatMap((g) => [
    ...(g.name in games ? [] : [g.name]),
    ...g.options.filter((o) => !(`${g.name}.${o.name}` in options)).map((o) => `${g.name}.${o.name}`),
    ...g.algorithms.filter((a) => !(`algo.${a}` in ja)).map((a) => `algo.${a}`),
  ]);
  expect(untranslated).toEqual([]);

  // The page in Japanese, through solving, analysing and playing.
  await page.getByLabel("Language").selectOption("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page).toHaveURL(/lang=ja/);
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.getByLabel("言語")).toHaveValue("ja");
  await page.getByRole("button", { name: "解く", exact: true }).click();
  await solved(page);
  await page.getByRole("button", { name: "全局面を解析" }).click();
  await expect(page.getByTestId("longest")).toHaveText("31");
  await page.getByRole("button", { name: "この盤面から遊ぶ" }).click();
  await expect(page.getByTestId("distance")).toHaveText("31");
  await page.locator("#play").click();
  await page.getByRole("button", { name: "幅優先探索をステップごとに見る" }).click();
  await page.locator("#trace-last").click();
  await expect(page.locator("#trace-status")).not.toBeEmpty();
  const shown = await wordsShown(page);
  const left = [];
  for (const [key, text] of Object.entries(english)) {
    // Each run of words between placeholders and tags, unless it is a
    // name the library gives or the Japanese keeps it (code, symbols).
    for (const piece of text.split(/\{\w+\}|<[^>]+>/)) {
      const words = piece.trim().replace(/^[\s:;,.()—–-]+|[\s:;,.()—–-]+$/g, "");
      if (!/[A-Za-z]{3,}/.test(words) || names.has(words) || (ja[key] ?? "").includes(words)) continue;
      const pattern = new RegExp(`(^|[^A-Za-z])${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`);
      if (pattern.test(shown)) left.push(`${key}: ${words}`);
    }
  }
  expect(left).toEqual([]);
  // A library error is told in Japanese, its detail as the library wrote it.
  await open(page, `?game=sliding&lang=ja&board=${encodeURIComponent("123/456/78")}`);
  await expect(page.getByRole("alert")).toContainText("アドレスに問題があります");
  // Back to English.
  await page.getByLabel("言語").selectOption("en");
  await expect(page.getByRole("button", { name: "Solve", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the browser's language chooses: a Japanese browser gets the Japanese page, and lang=en keeps English", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ja-JP" });
  const page = await context.newPage();
  await open(page, "?game=flip-row");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.locator("#summary")).toContainText("フリップ・イット");
  await expect(page.locator("#algorithms")).toContainText("幅優先探索");
  await open(page, "?game=flip-row&lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#summary")).toContainText("Flip It");
  await context.close();
});

/** The board's area, and the largest other thing shown (not a section or
 * anything holding the board). */
async function boardAndLargest(page) {
  return page.evaluate(() => {
    const board = document.querySelector("#board").getBoundingClientRect();
    let largest = { area: 0, what: "" };
    for (const el of document.querySelectorAll("main p, main details, main fieldset, main table, main select, main input, main textarea, main figure, main ul, main ol, main dl, main button")) {
      if (el.contains(document.querySelector("#board")) || document.querySelector("#board").contains(el)) continue;
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (r.width * r.height > largest.area) largest = { area: r.width * r.height, what: el.id || el.tagName };
    }
    return { area: board.width * board.height, width: board.width, largest };
  });
}

for (const [width, height] of [
  [360, 740],
  [1280, 900],
]) {
  test(`the board first at ${width} px: the largest thing shown, the options folded away`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    for (const game of ["sliding", "flip-square", "klotski"]) {
      await open(page, `?game=${game}`);
      await expect(page.locator("#option-fields")).toBeHidden();
      const { area, width: w, largest } = await boardAndLargest(page);
      expect(area, `${game}: ${largest.what}`).toBeGreaterThan(largest.area);
      expect(w).toBeGreaterThanOrEqual(Math.min(width - 60, 360));
    }
    // The options open when asked.
    await open(page, "?game=sliding");
    await page.locator("#options summary").click();
    await expect(page.locator("#option-bound")).toBeVisible();
    await context.close();
  });
}

test("at 360 px the tables scroll in their boxes, and play mode shows the board and its moves without scrolling", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await open(page, `?game=sliding&board=${encodeURIComponent("867/254/3_1")}&algo=bfs,bidir,idastar`);
  await page.locator("#solve").click();
  await expect(page.locator("#results tbody tr")).toHaveCount(3, { timeout: 60_000 });
  await expect(page.locator("#shape-table tbody tr").first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const boxes = await page.evaluate(() => [...document.querySelectorAll(".scroll")].map((b) => getComputedStyle(b).overflowX));
  expect(boxes.every((o) => o === "auto")).toBe(true);
  await open(page, `?game=sliding&mode=play&board=${encodeURIComponent("867/254/3_1")}`);
  await expect(page.getByTestId("distance")).toHaveText("31");
  await page.locator("#board").scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelector("#board-section").scrollIntoView({ block: "start" }));
  const span = await page.evaluate(() => {
    const top = document.querySelector("#board").getBoundingClientRect().top;
    const buttons = [...document.querySelectorAll("#judged button")].map((b) => b.getBoundingClientRect().bottom);
    return { top, bottom: Math.max(...buttons), n: buttons.length };
  });
  expect(span.n).toBe(3);
  expect(span.top).toBeGreaterThanOrEqual(0);
  expect(span.bottom).toBeLessThanOrEqual(740);
  await context.close();
});

test("pieces as they are: Klotski's blocks drawn as one shape each, and moves named by piece and direction", async ({ page }) => {
  const answer = cli(["solve", "--def", "../../puzzles/klotski.toml"]);
  const grid = answer.grids[0];
  const pieces = new Set(grid.cells.filter((c) => c.block).map((c) => c.block.piece));
  const tiles = grid.cells.filter((c) => c.tile).length;
  await open(page, "?game=klotski");
  // One label a piece on the board: a block's once.
  await expect(page.locator("#board .board-picture text")).toHaveCount(pieces.size + tiles);
  expect(pieces.size).toBeLessThan(grid.cells.filter((c) => c.block).length);
  await page.locator("#solve").click();
  await expect(page.getByTestId("length")).toHaveText(String(answer.length), { timeout: 60_000 });
  const listed = await page.locator("#moves button").allTextContents();
  expect(listed).toEqual(answer.names.map((n, i) => `${i + 1}. ${n}`));
  expect(answer.names[0]).toMatch(/^[A-Z][←→↑↓]/);
  // The 8-puzzle's moves say the tile's number and its arrow.
  await open(page, `?game=sliding&mode=play&board=${encodeURIComponent("867/254/3_1")}`);
  await expect(page.getByTestId("distance")).toHaveText("31");
  const names = await page.locator("#judged .move-name").allTextContents();
  expect(names.every((n) => /^\d+ [←→↑↓]$/.test(n))).toBe(true);
});

test("breadth-first search step by step: each step is the library's trace, to the goal", async ({ page }) => {
  const traced = cli(["trace", "flip-row", "--board", "BB_BBB", "--steps", "200"]);
  await open(page, "?game=flip-row&board=BB_BBB");
  await page.getByRole("button", { name: "Step through breadth-first search" }).click();
  await expect(page.locator("#trace-step")).toHaveAttribute("data-step", "1");
  // The first step: the start taken, its children new.
  const first = traced.steps[0];
  await expect(page.locator("#trace-children li")).toHaveCount(first.children.length);
  expect(await page.locator("#trace-children li").evaluateAll((lis) => lis.map((li) => li.dataset.how))).toEqual(
    first.children.map((c) => (c.goal ? "goal" : c.new ? "new" : "seen")),
  );
  await page.locator("#trace-forward").click();
  const second = traced.steps[1];
  await expect(page.locator("#trace-step")).toHaveAttribute("data-step", "2");
  await expect(page.locator("#trace-children li.seen")).toHaveCount(second.children.filter((c) => !c.new).length);
  await expect(page.locator("#trace-queue li")).toHaveCount(second.queue.length);
  // The last step finds the goal at the solution's length.
  await page.locator("#trace-last").click();
  await expect(page.locator("#trace-children li.goal")).toHaveCount(1);
  const length = cli(["solve", "flip-row", "--board", "BB_BBB"]).length;
  expect(traced.steps.at(-1).depth + 1).toBe(length);
  await expect(page.locator("#trace-status")).toContainText(`depth ${length}`);
  // In Japanese too.
  await page.getByLabel("Language").selectOption("ja");
  await expect(page.locator("#trace-status")).toContainText(`深さ ${length}`);
});

test("the search drawn as it runs: iterative deepening's bounds reach the chart before its answer", async ({ page }) => {
  const board = "_87/264/351"; // 28 moves: 29 iterations, a few seconds
  await open(page, `?game=sliding&board=${encodeURIComponent(board)}&algo=iddfs`);
  await page.evaluate(() => {
    window.draws = [];
    new MutationObserver(() =>
      window.draws.push({
        rows: document.querySelectorAll("#shape-table tbody tr").length,
        answered: document.querySelectorAll("#results tbody tr").length,
      }),
    ).observe(document.querySelector("#shape-chart"), { childList: true });
  });
  await page.locator("#solve").click();
  await expect(page.getByTestId("length")).toHaveText("28", { timeout: 80_000 });
  const draws = await page.evaluate(() => window.draws);
  const live = draws.filter((d) => d.answered === 0 && d.rows > 0);
  expect(live.length).toBeGreaterThanOrEqual(2);
  expect(live.at(-1).rows).toBeGreaterThan(live[0].rows);
  // Then the answer's own figures.
  const iterations = cli(["solve", "sliding", "--board", board, "--algo", "iddfs"]).iterations;
  await expect(page.locator('#shape-table tbody tr[data-side="bound"]')).toHaveCount(iterations.length);
});

test("usable at 360 px, and dark mode follows the system", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: "dark" });
  const page = await context.newPage();
  await open(page, "?game=sliding&algo=bfs");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).not.toBe("rgb(251, 250, 247)");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  expect((await solved(page)).length).toBe(31);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});

test("Reversi: the wipeouts replayed, and perft", async ({ page }) => {
  await open(page, "?game=wipeout");
  await page.getByRole("button", { name: "Find every shortest wipeout" }).click();
  await expect(page.locator("#wipeout-figures")).toContainText("9 plies");
  await expect(page.locator("#wipeout-games li")).toHaveCount(36);
  await page.getByRole("button", { name: "Play D3c3B3d2E1d6D7e3F4" }).click();
  await expect(page.locator("#moves li")).toHaveCount(9);
  await page.getByLabel("Perft depth").fill("6");
  await page.getByRole("button", { name: "Count leaves" }).click();
  await expect(page.locator("#perft-result")).toContainText("8,200 leaves");
});

/** The distance the page shows in play mode, once judged. */
async function distance(page) {
  const section = page.locator("#try-section");
  await expect(section).not.toHaveAttribute("aria-busy", "true");
  return page.getByTestId("distance").textContent();
}

test("play mode: a 20-move scramble of the 8-puzzle is played to the goal by the moves marked closer", async ({ page }) => {
  const errors = await open(page, "?game=sliding");
  await page.getByLabel("Seed").fill("7");
  await page.getByLabel("Moves", { exact: true }).fill("20");
  await page.getByRole("button", { name: "Scramble" }).click();
  await expect(page.getByLabel("Start", { exact: true })).not.toHaveValue("");
  const board = await page.getByLabel("Start", { exact: true }).inputValue();
  await page.getByRole("button", { name: "Play from this board" }).click();
  const start = Number(await distance(page));
  expect(start).toBe(cli(["solve", "sliding", "--board", board]).length);
  expect(page.url()).toContain("mode=play");
  // Hint names one of the moves marked closer.
  await page.getByRole("button", { name: "Hint" }).click();
  await expect(page.locator("#judged button.hinted")).toHaveAttribute("data-mark", "closer");
  // A move marked farther really is farther (the command line's length).
  const farther = page.locator('#judged button[data-mark="farther"]').first();
  if ((await farther.count()) > 0) {
    const b = await farther.getAttribute("data-board");
    expect(cli(["solve", "sliding", "--board", b]).length).toBe(start + 1);
  }
  for (let d = start; d > 0; d--) {
    await page.locator('#judged button[data-mark="closer"]').first().click();
    expect(Number(await distance(page))).toBe(d - 1);
  }
  await expect(page.getByTestId("counter")).toHaveText(`${start} / ${start}`);
  await expect(page.locator("#try-status")).toContainText("Solved");
  // Undo steps back one move.
  await page.getByRole("button", { name: "Undo" }).click();
  expect(Number(await distance(page))).toBe(1);
  expect(errors).toEqual([]);
});

test("play mode opens from its permalink and judges a Klotski move and a 15-puzzle move exactly", async ({ page }) => {
  const fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
  await open(page, `?game=sliding&mode=play&board=${encodeURIComponent(fifteen)}`);
  expect(await distance(page)).toBe("1");
  await page.locator('#judged button[data-mark="closer"]').click();
  expect(await distance(page)).toBe("0");
  await open(page, "?game=klotski&mode=play");
  const d = Number(await distance(page));
  expect(d).toBe(cli(["solve", "--def", "../../puzzles/klotski.toml"]).length);
  const closer = page.locator('#judged button[data-mark="closer"]').first();
  const b = await closer.getAttribute("data-board");
  await closer.click();
  expect(Number(await distance(page))).toBe(d - 1);
  expect(cli(["solve", "--def", "../../puzzles/klotski.toml", "--board", b]).length).toBe(d - 1);
});

test("play mode on a board no slide can solve says so, and marks no move", async ({ page }) => {
  const odd = "213/456/78_";
  const errors = await open(page, `?game=sliding&mode=play&board=${encodeURIComponent(odd)}`);
  expect(await distance(page)).toBe("none");
  await expect(page.locator("#try-status")).toContainText("No sequence of moves reaches the goal");
  const marks = await page.locator("#judged button").evaluateAll((bs) => bs.map((b) => b.dataset.mark));
  expect(marks.length).toBeGreaterThan(0);
  expect(new Set(marks)).toEqual(new Set(["none"]));
  expect(errors).toEqual([]);
});

test("ready means ready: Solve clicked at the earliest moment runs the algorithm asked for", async ({ page }) => {
  await page.goto(`?game=sliding&board=${encodeURIComponent("867/254/3_1")}&algo=bfs`);
  // Playwright's click waits until the button is enabled: the page
  // enables it only once the back end has answered.
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await expect(page.getByTestId("length")).toHaveText("31");
  await expect(page.locator("#results tbody th").first()).toContainText("bfs");
});

test("the search's shape: BFS's states per depth and IDA*'s iterations are the command line's, and download as CSV", async ({ page }) => {
  await open(page, `?game=sliding&board=${encodeURIComponent("867/254/3_1")}&algo=bfs,bidir,idastar`);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await expect(page.locator("#results tbody tr")).toHaveCount(3);
  const rows = (side, name) =>
    page.locator(`#shape-table tbody tr[data-side="${side}"]`).filter({ hasText: name }).evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.count)));
  const bfs = cli(["solve", "sliding", "--board", "867/254/3_1", "--algo", "bfs"]);
  expect(await rows("forward", "bfs")).toEqual(bfs.stats.layers.forward);
  const bidir = cli(["solve", "sliding", "--board", "867/254/3_1", "--algo", "bidir"]);
  expect(await rows("backward", "bidir")).toEqual(bidir.stats.layers.backward);
  const ida = cli(["solve", "sliding", "--board", "867/254/3_1", "--algo", "idastar"]);
  expect(await rows("bound", "idastar")).toEqual(ida.iterations.map((i) => i.generated));
  await expect(page.locator("#shape-chart svg")).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the table as CSV" }).click()]);
  const csv = readFileSync(await download.path(), "utf8").trim().split("\n");
  expect(csv[0]).toBe("algorithm,side,step,count");
  const forward = csv.slice(1).map((l) => l.split(",")).filter((c) => c[0].startsWith('"bfs') && c[1] === "forward");
  expect(forward.map((c) => Number(c[3]))).toEqual(bfs.stats.layers.forward);
  expect(forward.map((c) => Number(c[2]))).toEqual(bfs.stats.layers.forward.map((_, d) => d));
});

// How fast the first answer comes is measured in BENCHMARKS.md, not here:
// this test waits for the events (the answer, the build under way, then
// ready), each with a margin far past this machine's time.
test("a cold cache: the first Korf #1 answers before the strong tables, and the Tables panel shows 7-8z built behind it", async ({ page }) => {
  test.skip(STATIC, "the static build keeps its tables in the browser");
  test.setTimeout(1_000_000);
  // A server of its own, with an empty table folder.
  const { spawn } = await import("node:child_process");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "tansaku-cold-"));
  const port = 18790;
  const server = spawn(BIN, ["serve", "--addr", `127.0.0.1:${port}`, "--pdb-dir", dir], { stdio: "ignore" });
  try {
    const base = `http://127.0.0.1:${port}/`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}api/games`)).ok) break;
      } catch {
        if (i > 100) throw new Error("the server did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const korf = encodeURIComponent("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
    await page.goto(`${base}?game=sliding&board=${korf}&goal=${encodeURIComponent(KORF_GOAL)}`);
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await expect(page.getByTestId("length")).toHaveText("57", { timeout: 120_000 });
    await expect(page.locator("#solve-note")).toContainText("7-8z");
    // Building, or already built on a machine fast enough.
    await expect(page.locator('#building li[data-partition="7-8z"]')).toHaveAttribute("data-state", /^(building|ready)$/);
    await expect(page.locator('#building li[data-partition="7-8z"]')).toHaveAttribute("data-state", "ready", { timeout: 800_000 });
  } finally {
    server.kill();
  }
});
