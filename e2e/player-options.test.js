// What players expect (issue #31, item 8): the board turned round (one's own side at the
// bottom online, a button to flip), a dark theme (the system's choice or the switch's,
// remembered), any clock from 1+0 in the lobby, and notifications of one's turn while the page
// is hidden (asked for, never required). Scripted moves, axe-core, screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, boxOf, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens the invitation `created` holds for seat 1 in `page` and takes it as `name`. */
async function join(page, created, name) {
  await page.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", name);
  await page.click("#join");
  await page.waitForSelector("#you.player"); // "You play Blue", "You move second"
}

/** The vertical centre of board cell `cell` on screen. */
const cellY = async (page, cell) => { const b = await boxOf(page, `#board [data-cell="${cell}"]`); return b.top + b.height / 2; };

test("the board turns round: the guest's own row at the bottom, the flip button, moves by clicks on the turned board", async () => {
  const host = await newPage(browser);
  const created = await openNewGame(host, { game: "kauri", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await newPage(browser, PHONE);
  await join(guest, created, "Ada");
  // The host (first player) sees its row (a-f) at the bottom as drawn; the guest (second
  // player) sees the board turned, its row (A-F) at the bottom.
  assert.equal(await host.getAttribute("#board", "data-flipped"), "false");
  assert.ok(await cellY(host, "a") > await cellY(host, "A"));
  assert.equal(await guest.getAttribute("#board", "data-flipped"), "true");
  assert.ok(await cellY(guest, "A") > await cellY(guest, "a"), "the guest's own row at the bottom");
  // Moves by clicks on both boards.
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["f"]);
  assert.equal(await waitForTurn(guest), "move");
  const hole = await guest.getAttribute("#board .movable", "data-cell");
  await play(guest, [hole]);
  await screenshot(guest, "options-flipped-390");
  assert.deepEqual(await axeViolations(guest), []);
  // The button turns it back, and again.
  await guest.click("#flip");
  await guest.waitForSelector('#board[data-flipped="false"]');
  assert.ok(await cellY(guest, "a") > await cellY(guest, "A"));
  assert.equal(await guest.getAttribute("#flip", "aria-pressed"), "false");
  await host.click("#flip");
  await host.waitForSelector('#board[data-flipped="true"]');
  await screenshot(host, "options-flipped-1366");
  assert.deepEqual([...host.errors, ...guest.errors], []);
});

test("the dark theme: the system's choice by default, the switch remembered", async () => {
  const page = await newPage(browser, PHONE, { colorScheme: "dark" });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await openNewGame(page, { game: "carreaux", seats: [{ kind: "local" }, { kind: "computer", level: 1 }] });
  assert.equal(await background(), "rgb(21, 23, 26)", "dark, as the system says");
  await screenshot(page, "options-dark-390");
  assert.deepEqual(await axeViolations(page), []);
  // The switch: dark, light, the system's again; the choice survives a reload.
  assert.equal(await page.textContent("#theme"), "Theme: as the system");
  await page.click("#theme");
  await page.click("#theme");
  assert.equal(await page.textContent("#theme"), "Theme: light");
  assert.equal(await background(), "rgb(250, 248, 243)");
  await page.reload();
  await page.waitForSelector("#board");
  assert.equal(await background(), "rgb(250, 248, 243)", "light, as chosen, over the system's dark");
  const laptop = await newPage(browser, undefined, { colorScheme: "light" });
  await laptop.goto(BASE + "/");
  await laptop.waitForSelector("#theme");
  await laptop.click("#theme");
  assert.equal(await laptop.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(21, 23, 26)");
  await laptop.waitForSelector("#start");
  await screenshot(laptop, "options-dark-lobby-1366");
  assert.deepEqual(await axeViolations(laptop), []);
  // A rules page (no other script) follows the switch too.
  await laptop.goto(`${BASE}/rules/kauri`);
  await laptop.waitForSelector("#theme");
  assert.equal(await laptop.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(21, 23, 26)");
  assert.equal(await laptop.textContent("#theme"), "Theme: dark");
  await screenshot(laptop, "options-dark-rules-1366");
  assert.deepEqual(await axeViolations(laptop), []);
  assert.deepEqual([...page.errors, ...laptop.errors], []);
});

test("a 1+0 game from the lobby's custom clock", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/");
  await page.selectOption("#game", "carreaux");
  await page.waitForSelector("#seat-1");
  await page.selectOption("#seat-1", "invite");
  assert.equal(await page.isVisible("#clock-minutes"), false);
  await page.selectOption("#clock", "custom");
  await page.fill("#clock-minutes", "1");
  await page.fill("#clock-increment", "0");
  await screenshot(page, "options-custom-clock-1366");
  await page.setViewportSize(PHONE);
  await page.locator("#clock-minutes").scrollIntoViewIfNeeded();
  await screenshot(page, "options-custom-clock-390");
  assert.deepEqual(await axeViolations(page), []);
  await page.setViewportSize({ width: 1366, height: 768 });
  assert.deepEqual(await axeViolations(page), []);
  await page.click("#start");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector("#clocks");
  assert.equal(await page.textContent('#clocks .clock[data-seat="0"] .time'), "1:00");
  assert.match(await page.getAttribute("#clocks", "aria-label"), /Clocks, 1\+0/);
  // Beyond the server's limit: said, not sent.
  await page.goto(BASE + "/");
  await page.selectOption("#clock", "custom");
  await page.fill("#clock-minutes", "2000");
  await page.click("#start");
  await page.waitForSelector("#lobby-error:not(:empty)");
  assert.match(await page.textContent("#lobby-error"), /initial time is 1 to 86400 seconds/);
  assert.deepEqual(page.errors, []);
});

test("notifications of one's turn while the page is hidden, asked for with a button", async () => {
  const host = await newPage(browser);
  const created = await openNewGame(host, { game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await newPage(browser);
  // The browser's notifications, recorded (headless chromium shows none).
  await guest.addInitScript(() => {
    window.shown = [];
    window.Notification = class {
      static permission = "default";
      static async requestPermission() { window.Notification.permission = "granted"; return "granted"; }
      constructor(title, options) { window.shown.push({ title, body: options.body }); }
      close() {}
    };
  });
  await join(guest, created, "Ada");
  assert.equal(await guest.textContent("#notify"), "Notify me of my turn when this page is hidden");
  await guest.click("#notify");
  await guest.waitForSelector('#notify[aria-pressed="true"]');
  // The page shown: no notification on the guest's turn.
  await play(host, ["b6"]);
  assert.equal(await waitForTurn(guest), "move");
  assert.deepEqual(await guest.evaluate(() => window.shown), []);
  await play(guest, ["c6"]);
  // The page hidden: the turn is notified.
  await guest.evaluate(() => {
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  assert.equal(await waitForTurn(host), "move");
  await play(host, [await host.getAttribute("#board .movable", "data-cell")]);
  await guest.waitForFunction(() => window.shown.length === 1);
  const [note] = await guest.evaluate(() => window.shown);
  assert.equal(note.title, "Your move · Carreaux");
  assert.match(note.body, /^Last move: Hal \(Red\) played /);
  assert.deepEqual(await axeViolations(guest), []);
  assert.deepEqual([...host.errors, ...guest.errors], []);
});
