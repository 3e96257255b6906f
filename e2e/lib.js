// Shared helpers for Tafel's browser tests: launching Debian's chromium through playwright-core
// (no browser download), creating games through the lobby, and playing moves by clicking the
// SVG board (the data-cell / movable / target attributes documented in web/boards/common.js).

import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

/** The running `tafel serve` under test (scripts/test starts one and sets TAFEL_URL). */
export const BASE = process.env.TAFEL_URL || "http://127.0.0.1:8080";
/** Where screenshots go (gitignored). */
export const ARTIFACTS = new URL("./artifacts/", import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** Launches headless chromium from the system (CHROMIUM overrides the path). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A fresh page (own context: own localStorage) of the laptop size unless told otherwise. */
export async function newPage(browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  return page;
}

/**
 * Creates a game in the lobby: `settings` maps setting keys to values, `seats` lists each seat's
 * choice ("local", "invite" or "computer:LEVEL"). Waits for the game page's board.
 */
export async function createGame(page, game, { settings = {}, seats = [] } = {}) {
  await page.goto(BASE + "/");
  await page.selectOption("#game", game);
  for (const [key, value] of Object.entries(settings)) {
    const input = page.locator(`#set-${key}`);
    if (await input.evaluate((n) => n.tagName === "SELECT")) await input.selectOption(value);
    else { await input.fill(value); await input.dispatchEvent("change"); }
  }
  await page.waitForSelector("#seat-0");
  for (const [i, choice] of seats.entries()) await page.selectOption(`#seat-${i}`, choice);
  await page.click("#start");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector("#board");
}

/** Imports a record through the lobby with the given seat choices; waits for the board. */
export async function importGame(page, record, seats = []) {
  await page.goto(BASE + "/");
  await page.fill("#record", record);
  await page.dispatchEvent("#record", "change");
  await page.waitForSelector("#import-seat-0");
  for (const [i, choice] of seats.entries()) await page.selectOption(`#import-seat-${i}`, choice);
  await page.click("#import");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector("#board");
}

/** The ply the board shows. */
export const boardPly = (page) => page.getAttribute("#board", "data-ply").then(Number);

/** Waits until this screen may move (cells marked movable) or the game is over. */
export async function waitForTurn(page, timeout = 60000) {
  const handle = await page.waitForFunction(() =>
    document.querySelector("#result") ? "over" : document.querySelector("#board .movable") ? "move" : null, null, { timeout });
  return handle.jsonValue();
}

/**
 * Plays one move by clicks: a movable cell chosen by `choose` (from the cells' ids), then
 * targets chosen the same way until the move is sent; waits for the board to show a later ply.
 */
export async function clickMove(page, choose = (cells) => cells[0]) {
  const before = await boardPly(page);
  const cells = await page.locator("#board .movable").evaluateAll((ns) => ns.map((n) => n.dataset.cell));
  await page.click(`#board .movable[data-cell="${choose(cells)}"]`, { timeout: 5000 });
  for (;;) {
    const targets = await page.locator("#board .target").evaluateAll((ns) => ns.map((n) => n.dataset.cell));
    if (!targets.length) break;
    await page.click(`#board .target[data-cell="${choose(targets)}"]`, { timeout: 5000 });
  }
  await page.waitForFunction((p) => Number(document.querySelector("#board")?.dataset.ply) > p, before, { timeout: 60000 });
}

/** Plays by clicks until the game is over (the computer answering in between). */
export async function playToTheEnd(page, choose, maxMoves = 300) {
  for (let i = 0; i < maxMoves; i++) {
    if ((await waitForTurn(page)) === "over") return i;
    await clickMove(page, choose);
  }
  throw new Error(`no result after ${maxMoves} moves`);
}

/** A random choice (the tests' own moves vary from run to run; the engine checks them all). */
export const randomCell = (cells) => cells[Math.floor(Math.random() * cells.length)];

/** Saves a full-page screenshot as artifacts/NAME.png. */
export const screenshot = (page, name) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
