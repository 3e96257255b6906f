// The lobby as lichess has it (issue #31, items 3 and 7): three big choices first and Start on
// the first screen at 1366x768, levels in words with a middle level chosen, sides named as the
// game names them; Carreaux led by its free variant with the designer's rules and their proof
// one click away; Black Path's start edge chosen on a drawn board and a game played from it.
// axe-core on each, screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boxOf, launch, LAPTOP, newPage, PHONE, play, screenshot } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens the lobby with `game` chosen and its seats filled. */
async function lobbyWith(page, game) {
  await page.goto(BASE + "/");
  await page.waitForSelector("#seat-0");
  await page.selectOption("#game", game);
  await page.waitForFunction((g) => document.querySelector("#rules-link")?.getAttribute("href") === `/rules/${g}`
    && document.querySelector("#seat-0"), game);
}

const optionTexts = (page, selector) => page.locator(`${selector} option`).allTextContents();

test("three choices and Start on the first screen; levels in words, a middle level chosen; sides by the game's names", async () => {
  const page = await newPage(browser);
  await lobbyWith(page, "quarx");
  for (const id of ["#mode-computer", "#mode-friend", "#mode-someone", "#start"]) {
    const box = await boxOf(page, id);
    assert.ok(box && box.bottom <= LAPTOP.height && box.height > 0, `${id} on the first screen: ${JSON.stringify(box)}`);
  }
  assert.equal(await page.getAttribute("#mode-computer", "aria-pressed"), "true");
  // The level question: every level in words, level 3 chosen, and the seat follows it.
  assert.equal(await page.inputValue("#level"), "3");
  assert.match((await optionTexts(page, "#level"))[0], /^Level 1 · beginner/);
  assert.deepEqual(await optionTexts(page, "#side"), ["White", "Black"]);
  assert.equal(await page.inputValue("#seat-0"), "local");
  assert.equal(await page.inputValue("#seat-1"), "computer:3");
  await page.selectOption("#side", "1");
  await page.selectOption("#level", "4");
  assert.equal(await page.inputValue("#seat-0"), "computer:4");
  assert.equal(await page.inputValue("#seat-1"), "local");
  assert.match(await page.textContent('label[for="seat-0"]'), /^White$/);
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "lobby-1366");

  // A friend: online by default (a link to send), or at this screen.
  await page.click("#mode-friend");
  assert.equal(await page.isVisible("#level"), false);
  assert.equal(await page.inputValue("#seat-0"), "invite");
  assert.equal(await page.inputValue("#seat-1"), "local");
  await page.selectOption("#friend-where", "local");
  assert.equal(await page.inputValue("#seat-0"), "local");
  // Someone now: the seek stands where Start stood.
  await page.click("#mode-someone");
  assert.equal(await page.isVisible("#start"), false);
  assert.equal(await page.isVisible("#seek"), true);
  const seek = await boxOf(page, "#seek");
  assert.ok(seek.bottom <= LAPTOP.height, "the seek on the first screen");
  assert.deepEqual(await axeViolations(page), []);

  // A game without names for its sides says which is which.
  await page.click("#mode-computer");
  await lobbyWith(page, "kauri");
  assert.deepEqual(await optionTexts(page, "#side"), ["First player", "Second player"]);

  const phone = await newPage(browser, PHONE);
  await lobbyWith(phone, "carreaux");
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, "the lobby fits the phone");
  assert.ok(await phone.evaluate(() => Math.min(...[...document.querySelectorAll(".modes button, #start, #level, #side")]
    .map((n) => n.getBoundingClientRect().height))) >= 32, "the choices are at least 32 px tall");
  await screenshot(phone, "lobby-390");
  await screenshot(phone, "lobby-390-full", true);
  assert.deepEqual(await axeViolations(phone), []);
  assert.deepEqual([...page.errors, ...phone.errors], []);
});

test("Carreaux: the lobby leads with the free variant, labelled; the designer's rules and their proof one click away", async () => {
  const page = await newPage(browser);
  await lobbyWith(page, "carreaux");
  await page.waitForSelector("#offer");
  assert.equal(await page.inputValue("#set-rule"), "free");
  assert.match(await page.textContent("#lobby-note .badge"), /variant, not the designer's rules/);
  assert.match(await page.textContent("#lobby-note"), /You play the free variant/);
  assert.equal(await page.getAttribute("#lobby-note a", "href"), "/rules/carreaux#what-the-literal-rules-do");
  assert.ok((await boxOf(page, "#lobby-note")).bottom <= LAPTOP.height && (await boxOf(page, "#start")).bottom <= LAPTOP.height,
    "the note and Start on the first screen");
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "lobby-carreaux-default-1366");
  // Start as it stands: a game of the free variant against the computer.
  await page.click("#start");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = new URL(page.url()).pathname.split("/").pop();
  const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.equal(Object.fromEntries(view.settings).rule, "free");
  assert.equal(view.seats[1].kind, "computer");
  // The designer's rules, one click away, with the proof that they always draw.
  await lobbyWith(page, "carreaux");
  await page.click("#offer");
  assert.equal(await page.inputValue("#set-rule"), "literal");
  await page.waitForFunction(() => /draw within six plies/.test(document.querySelector("#lobby-note")?.textContent));
  await page.click("#lobby-note a");
  await page.waitForURL(/\/rules\/carreaux#what-the-literal-rules-do$/);
  assert.match(await page.textContent("#what-the-literal-rules-do"), /What the literal rules do/);
  assert.deepEqual(page.errors, []);
});

test("Black Path: the start edge chosen on the drawn board, then a game started from it", async () => {
  const page = await newPage(browser);
  await lobbyWith(page, "black-path");
  await page.fill("#set-size", "3x4");
  await page.dispatchEvent("#set-size", "change");
  // The board of 3 x 4 has 2 x (3 + 4) boundary edges; the default one is chosen.
  await page.waitForFunction(() => document.querySelectorAll(".edge-picker [data-edge]").length === 14);
  assert.equal(await page.getAttribute('.edge-picker [data-edge="0,0,W"]', "aria-checked"), "true");
  await page.click('.edge-picker [data-edge="2,3,E"]');
  assert.equal(await page.inputValue("#set-start"), "2,3,E");
  assert.equal(await page.getAttribute('.edge-picker [data-edge="2,3,E"]', "aria-checked"), "true");
  assert.match(await page.textContent("#start-edge-words"), /row 3, column 4, east side/);
  // The arrow keys walk along the boundary, clockwise with the right arrow.
  await page.focus('.edge-picker [data-edge="2,3,E"]');
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.inputValue("#set-start"), "2,3,S");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.edge), "2,3,S");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await page.inputValue("#set-start"), "2,3,E");
  assert.deepEqual(await axeViolations(page), []);
  await page.locator(".edge-picker").scrollIntoViewIfNeeded();
  await screenshot(page, "lobby-black-path-edge-1366");
  // Two people at this screen; the first tile sends the path out of the start square westwards.
  await page.click("#mode-friend");
  await page.selectOption("#friend-where", "local");
  await page.click("#start");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector("#board");
  const id = new URL(page.url()).pathname.split("/").pop();
  const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
  const settings = Object.fromEntries(view.settings);
  assert.equal(settings.size, "3x4");
  assert.equal(settings.start, "2,3,E");
  await play(page, ["2,3:W"]);
  assert.match(await page.getAttribute("#board", "data-code"), /^\.\.\.\.\/\.\.\.\.\/\.\.\.3$/);
  assert.deepEqual(page.errors, []);
});
