// The analysis board of a finished game (issue #47, item 2): after a scripted game of Black Path
// on 3 x 4 (solved: every value is exact), every position picked on the chart or in the move
// list is shown on a board that is on the screen (at 1366 x 768 the board stays beside the
// chart and the moves as the page scrolls; on a phone the board comes into view); the engine,
// turned on, gives the evaluation and the best line of the position shown, its best move drawn
// on the board; moves tried on the board are kept as variations in a tree, each shown again
// with a click (the game's own next move follows the game instead). The position editor opens the same analysis board on the position set up. In
// English and German, at 1366 x 768 and 390 x 844, axe-core clean.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boxOf, LAPTOP, launch, newPage, openNewGame, PHONE, playThroughApi, screenshot } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A game of Black Path on 3 x 4 that the first player wins on the twelfth tile (the sides
 * the path leaves by, as the API takes them). */
const EXITS = ["E", "E", "S", "W", "W", "S", "E", "E", "E", "N", "N", "W"];
const GAME = { game: "black-path", settings: { size: "3x4" }, seats: [{ kind: "local" }, { kind: "local" }] };

/** The words the tests read, by language. */
const WORDS = {
  en: { locale: "en-US", chances: /^First player to move: \d+% win \(exact\)\.$/, best: /^Best move: Tile \d: out \S+$/, line: /^(?: · )?\d\. (?:First|Second) player: Tile \d: out \S+$/, variation: /^Variation after 4\. .+: Tile \d: out south\. Second player to move\.$/ },
  de: { locale: "de-DE", chances: /^Spieler 1 am Zug: \d+% Gewinn \(exakt\)\.$/, best: /^Bester Zug: Plättchen \d: hinaus nach \S+$/, line: /^(?: · )?\d\. Spieler [12]: Plättchen \d: hinaus nach \S+$/, variation: /^Variante nach 4\. .+: Plättchen \d: hinaus nach Süden\. Spieler 2 am Zug\.$/ },
};

/** Opens a finished game (the scripted one) in a fresh page of `viewport` and `language`;
 * waits for its analysis. */
async function finishedGame(viewport, language) {
  const page = await newPage(browser, viewport, { locale: WORDS[language].locale });
  const created = await openNewGame(page, GAME);
  await playThroughApi(created, EXITS);
  await page.reload();
  await page.waitForSelector("#analysis-chart .chart-point", { timeout: 60000 });
  return { page, created };
}

/** Waits until the board shows the position after `ply` moves of the game. */
const shownPly = (page, ply) => page.waitForFunction((p) => document.querySelector("#board")?.dataset.ply === String(p), ply);

/** Whether the whole board is on the screen of `viewport` (a pixel of rounding allowed). */
async function boardOnScreen(page, viewport) {
  const board = await boxOf(page, "#board");
  return board.top >= -1 && board.bottom <= viewport.height + 1 && board.height > 100;
}

for (const language of ["en", "de"]) {
  for (const [viewport, size] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
    test(`the analysis board shows every position picked, on the screen, with the engine's view (${language}, ${size})`, async () => {
      const { page } = await finishedGame(viewport, language);
      const words = WORDS[language];

      // A point of the chart: the board shows the position before the fifth move, on the screen
      // beside the chart (a laptop) or brought into view (a phone).
      await page.click('#analysis-chart .chart-point[data-ply="4"]');
      await shownPly(page, 4);
      assert.ok(await boardOnScreen(page, viewport), `the board is on the screen (${JSON.stringify(await boxOf(page, "#board"))})`);
      if (viewport === LAPTOP) {
        const point = await boxOf(page, '#analysis-chart .chart-point[data-ply="4"]');
        assert.ok(point.top >= 0 && point.bottom <= viewport.height, "the chart point clicked is beside the board");
      }
      // A move of the move list: the position after it, on the screen too.
      await page.click('#movelist .ply[data-ply="7"]');
      await shownPly(page, 7);
      assert.ok(await boardOnScreen(page, viewport), "the board is on the screen after a move of the list");

      // The engine, turned on, evaluates the position shown: its chances, the best move (drawn
      // on the board) and the best line.
      await page.click('#analysis-chart .chart-point[data-ply="4"]');
      await shownPly(page, 4);
      await page.click("#engine-toggle");
      assert.equal(await page.getAttribute("#engine-toggle", "aria-pressed"), "true");
      await page.waitForSelector("#engine-answer #analysis-chances", { timeout: 30000 });
      assert.match(await page.textContent("#analysis-chances"), words.chances);
      assert.match(await page.textContent("#analysis-best"), words.best);
      // Every move of the line in words, each said in the position it is played in.
      const line = await page.locator("#analysis-line .line-move").allTextContents();
      assert.ok(line.length >= 2, `a best line of more than one move: ${line}`);
      for (const move of line) assert.match(move, words.line);
      assert.equal(await page.locator("#board .best-move").count(), 1, "the best move is drawn");
      // Another position picked: the engine's answer follows it.
      await page.click('#analysis-chart .chart-point[data-ply="9"]');
      await shownPly(page, 9);
      await page.waitForFunction(() => /^(Second player|Spieler 2)/.test(document.querySelector("#engine-answer #analysis-chances")?.textContent ?? ""), null, { timeout: 30000 });
      // The final position: nobody is to move, the engine has nothing to say.
      await page.click('#analysis-chart .chart-point[data-ply="12"]');
      await shownPly(page, 12);
      await page.waitForFunction(() => !document.querySelector("#engine-answer #analysis-chances"));

      await page.click('#analysis-chart .chart-point[data-ply="4"]');
      await shownPly(page, 4);
      await page.waitForSelector("#engine-answer #analysis-chances");
      await screenshot(page, `analysis-board-${language}-${size}`);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(page.errors, []);
    });

    test(`moves tried on the analysis board are kept as variations (${language}, ${size})`, async () => {
      const { page } = await finishedGame(viewport, language);
      const words = WORDS[language];
      await page.click('#analysis-chart .chart-point[data-ply="4"]');
      await shownPly(page, 4);
      // The game's own next move (1,1:W) follows the game, as on lichess: no variation.
      await page.click('#board .movable[data-cell="1,1:W"]');
      await shownPly(page, 5);
      assert.equal(await page.locator("#variations .variation-move").count(), 0, "no variation for the game's own move");
      await page.click('#analysis-chart .chart-point[data-ply="4"]');
      await shownPly(page, 4);
      const mainCode = await page.getAttribute("#board", "data-code");
      // The game went on with 1,1:W; tried instead: south, then west.
      await page.click('#board .movable[data-cell="1,1:S"]');
      await page.waitForSelector("#variations .variation-move");
      assert.match(await page.textContent("#variation-shown p"), words.variation);
      const first = await page.getAttribute("#variations .variation-move", "data-code");
      assert.equal(await page.getAttribute("#board", "data-code"), first, "the board shows the move tried");
      assert.notEqual(first, mainCode);
      assert.ok(await boardOnScreen(page, viewport), "the board is on the screen");
      await page.click('#board .movable[data-cell="2,1:W"]');
      await page.waitForFunction(() => document.querySelectorAll("#variations .variation-move").length === 2);
      // Back to the first move of the variation, and another move there: a variation within it.
      await page.click("#variations .variation-move >> nth=0");
      await page.waitForFunction((code) => document.querySelector("#board").dataset.code === code, first);
      await page.click('#board .movable[data-cell="2,1:E"]');
      await page.waitForSelector("#variations ul.nested .variation-move");
      // Another first move from the same position of the game: a second variation.
      await page.click('#analysis-chart .chart-point[data-ply="4"]');
      await shownPly(page, 4);
      assert.equal(await page.locator("#variation-shown").count(), 0, "the game's position, not a variation");
      await page.click('#board .movable[data-cell="1,1:N"]');
      await page.waitForFunction(() => document.querySelectorAll("#variations > li").length === 2);
      assert.equal(await page.locator("#variations .variation-move").count(), 4, "every move tried is kept");
      // The engine on a variation's position.
      await page.click("#variations .variation-move >> nth=1");
      await page.click("#engine-toggle");
      await page.waitForSelector("#engine-answer #analysis-chances", { timeout: 30000 });
      assert.match(await page.textContent("#analysis-chances"), /^(First player|Spieler 1)/);
      await screenshot(page, `analysis-board-variations-${language}-${size}`);
      // The variations are there again when the page is opened again.
      const tried = await page.locator("#variations .variation-move").evaluateAll((moves) => moves.map((m) => m.dataset.code));
      await page.reload();
      await page.waitForSelector("#variations .variation-move");
      assert.deepEqual(await page.locator("#variations .variation-move").evaluateAll((moves) => moves.map((m) => m.dataset.code)), tried);
      assert.equal(await page.locator("#variations ul.nested .variation-move").count(), 1, "the variation within a variation too");
      await page.click("#variations .variation-move >> nth=1");
      // Deleting a variation; "back to the game" shows the position it started from.
      await page.click("#delete-variation");
      assert.equal(await page.locator("#variations .variation-move").count(), 3);
      await page.click("#back-to-game");
      await shownPly(page, 4);
      assert.equal(await page.getAttribute("#board", "data-code"), mainCode);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(page.errors, []);
    });
  }
}

for (const language of ["en", "de"]) {
  for (const [viewport, size] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
    test(`the position editor opens an analysis board on the position set up (${language}, ${size})`, async () => {
      const page = await newPage(browser, viewport, { locale: WORDS[language].locale });
      await page.goto(`${BASE}/editor/black-path?size=3x4`);
      await page.waitForSelector("#open-analysis-board");
      const setUp = await page.getAttribute("#board", "data-code");
      await page.click("#open-analysis-board");
      await page.waitForSelector("#analysis-board");
      assert.equal(await page.locator("#board .editable").count(), 0, "the board places nothing now");
      assert.ok(await boardOnScreen(page, viewport), "the board is on the screen");
      await page.click("#engine-toggle");
      await page.waitForSelector("#engine-answer #analysis-chances", { timeout: 30000 });
      assert.match(await page.textContent("#analysis-chances"), WORDS[language].chances);
      assert.equal(await page.locator("#board .best-move").count(), 1, "the best move is drawn");
      await page.click('#board .movable[data-cell="0,0:E"]');
      await page.waitForSelector("#variations .variation-move");
      assert.notEqual(await page.getAttribute("#board", "data-code"), setUp, "the board shows the move tried");
      await page.click("#back-to-game");
      await page.waitForFunction((code) => document.querySelector("#board").dataset.code === code, setUp);
      await screenshot(page, `editor-analysis-board-${language}-${size}`);
      assert.deepEqual(await axeViolations(page), []);
      // Back to editing: the editor's board again.
      await page.click("#close-analysis-board");
      await page.waitForSelector("#board .editable");
      assert.equal(await page.locator("#analysis-board").count(), 0);
      assert.deepEqual(page.errors, []);
    });
  }
}
