// The position editor (issue #31, item 8): positions set up by clicks on the board in all six
// games (Karl's Race and EinStein würfelt nicht with their dice), illegal ones refused with the
// game's reason, the code and the link, a game against the computer and an
// analysis started from a legal position; axe-core and screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, launch, newPage, PHONE, screenshot } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens the editor at `path` and waits for its verdict on the position shown. */
async function openEditor(page, path = "/editor") {
  await page.goto(BASE + path);
  await page.waitForSelector("#board");
  await page.waitForSelector("#verdict[data-code]");
}

/** Chooses the tool `id`, clicks `selector` on the board, and waits for the board to show
 * `code` and the server's verdict on it. */
async function place(page, id, selector, code) {
  await page.click(`.editor-tools [data-tool="${id}"]`);
  await page.click(`#board ${selector}`);
  await checked(page, code);
}

/** Waits until the board shows `code` and the verdict is the server's answer about it. */
async function checked(page, code) {
  await page.waitForSelector(`#board[data-code="${code}"]`);
  await page.waitForSelector(`#verdict[data-code="${code}"]`);
}

const verdict = (page) => page.textContent("#verdict");

test("Kauri: seeds taken and added by clicks; a missing seed refused with the reason; a game against the computer from the position", async () => {
  const page = await newPage(browser);
  await openEditor(page, "/editor/kauri");
  const start = "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0";
  assert.equal(await page.getAttribute("#board", "data-code"), start);
  assert.match(await verdict(page), /^Legal position\. First player to move\.$/);

  // One seed taken from hole a: 59 seeds, refused with the game's reason; nothing to play.
  const missing = "a/4+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0";
  await place(page, "seed-", '[data-cell="a"]', missing);
  await page.waitForSelector("#verdict.illegal");
  assert.match(await verdict(page), /Not a legal position\. The board and stores hold 59 seeds, but the game has 60\./);
  assert.equal(await page.locator("#play-computer").count(), 0);
  assert.equal(await page.isDisabled("#copy-code"), true);
  await screenshot(page, "editor-illegal-1366");
  assert.deepEqual(await axeViolations(page), []);

  // The seed put into the first player's store: legal; the second player to move.
  const moved = "a/4+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/1,0";
  await place(page, "seed+", '[data-store="0"]', moved);
  await page.waitForSelector("#verdict.legal");
  await page.selectOption("#editor-side", "A");
  const theirs = moved.replace(/^a/, "A");
  await checked(page, theirs);
  await page.waitForSelector("#play-computer");
  assert.match(await verdict(page), /Second player to move\./);
  // The code copied as the game writes it.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
  await page.click("#copy-code");
  await page.waitForSelector("#copied:has-text('Copied.')");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), theirs);
  // The address carries the code: opened elsewhere, it shows the same position.
  const link = page.url();
  assert.ok(link.includes("/editor/kauri?code="), link);
  const other = await newPage(browser);
  await openEditor(other, link.slice(BASE.length));
  assert.equal(await other.getAttribute("#board", "data-code"), theirs);

  // Played against the computer from here: the game page starts at the position, the person
  // playing the side to move.
  assert.equal(await page.inputValue("#editor-seat"), "1");
  await page.click("#play-computer");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector(`#board[data-code="${theirs}"]`);
  await page.waitForSelector("#board .movable");
  // And back: the game page opens its position in the editor.
  await page.click(".picture-box summary");
  await page.click("#edit-position");
  await page.waitForURL(/\/editor\/kauri\?/);
  await checked(page, theirs);
  assert.deepEqual([...page.errors, ...other.errors], []);
});

test("Karl's Race: stones placed, the side and the die chosen; seven stones refused; the position analysed in the editor", async () => {
  const page = await newPage(browser);
  await openEditor(page, "/editor/karls-race");
  assert.equal(await page.getAttribute("#board", "data-code"), "w:ABCGHJ:MNPQTU");
  assert.match(await verdict(page), /The die is to be rolled/);

  // A seventh White stone (on Black's A): refused with the reason.
  await place(page, "SE", '[data-cell="A"]', "w:BCGHJ:AMNPQTU");
  await page.waitForSelector("#verdict.illegal");
  assert.match(await verdict(page), /Not a legal position\. White has 7 stones, but a player starts with 6/);

  // Cleared, one stone each, Black to move with a 4 rolled.
  await page.click("#editor-clear");
  await checked(page, "w:-:-");
  await place(page, "NW", '[data-cell="A"]', "w:A:-");
  await place(page, "SE", '[data-cell="U"]', "w:A:U");
  await page.selectOption("#editor-side", "b");
  await checked(page, "b:A:U");
  await page.selectOption("#editor-die", "4");
  await checked(page, "b4:A:U");
  await page.waitForSelector("#verdict.legal");
  await page.waitForSelector("#analyse-position");
  assert.match(await verdict(page), /Legal position\. Black to move/);
  assert.equal(await page.inputValue("#editor-code"), "b4:A:U");
  await screenshot(page, "editor-1366");
  assert.deepEqual(await axeViolations(page), []);

  // Analysed here, as lichess's analysis board: Black's chances, the best move (one of the
  // legal moves, marked on the board) and the line, which ends at the next roll.
  const { legal } = await (await fetch(`${BASE}/api/positions`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "karls-race", code: "b4:A:U" }) })).json();
  await page.click("#analyse-position");
  await page.waitForSelector("#analysis-chances");
  assert.match(await page.textContent("#analysis-chances"), /^Black to move: \d+% win \(.+\)\.$/);
  const best = await page.getAttribute("#analysis-best", "data-move");
  assert.ok(legal.includes(best), `${best} is not among ${legal}`);
  // Said as the move buttons say it ("U → S"), the best move and the line alike.
  const words = best.replace("-", " → ");
  assert.equal(await page.textContent("#analysis-best"), `Best move: ${words}`);
  assert.equal(await page.textContent("#analysis-line"), `1. Black: ${words}`);
  assert.equal(await page.getAttribute("#board [data-best]", "data-best"), best);
  assert.match(page.url(), /\/editor\/karls-race\?/, "the editor stays: no game is made");
  await screenshot(page, "editor-analysis-1366");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.errors, []);
});

test("on a phone the analysis is read with the board: the best move marked and its words on one screen", async () => {
  const page = await newPage(browser, PHONE);
  const code = "b4:A:U";
  await openEditor(page, `/editor/karls-race?code=${encodeURIComponent(code)}`);
  await checked(page, code);
  await page.waitForSelector("#analyse-position");
  await page.click("#analyse-position");
  await page.waitForSelector("#analysis-best");
  await page.waitForSelector("#board [data-best]");
  // The Analyse button is below the board; the answer shows the board again, the mark on it,
  // and the best move's words right under it, all within the screen.
  const seen = await page.evaluate(() => {
    const inView = (node) => { const r = node.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; };
    return { mark: inView(document.querySelector("#board [data-best]")), words: inView(document.querySelector("#analysis-best")),
      chances: inView(document.querySelector("#analysis-chances")), board: document.querySelector("#board").getBoundingClientRect().top };
  });
  assert.deepEqual({ mark: seen.mark, words: seen.words, chances: seen.chances }, { mark: true, words: true, chances: true }, `board at ${seen.board} px`);
  await screenshot(page, "editor-analysis-390");
  assert.deepEqual(await axeViolations(page), []);
  // Another position clears the analysis.
  await page.click('.editor-tools [data-tool="SE"]');
  await page.click('#board [data-cell="B"]');
  await page.waitForSelector("#analysis-best", { state: "detached" });
  assert.deepEqual(page.errors, []);
});

test("EinStein würfelt nicht: cubes moved by clicks, both sides winning refused, a legal position with its die; the phone", async () => {
  const page = await newPage(browser, PHONE);
  // The lobby links the editor.
  await page.goto(BASE + "/");
  await page.click("#editor-link");
  await page.waitForURL(/\/editor$/);
  await page.waitForSelector("#verdict[data-code]");
  await page.selectOption("#editor-game", "einstein");
  const arranged = "w:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1";
  await checked(page, arranged);
  await page.waitForSelector("#verdict.legal");

  // Black's 1 onto e1 (it leaves a5; White's 1 there goes), then White's 1 onto a5: each side
  // stands on its goal, which the game refuses.
  await place(page, "b1", '[data-cell="e1"]', "w:.b2b3../b4b5.../b6...w6/...w5w4/..w3w2b1");
  await place(page, "w1", '[data-cell="a5"]', "w:w1b2b3../b4b5.../b6...w6/...w5w4/..w3w2b1");
  await page.waitForSelector("#verdict.illegal");
  assert.match(await verdict(page), /Not a legal position\. Both sides meet a winning condition\./);

  // White's 1 off the board again, White to move with a 6: legal.
  await place(page, ".", '[data-cell="a5"]', "w:.b2b3../b4b5.../b6...w6/...w5w4/..w3w2b1");
  await page.waitForSelector("#verdict.legal");
  assert.match(await verdict(page), /game is over/, "Black's 1 on e1 has won");
  await place(page, "b1", '[data-cell="c3"]', "w:.b2b3../b4b5.../b6.b1.w6/...w5w4/..w3w2.");
  await page.waitForSelector("#verdict.legal");
  assert.match(await verdict(page), /The die is to be rolled/);
  await page.selectOption("#editor-die", "6");
  const code = "w6:.b2b3../b4b5.../b6.b1.w6/...w5w4/..w3w2.";
  await checked(page, code);
  await page.waitForSelector("#verdict.legal");
  await page.waitForSelector("#play-friend");
  assert.match(await verdict(page), /White to move/);
  // Every control outside the board is a tap target of 32 pixels at least.
  const small = await page.evaluate(() => [...document.querySelectorAll(".editor-side button, .editor-side select, .editor-side input")]
    .filter((n) => { const r = n.getBoundingClientRect(); return r.width && r.height < 31.5; }).map((n) => n.id || n.textContent));
  assert.deepEqual(small, []);
  await screenshot(page, "editor-390");
  await screenshot(page, "editor-390-full", true);
  assert.deepEqual(await axeViolations(page), []);

  // A friend invited to play it.
  await page.click("#play-friend");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector(`#board[data-code="${code}"]`);
  assert.deepEqual(page.errors, []);
});

test("Black Path: a tile off the path refused; the code typed in; Carreaux's bubble; Quarx zoomed on a phone", async () => {
  const page = await newPage(browser);
  await openEditor(page, "/editor/black-path?size=3x3");
  assert.equal(await page.getAttribute("#board", "data-code"), ".../.../...");
  await place(page, "2", '[data-square="1,1"]', ".../.2./...");
  await page.waitForSelector("#verdict.illegal");
  assert.match(await verdict(page), /Not a legal position\. The tile on row 2, column 2 is not on the path from the start edge\./);
  // A code typed in the box: drawn and checked.
  await page.fill("#editor-code", "2../.../...");
  await page.press("#editor-code", "Enter");
  await checked(page, "2../.../...");
  await page.waitForSelector("#verdict.legal");
  assert.match(await verdict(page), /Second player to move\./);
  // A code that is no position: the reason, and the board stays as it was.
  await page.fill("#editor-code", "no code");
  await page.press("#editor-code", "Enter");
  await page.waitForSelector('#verdict[data-code="no code"]');
  assert.match(await verdict(page), /Not a legal position\. 1 rows, but the board has 3/);
  assert.equal(await page.getAttribute("#board", "data-code"), "2../.../...");

  // In German: the editor's words, and the game's reason worded by the server from its catalogue.
  await page.evaluate(() => localStorage.setItem("tafel:language", "de"));
  await openEditor(page, "/editor/black-path?size=3x3&code=.2.%2F...%2F...");
  assert.equal(await verdict(page), "Keine gültige Stellung. Das Plättchen in Reihe 1, Spalte 2 liegt nicht auf dem Pfad von der Startkante.");
  assert.equal(await page.textContent('.editor-tools [data-tool="3"]'), "Plättchen 3 (Kreuzung)");
  await page.evaluate(() => localStorage.removeItem("tafel:language"));

  // Carreaux: the bubble moved (the tile there takes its old cell); a tile on it leaves none.
  await openEditor(page, "/editor/carreaux");
  assert.equal(await page.getAttribute("#board", "data-code"), "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG");
  await place(page, ".", '[data-cell="a1"]', "r:RBGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/.GRGRG");
  await page.waitForSelector("#verdict.legal");
  await place(page, "B", '[data-cell="a1"]', "r:RBGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/BGRGRG");
  await page.waitForSelector("#verdict.illegal");
  assert.match(await verdict(page), /Not a legal position\. No bubble: exactly one cell must be empty/);

  // Quarx on a phone: the board shown larger (to scroll), a Black king placed on board 22.
  const phone = await newPage(browser, PHONE);
  await openEditor(phone, "/editor/quarx");
  const start = await phone.getAttribute("#board", "data-code");
  const boards = start.slice(2).split("/");
  assert.equal(boards[5], "ooo2xxx");
  boards[5] = "oooX1xxx";
  await place(phone, "X", '[data-cell="4222"]', `w:${boards.join("/")}`);
  await phone.waitForSelector("#verdict.legal");
  await phone.waitForSelector("#editor-board .board-scroll.zoomed");
  await screenshot(phone, "editor-quarx-390");
  assert.deepEqual(await axeViolations(phone), []);
  assert.deepEqual([...page.errors, ...phone.errors], []);
});
