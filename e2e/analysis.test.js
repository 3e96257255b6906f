// The analysis of a game on its page (issue #21): after a scripted game of Black Path on 3 x 4
// (solved: every value is exact) the chart of the first player's chance is there, a click on a
// point (or Enter on it) shows the position before that move with its best move drawn on the
// board and its evaluation in words, the losses are in a table and the marks in the move
// list; during a game a spectator may ask for the analysis of the moves so far, a player sees
// none. Hints: off unless turned on in the lobby before a game against the computer; then the
// best move of the player's position is drawn on request. Screenshots at both sizes, axe-core
// clean.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boardPly, boxOf, launch, newPage, openNewGame, PHONE, playThroughApi, screenshot, smallestSide, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A game of Black Path on 3 x 4 that the first player wins on the twelfth tile. */
const EXITS = ["0,0:E", "0,1:E", "0,2:S", "1,2:W", "1,1:W", "1,0:S", "2,0:E", "2,1:E", "2,2:E", "2,3:N", "1,3:N", "0,3:W"];
const GAME = { game: "black-path", settings: { size: "3x4" }, seats: [{ kind: "local" }, { kind: "local" }] };

/** Plays `moves` through the API (it takes the side the path leaves by: the board's exit
 * "0,0:E" is "E"). */
const playAlong = (created, moves) => playThroughApi(created, moves.map((move) => move.split(":")[1]));

const shownPly = (page, ply) => page.waitForFunction((p) => document.querySelector("#board")?.dataset.ply === String(p), ply);

for (const [viewport, size] of [[undefined, "1366"], [PHONE, "390"]]) {
  test(`a finished game's analysis: chart, jumps, the best move drawn, losses and marks (${size})`, async () => {
    const page = await newPage(browser, viewport);
    const created = await openNewGame(page, GAME);
    await playAlong(created, EXITS);
    await page.reload();
    await page.waitForSelector("#result");
    // The analysis comes by itself once the game is over (computed once on the server).
    await page.waitForSelector("#analysis-chart .chart-point", { timeout: 60000 });
    const points = await page.locator("#analysis-chart .chart-point").evaluateAll((ns) => ns.map((n) => Number(n.dataset.ply)));
    // One point before each of the twelve moves, and the result.
    assert.deepEqual(points, [...Array(13).keys()]);
    assert.equal(await page.locator("#loss-table tbody tr").count(), 12);

    // A click on the point before the fifth move shows that position, its best move and its value.
    await page.click('#analysis-chart .chart-point[data-ply="4"]');
    await shownPly(page, 4);
    assert.equal(await page.locator("#board .best-move").count(), 1, "the best move is drawn");
    const best = await page.getAttribute("#board .best-move", "data-best");
    assert.ok(EXITS.length && best, "the best move is named");
    assert.match(await page.textContent("#evaluation"), /^First player to move: \d+% win \(exact\)\. Best move: Tile \d: out \w+\.$/);
    assert.equal(await page.getAttribute('#analysis-chart .chart-point[data-ply="4"]', "aria-current"), "step");
    assert.equal(await page.getAttribute("#movelist .ply.current", "data-ply"), "4");
    if (viewport === PHONE) {
      // On a phone the board, above the analysis, comes into view with the position chosen.
      const board = await boxOf(page, ".board-area");
      assert.ok(board.top >= -1 && board.top < PHONE.height / 2, `the board is in view (top ${board.top})`);
      // Every point is a tap target of at least 32 pixels.
      assert.ok(await smallestSide(page, "#analysis-chart .chart-point") >= 32, "chart points of 32 px at least");
    }
    // Words for players: who was winning, the chart's colours, the engine's details folded.
    assert.match(await page.textContent("#story"), /^(First player was winning|Second player was winning|The game was balanced)[^.]*( until move \d+, then [^.]+)?\.$/);
    assert.deepEqual(await page.locator("#chart-legend li").allTextContents(),
      ["First player's chance", "the only good move", "a mistake", "a blunder", "the position shown"]);
    assert.equal(await page.getAttribute("#engine-details", "open"), null);
    assert.match(await page.textContent("#engine-details"), /Search: /);

    // Keyboard: Enter on a point jumps as a click does.
    await page.focus('#analysis-chart .chart-point[data-ply="9"]');
    await page.keyboard.press("Enter");
    await shownPly(page, 9);
    assert.match(await page.textContent("#evaluation"), /^Second player to move: /);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "point-9", "the focus stays on the point");

    // The table of losses jumps too; the marks it shows are in the move list.
    await page.click("#loss-box summary");
    await page.click("#loss-2");
    await shownPly(page, 2);
    const marked = await page.locator("#loss-table tbody td.mark-cell abbr").count();
    assert.equal(await page.locator("#movelist .move-mark").count(), marked);
    // The final position has no move to suggest.
    await page.click('#analysis-chart .chart-point[data-ply="12"]');
    await page.waitForFunction(() => !document.querySelector("#board .best-move") && document.querySelector("#board").dataset.ply === "12");
    await page.click('#analysis-chart .chart-point[data-ply="5"]');
    await shownPly(page, 5);
    await page.locator("#analysis").scrollIntoViewIfNeeded();
    await screenshot(page, `analysis-${size}`, true);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
  });
}

test("during a game a spectator may see the analysis of the moves so far, a player may not", async () => {
  const player = await newPage(browser);
  const created = await openNewGame(player, GAME);
  await playAlong(created, EXITS.slice(0, 5));
  await player.reload();
  await player.waitForFunction(() => document.querySelector("#board")?.dataset.ply === "5");
  assert.equal(await player.locator("#analysis").count(), 0, "no analysis for a player during the game");

  const spectator = await newPage(browser);
  await spectator.goto(`${BASE}/game/${created.id}`);
  await spectator.waitForSelector("#analyse");
  await spectator.click("#analyse");
  await spectator.waitForSelector("#analysis-chart .chart-point", { timeout: 60000 });
  assert.equal(await spectator.locator("#analysis-chart .chart-point").count(), 5, "one point per move played");
  assert.equal(await boardPly(spectator), 5);
  // The position on the board gets no best move: only the moves played are analysed.
  assert.equal(await spectator.locator("#board .best-move").count(), 0);
  await spectator.click('#analysis-chart .chart-point[data-ply="3"]');
  await shownPly(spectator, 3);
  assert.equal(await spectator.locator("#board .best-move").count(), 1);
  await screenshot(spectator, "analysis-spectator-1366");
  assert.deepEqual(await axeViolations(spectator), []);
  assert.deepEqual(player.errors, []);
  assert.deepEqual(spectator.errors, []);
});

test("hints: off by default, turned on in the lobby before a game against the computer", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/");
  await page.selectOption("#game", "black-path");
  await page.waitForSelector("#seat-1");
  await page.selectOption("#seat-0", "local");
  await page.selectOption("#seat-1", "local");
  assert.equal(await page.isVisible("#hints"), false, "no hints between people");
  await page.selectOption("#seat-1", "computer:1");
  assert.equal(await page.isVisible("#hints"), true);
  assert.equal(await page.isChecked("#hints"), false, "off unless turned on");

  // Without hints: no hint button.
  await page.click("#start");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  assert.equal(await waitForTurn(page), "move");
  assert.equal(await page.locator("#hint").count(), 0);

  // With hints: the best move drawn and said.
  await page.goto(BASE + "/");
  await page.selectOption("#game", "black-path");
  await page.waitForSelector("#seat-1");
  await page.selectOption("#seat-1", "computer:1");
  await page.check("#hints");
  await page.click("#start");
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  assert.equal(await waitForTurn(page), "move");
  await page.click("#hint");
  await page.waitForSelector("#board .best-move");
  assert.match(await page.textContent("#hint-line"), /^Hint: Tile \d: out \w+\. First player to move: \d+% win/);
  await screenshot(page, "hint-1366");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.errors, []);
});
