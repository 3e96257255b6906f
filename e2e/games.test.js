// A complete short game of each of the five games, played by clicking the SVG board against the
// computer at level 1. Long games (Kauri, Quarx) start from a position near their end, imported
// through the lobby as a record with a [Start] tag.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createGame, importGame, launch, newPage, playToTheEnd, randomCell, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The end banner's text, after checking that the move list and board agree with it. */
async function finish(page, name) {
  const banner = await page.textContent("#result");
  await screenshot(page, name);
  assert.deepEqual(page.errors, []);
  return banner;
}

test("Black Path on a 3 x 4 board, by clicks against the computer", async () => {
  const page = await newPage(browser);
  await createGame(page, "black-path", { settings: { size: "3x4" }, seats: ["local", "computer:1"] });
  assert.equal(await page.getAttribute("#board", "data-code"), "..../..../....");
  // The first move: three exits of the start square, each a single click.
  assert.equal(await page.locator("#board .movable").count(), 3);
  await screenshot(page, "black-path-first-move");
  await playToTheEnd(page, randomCell);
  const banner = await finish(page, "black-path");
  assert.match(banner, /wins/);
  assert.ok(await page.locator("#movelist li").count() >= 1);
});

test("Carreaux on a 4 x 4 board ends with no legal move: draw", async () => {
  const page = await newPage(browser);
  await createGame(page, "carreaux", { settings: { size: "4" }, seats: ["local", "computer:1"] });
  // Only tiles next to the bubble (a4 on 4 x 4) can slide.
  const movable = await page.locator("#board .movable").evaluateAll((ns) => ns.map((n) => n.dataset.cell).sort());
  assert.ok(movable.length > 0 && movable.every((c) => ["a3", "b4"].includes(c)), movable.join(" "));
  await playToTheEnd(page, randomCell);
  const banner = await finish(page, "carreaux");
  assert.match(banner, /draw/);
});

test("Karl's Race from the start: the server rolls, stones move by clicks", async () => {
  const page = await newPage(browser);
  await createGame(page, "karls-race", { seats: ["local", "computer:1"] });
  assert.equal(await waitForTurn(page), "move");
  const die = Number(await page.getAttribute("[data-die]", "data-die"));
  assert.ok(die >= 1 && die <= 6);
  // Each movable stone stands on a square of an allowed size and has targets once clicked.
  await page.click("#board .movable");
  assert.ok(await page.locator("#board .target").count() >= 1);
  await page.click("#board .selected");
  assert.equal(await page.locator("#board .target").count(), 0);
  await playToTheEnd(page, randomCell);
  const banner = await finish(page, "karls-race");
  assert.match(banner, /wins/);
});

test("Karl's Race with four players shows four kinds of stones and all four seats", async () => {
  const page = await newPage(browser);
  await createGame(page, "karls-race", { settings: { players: "4" }, seats: ["local", "computer:1", "computer:1", "computer:1"] });
  assert.equal(await page.locator("#board [data-stone]").count(), 16);
  for (const corner of ["NW", "NE", "SW", "SE"]) {
    assert.equal(await page.locator(`#board [data-stone="${corner}"]`).count(), 4, corner);
  }
  assert.equal(await page.locator(".legend li").count(), 4);
  await screenshot(page, "karls-race-4");
  assert.deepEqual(page.errors, []);
});

test("Kauri from a position near the end, imported and finished by clicks", async () => {
  const page = await newPage(browser);
  await createGame(page, "kauri", { seats: ["local", "computer:1"] });
  assert.equal(await page.getAttribute('#board [data-cell="A"]', "data-seeds"), "5");
  assert.equal(await page.locator("#board .movable").count(), 6);
  await screenshot(page, "kauri-start");
  // One seed left on the board (in f), every hole with a cowrie; stores 31 : 28.
  const record = `[Game "kauri"]\n[Start "a/0+1,0+1,0+1,0+1,0+1,1+1/0+1,0+1,0+1,0+1,0+1,0+1/31,28"]\n\n`;
  await importGame(page, record, ["local", "computer:1"]);
  assert.equal(await page.getAttribute('#board [data-cell="f"]', "data-seeds"), "1");
  assert.equal(await page.getAttribute('#board [data-store="0"]', "data-seeds"), "31");
  // First a cowrie-only move (the computer answers), then the last seed whenever f can move.
  let moves = 0;
  await playToTheEnd(page, (cells) => (moves++ > 0 && cells.includes("f") ? "f" : randomCell(cells.filter((c) => c !== "f"))));
  assert.ok((await page.locator("#movelist li").count()) >= 2);
  const banner = await finish(page, "kauri");
  assert.match(banner, /wins|draw/);
});

/** A Quarx position code with the given pieces ("xyab" to o/O/x/X) and side to move. */
function quarxCode(side, pieces) {
  const boards = [];
  for (let i = 0; i < 16; i++) {
    const [a, b] = [(i % 4) + 1, Math.floor(i / 4) + 1];
    let text = "";
    for (let y = 1; y <= 4; y++) for (let x = 1; x <= 4; x++) if ((x + y + a + b) % 2 === 0) text += pieces[`${x}${y}${a}${b}`] || ".";
    boards.push(text);
  }
  return `${side}:${boards.join("/")}`;
}

const cellsOf = (page, cls) => page.locator(`#board .${cls}`).evaluateAll((ns) => ns.map((n) => n.dataset.cell));

test("Quarx: the computer's forced capture, then a double capture chosen cell by cell", async () => {
  const page = await newPage(browser);
  // Black (the computer) must take 1223 with 1324x1122; then White must take both Black men
  // with 1111x1133x3311 (over 1122, then 2222), which leaves Black without pieces.
  const code = quarxCode("b", { 1111: "o", 1223: "o", 1324: "x", 2222: "x" });
  await importGame(page, `[Game "quarx"]\n[Start "${code}"]\n\n`, ["local", "computer:1"]);
  assert.equal(await waitForTurn(page), "move");
  assert.match(await page.textContent("#movelist"), /1324x1122/);
  assert.deepEqual(await cellsOf(page, "movable"), ["1111"]);
  await page.click('#board [data-cell="1111"]');
  assert.deepEqual(await cellsOf(page, "target"), ["1133"]);
  await page.click('#board [data-cell="1133"]');
  assert.deepEqual((await cellsOf(page, "selected")).sort(), ["1111", "1133"]);
  assert.deepEqual(await cellsOf(page, "target"), ["3311"]);
  await page.click('#board [data-cell="3311"]');
  assert.equal(await waitForTurn(page), "over");
  assert.match(await page.textContent("#movelist"), /1111x1133x3311/);
  const banner = await finish(page, "quarx");
  assert.match(banner, /White wins/);
});
