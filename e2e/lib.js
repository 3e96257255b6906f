// Shared helpers for Tafel's browser tests: launching Debian's chromium through playwright-core
// (no browser download), creating games through the lobby, playing scripted moves by clicking
// the SVG board (the data-cell / movable / target attributes documented in
// web/boards/common.js), and checks the tests share: axe-core, what is on screen, tap sizes.

import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

/** The running `tafel serve` under test (scripts/test starts one and sets TAFEL_URL). */
export const BASE = process.env.TAFEL_URL || "http://127.0.0.1:8080";
/** Where screenshots go (gitignored). */
export const ARTIFACTS = new URL("./artifacts/", import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** The laptop and phone sizes every page is checked at. */
export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** Launches headless chromium from the system (CHROMIUM overrides the path). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A fresh page (own context: own localStorage), laptop-sized unless told otherwise. Errors
 * the page throws and the content-security-policy violations it reports are collected. */
export async function newPage(browser, viewport = LAPTOP, options = {}) {
  // English unless a test asks for another locale (the interface follows the browser's language).
  const context = await browser.newContext({ viewport, acceptDownloads: true, locale: "en-US", ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) page.errors.push(m.text());
  });
  return page;
}

/**
 * Creates a game in the lobby: `settings` maps setting keys to values, `seats` lists each seat's
 * choice ("local", "invite" or "computer:LEVEL"). Waits for the game page's board.
 */
export async function createGame(page, game, { settings = {}, seats = [] } = {}) {
  await page.goto(BASE + "/");
  await page.selectOption("#game", game);
  await page.waitForSelector("#seat-0");
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

/** A Quarx position code with the given pieces ("xyab" to o/O/x/X) and side to move. */
export function quarxCode(side, pieces) {
  const boards = [];
  for (let i = 0; i < 16; i++) {
    const [a, b] = [(i % 4) + 1, Math.floor(i / 4) + 1];
    let text = "";
    for (let y = 1; y <= 4; y++) for (let x = 1; x <= 4; x++) if ((x + y + a + b) % 2 === 0) text += pieces[`${x}${y}${a}${b}`] || ".";
    boards.push(text);
  }
  return `${side}:${boards.join("/")}`;
}

/** Creates a game through the API of the server at `base` (for tests about the page, not the
 * lobby) and opens it in `page` with the seats' secrets stored as the lobby stores them. */
export async function openNewGame(page, request, base = BASE) {
  const response = await fetch(`${base}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
  if (!response.ok) throw new Error(`creating a game: ${response.status} ${await response.text()}`);
  const created = await response.json();
  await page.goto(base + "/");
  const held = Object.fromEntries(created.seats.filter((s) => s.token).map((s) => [s.seat, { kind: s.kind, token: s.token }]));
  await page.evaluate(([id, value]) => localStorage.setItem(`tafel:${id}`, JSON.stringify(value)), [created.id, held]);
  await page.goto(`${base}/game/${created.id}`);
  await page.waitForSelector("#board");
  return created;
}

/** Plays `moves` (in the API's notation) in the game `created` (as `openNewGame` returns it)
 * through the API, each for the seat to move; resolves to the game's view after the last. */
export async function playThroughApi(created, moves, base = BASE) {
  let view = created.view;
  for (const move of moves) {
    const token = created.seats[view.status.seat].token;
    const response = await fetch(`${base}/api/games/${created.id}/moves`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, move }),
    });
    if (!response.ok) throw new Error(`${move}: ${response.status} ${await response.text()}`);
    view = await response.json();
  }
  return view;
}

/** The ply the board shows. */
export const boardPly = (page) => page.getAttribute("#board", "data-ply").then(Number);

/** Waits until this screen may move ("move": cells marked movable; "pass": only a move
 * without a cell, offered beside the status) or the game is over ("over"). */
export async function waitForTurn(page, timeout = 60000) {
  const handle = await page.waitForFunction(() => {
    if (document.querySelector("#result")) return "over";
    if (document.querySelector("#board .movable")) return "move";
    if (document.querySelector(".boardless button")) return "pass";
    return null;
  }, null, { timeout });
  return handle.jsonValue();
}

/** Plays one move by clicking `cells` in order on the board (each must be clickable then);
 * waits for the board to show a later ply. */
export async function play(page, cells) {
  const before = await boardPly(page);
  for (const [i, cell] of cells.entries()) {
    await page.click(`#board .${i ? "target" : "movable"}[data-cell="${cell}"]`, { timeout: 5000 });
  }
  await page.waitForFunction((p) => Number(document.querySelector("#board")?.dataset.ply) > p, before, { timeout: 60000 });
}

/** Waits for the computer's reply after the board showed `ply` moves: this screen's turn
 * again (or the end), with the board past `ply`. */
export async function waitForReply(page, ply) {
  await page.waitForFunction((p) => Number(document.querySelector("#board")?.dataset.ply) > p
    && (document.querySelector("#result") || document.querySelector("#board .movable") || document.querySelector(".boardless button")), ply, { timeout: 60000 });
}

/** The data-cell ids of the board's cells with class `cls`, sorted. */
export const cellsOf = (page, cls) => page.locator(`#board [data-cell].${cls}`).evaluateAll((ns) => ns.map((n) => n.dataset.cell).sort());

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The serious and critical axe-core violations of the page as it is (axe is injected
 * through the DevTools protocol, which the page's content security policy does not govern). */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

/** The box of `selector` relative to the viewport as the page is now (null if absent). */
export const boxOf = (page, selector) => page.evaluate((s) => {
  const node = document.querySelector(s);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
}, selector);

/** The smallest width or height (CSS pixels) of the elements matching `selector`. */
export const smallestSide = (page, selector) => page.evaluate((s) =>
  Math.min(...[...document.querySelectorAll(s)].map((n) => { const r = n.getBoundingClientRect(); return Math.min(r.width, r.height); })), selector);

/** Saves a screenshot of the viewport as artifacts/NAME.png (`full` for the whole page). */
export const screenshot = (page, name, full = false) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: full });

/** A username nobody has taken in this server's database. */
export const freshName = (prefix) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);

/** Fills and sends the form on /sign-up or /sign-in. */
export async function submitAccountForm(page, path, username, password) {
  await page.goto(BASE + path);
  const form = path.slice(1);
  await page.fill("#username", username);
  await page.fill("#password", password);
  await page.click(`#${form}-submit`);
}

/** The texts of the chat messages shown in `room` ("players" or "spectators") on `page`. */
export const chatTexts = (page, room) => page.locator(`#chat-${room} .chat-text`).allTextContents();

/** Waits until `page` shows `text` in the chat's `room`. */
export const waitForChat = (page, room, text) => page.waitForFunction(([r, t]) =>
  [...document.querySelectorAll(`#chat-${r} .chat-text`)].some((n) => n.textContent === t), [room, text]);

/** Types `text` into the chat of `page` and sends it with Enter; waits until it is shown there
 * and the input emptied. */
export async function sayInChat(page, room, text) {
  await page.fill("#chat-input", text);
  await page.press("#chat-input", "Enter");
  await waitForChat(page, room, text);
  await page.waitForFunction(() => document.querySelector("#chat-input").value === ""); // emptied once sent
}

/** `guest` opens the invitation `link` and takes its seat; waits until the page says whom they play. */
export async function joinByLink(guest, link) {
  await guest.goto(link);
  await guest.waitForSelector("#join");
  await guest.click("#join");
  await guest.waitForSelector("#you.player"); // "You play Blue", "You move second", in any language
}
