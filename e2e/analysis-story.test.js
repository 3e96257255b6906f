// The analysis's story (issue #47, item 3): who was winning is told from the points the chart
// shows, the result included, so that for a solved game it agrees with the exact value at every
// ply. Scripted games of the solved games whose every position the server settles exactly:
// Black Path on 8 x 8 lost by the first player on the last move (the case: the story
// said the first player was winning throughout), Black Path on 3 x 4 won by the first player,
// Carreaux (a draw), Kauri's tie-break phase and Karl's Race's endgame (records that start
// there, imported). The story is read back ply by ply and compared with each chart point's exact
// value. In English and German, at 1366 x 768 and 390 x 844.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE, LAPTOP, launch, newPage, openNewGame, PHONE, playThroughApi } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const local = [{ kind: "local" }, { kind: "local" }];

/** The scripted games: the request, the moves (in the API's notation), the story expected. */
const GAMES = {
  "black-path 8x8, lost on the last move": {
    request: { game: "black-path", seats: local }, moves: ["E", "E", "N"],
    story: { en: "First player was winning until the last move, then Second player won.", de: "Spieler 1 stand bis zum letzten Zug auf Gewinn, dann gewann Spieler 2." },
  },
  "black-path 3x4, won": {
    request: { game: "black-path", settings: { size: "3x4" }, seats: local }, moves: ["E", "E", "S", "W", "W", "S", "E", "E", "E", "N", "N", "W"],
    story: { en: "First player was winning throughout." },
  },
  "carreaux, drawn": {
    request: { game: "carreaux", seats: local }, moves: ["b6", "c6", "c5", "c4", "c3", "d3"],
    story: { en: "The game was balanced throughout." },
  },
  // Kauri is solved in its tie-break phase: a record that starts there (written by
  // `tafel play kauri --set tiebreak=old --position CODE --player1 ai:3 --player2 random --seed 3`).
  "kauri's tie-break, won": {
    record: `[Game "kauri"]
[Settings "tiebreak=old ply-limit=0"]
[Start "a/0+1,0+1,0+2,0+0,0+1,0+1/0+0,0+1,0+1,0+2,0+1,0+1/30,30"]
[Result "first player wins 30 : 30 (tie-break: no move left)"]

1. a C; 2. b B; 3. d F; 4. a C; 5. c D; 6. a E; 7. a F; 8. a - first player won by 30 : 30 points
`,
    story: { en: "First player was winning throughout." },
  },
  // Karl's Race is solved in the endgame of up to three stones a side without the table file:
  // a record that starts there (written by `tafel play karls-race --position w:GHJ:MNP
  // --player1 ai:3 --player2 random --seed 1`), where the lead changes hands with the dice.
  "karls-race's endgame, won": {
    record: `[Game "karls-race"]
[Settings "players=2 start=ABCGHJ start4=quadrant first=white"]
[Start "w:GHJ:MNP"]
[Result "White wins (reached the opposite corner)"]

1. 6 P-K
2. 5 G-L
3. 2 M-I
4. 2 J-L
5. 3 N-M
6. 5 L-R
7. 3 I-E
8. 2 H-B
9. 6 K-B
10. 3 R-U
11. 1 M-K
12. 6 U-P
13. 6 K-J
14. 1 P-Q
15. 2 J-G
16. 6 Q-N
17. 4 B-A
`,
    sides: ["White", "Black"],
    story: { en: "The lead changed 9 times; White won." },
  },
};

/** Opens the finished game `name` in a fresh page; resolves to the page once the analysis is in. */
async function analysed(name, viewport, locale) {
  const page = await newPage(browser, viewport, { locale });
  const { request, moves, record } = GAMES[name];
  if (record) await page.goto(`${BASE}/game/${(await imported(record)).id}`);
  else await playThroughApi(await openNewGame(page, request), moves);
  await page.reload();
  await page.waitForSelector("#analysis-chart .chart-point", { timeout: 60000 });
  return page;
}

/** Imports `record` between two people at one screen (as the lobby's import does). */
async function imported(record) {
  const response = await fetch(`${BASE}/api/import`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ record, seats: local }) });
  assert.ok(response.ok, await response.clone().text());
  return response.json();
}

/** The chart's points in order: the move number each stands before (null: the result), the
 * first player's chance there in percent, as their labels say it (English), and the ply it
 * shows (a die game's rolls are plies too). */
const chartPoints = (page) => page.locator("#analysis-chart .chart-point").evaluateAll((nodes) => nodes.map((n) => {
  const label = n.getAttribute("aria-label");
  return { number: /^Before move (\d+)/.test(label) ? Number(label.match(/^Before move (\d+)/)[1]) : null, percent: Number(label.match(/(\d+)%/)[1]), ply: n.dataset.ply };
}));

/** Who the English `story` says was winning at each of `points` (null: balanced): the story
 * read back run by run ("X was winning until move N", "then Y until the last move", "then Z
 * won", "to the end", "throughout"). */
function claims(story, points) {
  const whole = story.match(/^(.+) was winning throughout\.$/);
  if (whole) return points.map(() => whole[1]);
  if (story === "The game was balanced throughout.") return points.map(() => null);
  const said = [];
  for (const part of story.replace(/\.$/, "").split(", ")) {
    const run = part.match(/^(?:then )?(.+?)(?: was winning)? (to the end|until move (\d+)|until the last move)$/i);
    const won = part.match(/^then (.+) won$/);
    if (won) { said.push({ who: won[1], until: "result" }); continue; }
    if (part === "then the game was drawn") { said.push({ who: null, until: "result" }); continue; }
    assert.ok(run, `a part of the story not understood: "${part}"`);
    const who = /^(the game was balanced|balanced)$/i.test(run[1]) ? null : run[1];
    said.push({ who, until: run[2] === "to the end" ? "result" : run[3] ? Number(run[3]) : "last" });
  }
  // Each point gets the run it falls in: a run "until move N" ends before the point of move N,
  // "until the last move" before the result.
  let at = 0;
  return points.map((point) => {
    const run = said[at];
    const ends = run.until === "last" ? point.number === null : typeof run.until === "number" && point.number !== null && point.number >= run.until;
    if (ends) at += 1;
    return said[at].who;
  });
}

/** Who leads at a chance of the first player (the story's rule: 65% or more, 35% or less),
 * named as the game names its `sides`. */
const leader = (percent, sides = ["First player", "Second player"]) => (percent >= 65 ? sides[0] : percent <= 35 ? sides[1] : null);

/** How many times the leader changes from one of `leaders` to the next (balanced counting as a
 * leader of its own, as the story counts it). */
const changes = (leaders) => leaders.filter((who, i) => i > 0 && who !== leaders[i - 1]).length;

for (const name of Object.keys(GAMES)) {
  test(`the story agrees with the exact value at every ply: ${name}`, async () => {
    const page = await analysed(name, LAPTOP, "en-US");
    const story = await page.textContent("#story");
    assert.equal(story, GAMES[name].story.en);
    const points = await chartPoints(page);
    assert.equal(points.at(-1).number, null, "the chart ends at the result");
    // Every point of a solved game is exact: the evaluation of each position says so.
    for (const point of points.filter((p) => p.number !== null)) {
      await page.click(`#analysis-chart .chart-point >> nth=${points.indexOf(point)}`);
      await page.waitForFunction((ply) => document.querySelector("#board")?.dataset.ply === ply, point.ply);
      // ... and the chart's number there is that exact value: the first player's chance, a
      // draw counting half (the words round win and draw apart: a point and a half allowed).
      const evaluation = await page.textContent("#evaluation");
      const said = evaluation.match(/^(.+) to move: (\d+)% win(?:, (\d+)% draw)? \(exact\)\./);
      assert.ok(said, `an exact evaluation: ${evaluation}`);
      const score = Number(said[2]) + Number(said[3] ?? 0) / 2;
      const firsts = said[1] === (GAMES[name].sides ?? ["First player"])[0] ? score : 100 - score;
      assert.ok(Math.abs(firsts - point.percent) <= 1.5, `the chart's ${point.percent}% is the exact value said: ${evaluation}`);
    }
    const leaders = points.map((p) => leader(p.percent, GAMES[name].sides));
    // A story of many changes counts them and names the last leader (the winner, when the
    // last run ends at the result); the others name the leader of every run.
    const many = story.match(/^The lead changed (\d+) times?; (?:(.+?) (?:won|was winning at the end)|the game was (?:drawn|balanced at the end))\.$/);
    if (many) assert.deepEqual([Number(many[1]), many[2] ?? null], [changes(leaders), leaders.at(-1)], "the story's count and last leader are the chart's");
    else assert.deepEqual(claims(story, points), leaders, "the story's leader at each point is the chart's");
    assert.deepEqual(page.errors, []);
  });
}

for (const [locale, language] of [["en-US", "en"], ["de-DE", "de"]]) {
  for (const [viewport, size] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
    test(`a game lost on the last move is told so (${language}, ${size})`, async () => {
      const name = "black-path 8x8, lost on the last move";
      const page = await analysed(name, viewport, locale);
      assert.equal(await page.textContent("#story"), GAMES[name].story[language]);
      assert.deepEqual(page.errors, []);
    });
  }
}
