import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const [url, out, w, dark, action] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: Number(w), height: 900 }, colorScheme: dark === "dark" ? "dark" : "light" });
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url);
await page.waitForSelector("body[data-ready=true]");
if (action === "analyse") { await page.getByRole("button", { name: "Analyse the whole space" }).click(); await page.waitForFunction(() => !document.getElementById("longest-figures").hidden, null, {timeout: 60000}); }
if (action === "solve") { await page.getByRole("button", { name: "Solve", exact: true }).click(); await page.waitForFunction(() => document.querySelector('[data-testid=length]').textContent !== "", null, {timeout: 60000}); }
await page.screenshot({ path: out, fullPage: true });
await browser.close();
