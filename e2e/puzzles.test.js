// Puzzles (issue #48, item 2; docs/learn.md): a player signed up solves a puzzle of three moves
// by clicking (the server's reply played between them) and fails one, the right answer shown;
// each verdict shows the player's rating change and the puzzle's, the second starting where
// the first left the player's; at 1366x768 in English and at 390x844 in German; axe-core finds
// nothing serious; screenshots in artifacts/puzzles-*.png. Then the games' list, the daily
// puzzle on the lobby and the links to the puzzles.
//
// Needs, besides TAFEL_URL: TAFEL_DATABASE, the SQLite URL of that server's database, into
// which the test adds its own puzzles (the shipped ones may not be there): Kauri's end, where
// the first player's `f` takes the last seeds and wins, as a puzzle of one move and as a line
// of three (`a`, the reply `C`, then `f`), and once more as the next puzzle offered.
//
// And for each of the six games, a newcomer without an account opens the first SHIPPED puzzle
// (data/puzzles/<game>.jsonl, loaded by `tafel serve`) by its address and solves it by
// clicking the board as the game's board asks (the replies played between the moves of a
// line); the verdict names the themes in words. At 1366x768 in English and 390x844 in German;
// screenshots in artifacts/puzzle-<game>-*.png.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boxOf, freshName, LAPTOP, launch, newPage, PHONE, screenshot, submitAccountForm } from "./lib.js";

const DATABASE = process.env.TAFEL_DATABASE;
const KAURI_END = "a/0+1,0+1,0+1,0+1,0+2,1+1/0+1,4+0,0+1,0+1,0+1,0+1/28,27";
const PUZZLES = [
  { id: "e2e-kauri-end", solution: ["f"] },
  { id: "e2e-kauri-line", solution: ["a", "C", "f"] },
  { id: "e2e-kauri-spare", solution: ["f"] },
];

let browser;
before(async () => {
  assert.ok(DATABASE?.startsWith("sqlite://"), "TAFEL_DATABASE must name the SQLite database of the server at TAFEL_URL");
  const file = DATABASE.replace(/^sqlite:\/\//, "").replace(/\?.*$/, "");
  const sql = PUZZLES.map(({ id, solution }) => `INSERT OR IGNORE INTO puzzles (id, game, settings, code, solution, themes, source, rating, deviation, volatility, plays, added_ms)
    VALUES ('${id}', 'kauri', '{}', '${KAURI_END}', '${JSON.stringify(solution)}', '["end"]', '{"seed":0,"game":0,"ply":0,"levels":[1,1]}', 1500, 500, 0.09, 0, 0);`).join("\n");
  execFileSync("sqlite3", [file], { input: sql });
  browser = await launch();
});
after(async () => { await browser?.close(); });

/** The words the page says in each language. */
const WORDS = {
  "en-US": { move: "Your move", solved: "Correct! Puzzle solved.", wrong: "Wrong: that was not the best move.", next: "Next puzzle", unrated: "Your puzzle rating: not yet rated" },
  "de-DE": { move: "Du bist am Zug", solved: "Richtig! Rätsel gelöst.", wrong: "Falsch: Das war nicht der beste Zug.", next: "Nächstes Rätsel", unrated: "Deine Rätselwertung: noch keine" },
};

/** A rating change as the page marks it.
 * @returns {Promise<{ before: number, after: number }>} */
const change = (page, id) => page.locator(`#${id}`).evaluate((n) => ({ before: Number(n.dataset.before), after: Number(n.dataset.after) }));

/** Clicks Kauri's pit `cell` on the board. */
const sow = (page, cell) => page.click(`#board .movable[data-cell="${cell}"]`, { timeout: 5000 });

for (const { viewport, locale } of [{ viewport: LAPTOP, locale: "en-US" }, { viewport: PHONE, locale: "de-DE" }]) {
  const size = viewport === PHONE ? "390" : "1366";
  const language = locale.slice(0, 2);
  test(`a player solves a puzzle and fails one by clicking, at ${size} wide in ${language === "de" ? "German" : "English"}`, async () => {
    const page = await newPage(browser, viewport, { locale });
    const words = WORDS[locale];
    await submitAccountForm(page, "/sign-up", freshName("puz"), "a long enough passphrase");
    await page.waitForSelector("#welcome");

    // The line of three moves: "Your move", the reply, then the winning move.
    await page.goto(`${BASE}/puzzles/kauri?id=e2e-kauri-line`);
    await page.waitForSelector("#board .movable");
    assert.equal((await page.textContent("#puzzle-task")).trim(), words.move);
    assert.equal((await page.textContent("#my-rating")).trim(), words.unrated);
    await screenshot(page, `puzzles-start-${size}-${language}`);
    assert.deepEqual(await axeViolations(page), []);
    const start = await page.getAttribute("#board", "data-code");
    await sow(page, "a");
    await page.waitForSelector("#puzzle-feedback.praise");
    await page.waitForFunction((code) => document.querySelector("#board")?.dataset.code !== code && document.querySelector("#board .movable"), start);
    assert.equal((await page.textContent("#puzzle-task")).trim(), words.move);
    await sow(page, "f");
    await page.waitForSelector("#my-rating-change");
    assert.equal((await page.textContent("#puzzle-feedback")).trim(), words.solved);
    const solvedMine = await change(page, "my-rating-change");
    const solvedPuzzle = await change(page, "puzzle-rating-change");
    assert.equal(solvedMine.before, 1500);
    assert.ok(solvedMine.after > solvedMine.before, JSON.stringify(solvedMine));
    assert.ok(solvedPuzzle.after < solvedPuzzle.before, JSON.stringify(solvedPuzzle));
    assert.equal(await page.getAttribute("#my-rating", "data-rating"), String(solvedMine.after));
    assert.equal(await page.locator("#board .movable").count(), 0, "a puzzle solved is not played on");
    await screenshot(page, `puzzles-solved-${size}-${language}`);
    assert.deepEqual(await axeViolations(page), []);

    // The puzzle of one move, failed: the right answer on the board and in words.
    await page.goto(`${BASE}/puzzles/kauri?id=e2e-kauri-end`);
    await page.waitForSelector("#board .movable");
    assert.equal(await page.getAttribute("#my-rating", "data-rating"), String(solvedMine.after), "the rating as the first verdict left it");
    await sow(page, "a");
    await page.waitForSelector("#puzzle-feedback.wrong");
    assert.equal((await page.textContent("#puzzle-feedback")).trim(), words.wrong);
    assert.match(await page.textContent("#puzzle-answer"), /: f$/);
    await page.waitForSelector("#board .lm-to, #board .last-move");
    const failedMine = await change(page, "my-rating-change");
    const failedPuzzle = await change(page, "puzzle-rating-change");
    assert.equal(failedMine.before, solvedMine.after);
    assert.ok(failedMine.after < failedMine.before, JSON.stringify(failedMine));
    assert.ok(failedPuzzle.after > failedPuzzle.before, JSON.stringify(failedPuzzle));
    await screenshot(page, `puzzles-failed-${size}-${language}`);
    assert.deepEqual(await axeViolations(page), []);
    // The board fits the screen; on a wide screen the words are beside it.
    const board = await boxOf(page, "#puzzle-board");
    assert.ok(board.right <= viewport.width + 1, JSON.stringify(board));
    if (viewport === LAPTOP) assert.ok((await boxOf(page, "#puzzle-title")).left >= board.right - 1);

    // The next puzzle: another one, playable.
    assert.equal((await page.textContent("#next-puzzle")).trim(), words.next);
    await page.click("#next-puzzle");
    await page.waitForFunction(() => document.querySelector("#puzzle-feedback")?.textContent === "" && document.querySelector("#board .movable"));
    assert.equal((await page.textContent("#puzzle-task")).trim(), words.move);
    assert.equal(new URL(page.url()).pathname, "/puzzles/kauri");

    // The games' list shows the rating.
    await page.goto(`${BASE}/puzzles`);
    await page.waitForSelector('.learn-course[data-game="kauri"] .puzzle-rating');
    assert.match(await page.textContent('.learn-course[data-game="kauri"] .puzzle-rating'), new RegExp(String(failedMine.after)));
    await screenshot(page, `puzzles-index-${size}-${language}`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("the lobby shows the daily puzzle; the header and the lobby link to the puzzles; a browser without an account plays unrated", async () => {
  const page = await newPage(browser, LAPTOP);
  await page.goto(`${BASE}/`);
  await page.waitForSelector("#daily-puzzle");
  await screenshot(page, "puzzles-lobby-1366-en");
  await page.click("#daily-link");
  await page.waitForSelector("#board .movable");
  assert.match(new URL(page.url()).pathname, /^\/puzzles\/[a-z-]+$/);
  await page.click("#puzzles-link");
  await page.waitForSelector("#puzzle-games");
  await page.goto(`${BASE}/puzzles/kauri?id=e2e-kauri-end`);
  await page.waitForSelector("#board .movable");
  await sow(page, "f");
  await page.waitForSelector("#puzzle-feedback.praise");
  await page.waitForSelector("#unrated");
  assert.equal(await page.locator("#my-rating-change").count(), 0);
  assert.ok(await page.evaluate(() => localStorage.getItem("tafel:browser")?.length === 24));
  await page.context().close();
  const phone = await newPage(browser, PHONE, { locale: "de-DE" });
  await phone.goto(`${BASE}/`);
  await phone.waitForSelector("#daily-puzzle");
  await phone.click("#lobby-puzzles-link");
  await phone.waitForSelector("#puzzle-games");
  assert.equal((await phone.textContent("h1")).trim(), "Rätsel");
  assert.equal((await phone.goto(`${BASE}/puzzles/chess`)).status(), 404);
  await phone.context().close();
});

/** The first shipped puzzle of `game` (data/puzzles/<game>.jsonl). */
const shipped = (game) => JSON.parse(readFileSync(new URL(`../data/puzzles/${game}.jsonl`, import.meta.url), "utf8").split("\n")[0]);

/** The cells to click for `move` on `game`'s board, in order, as a newcomer finds them: the
 * squares the move names (web/boards/<game>.js, `pathOf`), or on Black Path's board the exit
 * whose label names the tile (`tile 2: ...`, German `Plättchen 2: ...`).
 * @returns {Promise<string[]>} */
async function cellsFor(page, game, move) {
  switch (game) {
    case "black-path":
      return [await page.locator("#board .movable[data-cell]").evaluateAll((nodes, tile) =>
        nodes.find((n) => new RegExp(`^(tile|Plättchen) ${tile}:`).test(n.getAttribute("aria-label") ?? ""))?.dataset.cell, move)];
    case "karls-race": return move.toUpperCase().split("-");
    case "einstein": return move.toLowerCase().split("-");
    case "quarx": return move.split(/[-x]/);
    default: return [move]; // Carreaux's tile, Kauri's hole
  }
}

/** The theme words of the verdict, by language. */
const THEMES = { "en-US": /^Themes: a\b/, "de-DE": /^Themen: (ein|eine)\b/ };

for (const game of ["black-path", "karls-race", "carreaux", "kauri", "quarx", "einstein"]) {
  test(`${game}: a newcomer opens a shipped puzzle by its address and solves it by clicking`, async () => {
    const puzzle = shipped(game);
    for (const { viewport, locale } of [{ viewport: LAPTOP, locale: "en-US" }, { viewport: PHONE, locale: "de-DE" }]) {
      const size = viewport === PHONE ? "390" : "1366";
      const page = await newPage(browser, viewport, { locale });
      await page.goto(`${BASE}/puzzles/${game}?id=${puzzle.id}`);
      await page.waitForSelector("#board .movable");
      assert.equal((await page.textContent("#puzzle-task")).trim(), WORDS[locale].move);
      if (size === "1366") await screenshot(page, `puzzle-${game}-${size}-start`);
      for (let i = 0; i < puzzle.solution.length; i += 2) {
        const code = await page.getAttribute("#board", "data-code");
        const cells = await cellsFor(page, game, puzzle.solution[i]);
        for (const [k, cell] of cells.entries()) {
          assert.ok(cell, `${game}: no cell for ${puzzle.solution[i]}`);
          await page.click(`#board .${k ? "target" : "movable"}[data-cell="${cell}"]`, { timeout: 5000 });
        }
        if (i + 1 < puzzle.solution.length) {
          // The reply is played; "Your move" again.
          await page.waitForFunction((c) => document.querySelector("#board")?.dataset.code !== c && document.querySelector("#board .movable"), code);
        }
      }
      await page.waitForSelector("#next-puzzle");
      assert.equal((await page.textContent("#puzzle-feedback")).trim(), WORDS[locale].solved, `${game} at ${size}`);
      assert.match((await page.textContent("#puzzle-themes")).trim(), THEMES[locale]);
      assert.ok((await page.textContent("#puzzle-answer")).includes(puzzle.solution.join(", ")));
      await screenshot(page, `puzzle-${game}-${size}-solved`);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });
}
