// Each of the six games in a real browser, with scripted moves of our own: the computer's
// reply is marked on the board (class last-move), the page fits one laptop screen and a phone
// (tap targets of at least 32 px), axe-core finds no serious or critical violation, and each
// game can be played to its end by clicks. Screenshots of every game at 1366x768 and 390x844
// go to e2e/artifacts/.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, boardPly, boxOf, cellsOf, createGame, importGame, LAPTOP, launch, newPage, PHONE, play,
  quarxCode, screenshot, smallestSide, waitForReply, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** After the computer's reply: its move is marked on the board and named beside it. */
async function assertComputerMoveMarked(page) {
  assert.ok(await page.locator("#board .last-move").count() > 0, "the computer's move is marked");
  assert.match(await page.textContent("#last-move-line"), /\(computer\)/);
}

/**
 * The page of a game in progress, at this screen's turn: at 1366x768 the board, the status,
 * the die and the move controls are on the screen without scrolling; axe finds nothing serious;
 * then at 390x844 (the same browser, reloaded) every clickable cell is at least 32 px and the
 * status and move controls are on the first screen. Screenshots at both sizes.
 */
async function checkScreens(page, name) {
  await page.setViewportSize(LAPTOP);
  await page.reload();
  await waitForTurn(page);
  for (const selector of ["#board", "#turn", "#controls", "#rules-link", ".howto"].concat(["karls-race", "einstein"].includes(name) ? ["[data-die]"] : [])) {
    const box = await boxOf(page, selector);
    assert.ok(box, `${name}: ${selector} is on the page`);
    assert.ok(box.top >= 0 && box.bottom <= LAPTOP.height && box.right <= LAPTOP.width, `${name}: ${selector} at ${JSON.stringify(box)} is not on the 1366x768 screen`);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, `${name}: no sideways scrolling`);
  await screenshot(page, `${name}-1366`);
  assert.deepEqual(await axeViolations(page), [], `${name}: axe at 1366x768`);

  await page.setViewportSize(PHONE);
  await page.reload();
  await waitForTurn(page);
  const tap = await smallestSide(page, "#board .movable");
  assert.ok(tap >= 32, `${name}: the smallest clickable cell is ${tap.toFixed(1)} px on a phone`);
  for (const selector of ["#turn", "#controls"]) {
    const box = await boxOf(page, selector);
    assert.ok(box.top >= 0 && box.bottom <= PHONE.height, `${name}: ${selector} at ${JSON.stringify(box)} is not on the phone's first screen`);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, `${name}: the page is wider than the phone`);
  await screenshot(page, `${name}-390`);
  assert.deepEqual(await axeViolations(page), [], `${name}: axe at 390x844`);
  await page.setViewportSize(LAPTOP);
}

test("Black Path: our tile, the computer's reply marked, one screen and a phone", async () => {
  const page = await newPage(browser);
  await createGame(page, "black-path", { seats: ["local", "computer:1"] });
  assert.equal(await page.getAttribute("#board", "data-code"), "......../......../......../......../......../......../......../........");
  // The first move: three exits of the start square, each a single click.
  assert.deepEqual(await cellsOf(page, "movable"), ["0,0:E", "0,0:N", "0,0:S"]);
  await play(page, ["0,0:E"]);
  await waitForReply(page, 1);
  await assertComputerMoveMarked(page);
  assert.equal(await page.locator("#board .bp-added.last-move").count(), 1, "the stretch of path the reply added");
  await checkScreens(page, "black-path");
  assert.deepEqual(page.errors, []);
});

test("Black Path on 3 x 4 at one screen: a scripted game to its end", async () => {
  const page = await newPage(browser);
  await createGame(page, "black-path", { settings: { size: "3x4" }, seats: ["local", "local"] });
  const exits = ["0,0:E", "0,1:E", "0,2:S", "1,2:W", "1,1:W", "1,0:S", "2,0:E", "2,1:E", "2,2:E", "2,3:N", "1,3:N", "0,3:W"];
  for (const exit of exits) {
    assert.equal(await waitForTurn(page), "move");
    await play(page, [exit]);
  }
  assert.equal(await waitForTurn(page), "over");
  // The twelfth tile sends the path back through (0, 2) and out at the top.
  assert.match(await page.textContent("#result"), /first player won By the rules: first player wins/i);
  assert.equal(await page.locator("#board .bp-out.last-move").count(), 1, "where the path left the board");
  assert.equal(await page.locator("#movelist .ply").count(), 12);
  // The move list names each tile with the side it sends the path out by (issue #31); the
  // record keeps the tile's number.
  const shown = await page.locator("#movelist .ply").allTextContents();
  assert.deepEqual(shown.map((t) => t.split(" → ")[1]), exits.map((e) => e.split(":")[1]));
  assert.deepEqual(await page.locator("#movelist .ply").evaluateAll((ns) => ns.map((n) => n.dataset.record)), shown.map((t) => t.split(" → ")[0]));
  await screenshot(page, "black-path-end");
  assert.deepEqual(page.errors, []);
});

test("Carreaux: our slide, the computer's reply marked, symbols beside the colours", async () => {
  const page = await newPage(browser);
  await createGame(page, "carreaux", { settings: { rule: "literal" }, seats: ["local", "computer:1"] });
  // Only tiles next to the bubble (a6 on 6 x 6) can slide, and from the start only two do.
  assert.deepEqual(await cellsOf(page, "movable"), ["a5", "b6"]);
  await play(page, ["b6"]);
  await waitForReply(page, 1);
  await assertComputerMoveMarked(page);
  // Colour is not the only cue: a ring on every Red tile, a diamond on every Blue one.
  const tiles = await page.locator("#board [data-tile=R], #board [data-tile=B]").count();
  assert.equal(await page.locator("#board .cx-symbol").count(), tiles);
  await checkScreens(page, "carreaux");
  assert.deepEqual(page.errors, []);
});

test("Karl's Race from the start: the roll and who rolled it, the goals, the computer's move marked", async () => {
  const page = await newPage(browser);
  await createGame(page, "karls-race", { seats: ["local", "computer:1"] });
  assert.equal(await waitForTurn(page), "move");
  const die = Number(await page.getAttribute("[data-die]", "data-die"));
  assert.ok(die >= 1 && die <= 6);
  assert.equal(await page.textContent("#die-caption"), `White rolled ${die}`);
  // Each player's goal corner is marked: White races to A, Black to T.
  assert.match(await page.getAttribute('#board [data-cell="A"]', "aria-label"), /White's goal/);
  assert.match(await page.getAttribute('#board [data-cell="T"]', "aria-label"), /Black's goal/);
  // A stone chosen, its targets shown; chosen again, the choice is taken back.
  const [stone] = await cellsOf(page, "movable");
  await page.click(`#board .movable[data-cell="${stone}"]`);
  const [target] = await cellsOf(page, "target");
  assert.ok(target);
  await page.click(`#board [data-cell="${stone}"]`);
  assert.equal(await page.locator("#board .target").count(), 0);
  // Our move (the first stone the die allows, to its first square), then the reply.
  const ply = await boardPly(page);
  await play(page, [stone, target]);
  await waitForReply(page, ply + 1);
  await assertComputerMoveMarked(page);
  assert.match(await page.textContent("#last-move-line"), /Black \(computer\) rolled [1-6] and played [A-U]-[A-U]/);
  await checkScreens(page, "karls-race");
  assert.deepEqual(page.errors, []);
});

test("Karl's Race: a scripted race from few stones, and the roll stays after the end", async () => {
  const page = await newPage(browser);
  // Black (the computer, on C) moves first; White has one stone on U, far from Black's way,
  // so U-O is ours to play whatever Black does and whatever the dice say.
  await importGame(page, `[Game "karls-race"]\n[Start "b:C:U"]\n\n`, ["local", "computer:1"]);
  assert.equal(await waitForTurn(page), "move");
  await assertComputerMoveMarked(page);
  assert.deepEqual(await cellsOf(page, "movable"), ["U"]);
  const ply = await boardPly(page);
  await play(page, ["U", "O"]);
  await waitForReply(page, ply + 1);
  await assertComputerMoveMarked(page);

  // White on B steps onto A, White's goal, with any roll.
  await importGame(page, `[Game "karls-race"]\n[Start "w:D:B"]\n\n`, ["local", "computer:1"]);
  assert.equal(await waitForTurn(page), "move");
  const die = await page.getAttribute("[data-die]", "data-die");
  await play(page, ["B", "A"]);
  assert.equal(await waitForTurn(page), "over");
  assert.match(await page.textContent("#result"), /White wins/);
  assert.equal(await page.getAttribute("[data-die]", "data-die"), die, "the winning roll stays");
  assert.equal(await page.textContent("#die-caption"), `White rolled ${die}`);
  assert.deepEqual(await cellsOf(page, "last-move"), ["A", "B"]);
  await screenshot(page, "karls-race-end");
  assert.deepEqual(page.errors, []);
});

test("Karl's Race with four players shows four kinds of stones, all four seats and goals", async () => {
  const page = await newPage(browser);
  await createGame(page, "karls-race", { settings: { players: "4" }, seats: ["local", "computer:1", "computer:1", "computer:1"] });
  assert.equal(await page.locator("#board [data-stone]").count(), 16);
  for (const corner of ["NW", "NE", "SW", "SE"]) {
    assert.equal(await page.locator(`#board [data-stone="${corner}"]`).count(), 4, corner);
  }
  assert.equal(await page.locator(".legend li").count(), 4);
  assert.equal(await page.locator("#board .kr-goal").count(), 4);
  await screenshot(page, "karls-race-4");
  assert.deepEqual(page.errors, []);
});

test("Kauri: our sowing, the computer's reply marked; a forced pass is one click beside the board", async () => {
  const page = await newPage(browser);
  await createGame(page, "kauri", { seats: ["local", "computer:1"] });
  assert.equal(await page.getAttribute('#board [data-cell="A"]', "data-seeds"), "5");
  assert.deepEqual(await cellsOf(page, "movable"), ["a", "b", "c", "d", "e", "f"]);
  await play(page, ["a"]);
  await waitForReply(page, 1);
  await assertComputerMoveMarked(page);
  // Our sowing, shown again from the move list: five seeds into b to f, the cowrie into A.
  await page.click('#movelist .ply[data-ply="1"]');
  await page.waitForFunction(() => document.querySelector("#board").dataset.ply === "1");
  assert.deepEqual(await cellsOf(page, "lm-from"), ["a"]);
  assert.deepEqual(await cellsOf(page, "lm-to"), ["A", "b", "c", "d", "e", "f"]);
  await page.keyboard.press("End");
  await waitForTurn(page);
  assert.match(await page.getAttribute('#board [data-cell="a"]', "aria-label"), /^hole a \(first player\): \d+ seeds?, \d+ cowries?$/);
  await checkScreens(page, "kauri");

  // The first player has no cowrie: his only move, the pass, is one button beside the status.
  await importGame(page, `[Game "kauri"]\n[Start "a/5+0,5+0,5+0,5+0,5+0,5+0/1+1,1+1,5+2,5+2,5+3,5+3/4,4"]\n\n`, ["local", "computer:1"]);
  assert.equal(await waitForTurn(page), "pass");
  assert.equal(await page.locator("#board .movable").count(), 0);
  assert.match(await page.textContent(".boardless button"), /Pass/);
  const statusBox = await boxOf(page, "#status-area");
  assert.ok(statusBox.bottom <= LAPTOP.height, "the pass is on the first screen");
  await page.click('.boardless button[data-move="pass"]');
  await page.waitForFunction(() => Number(document.querySelector("#board").dataset.ply) >= 2);
  assert.match(await page.textContent("#movelist"), /pass/);
  assert.deepEqual(page.errors, []);
});

test("Kauri from a position near the end, finished by a click", async () => {
  const page = await newPage(browser);
  // One seed left on the board (in f), every hole with a cowrie; stores 31 : 28. Sowing f
  // drops the seed into A (a cowrie, no seed: it goes to the second player's store) and the
  // board is empty: 31 : 29.
  await importGame(page, `[Game "kauri"]\n[Start "a/0+1,0+1,0+1,0+1,0+1,1+1/0+1,0+1,0+1,0+1,0+1,0+1/31,28"]\n\n`, ["local", "computer:1"]);
  assert.equal(await page.getAttribute('#board [data-cell="f"]', "data-seeds"), "1");
  assert.equal(await page.getAttribute('#board [data-store="0"]', "data-seeds"), "31");
  await play(page, ["f"]);
  assert.equal(await waitForTurn(page), "over");
  assert.match(await page.textContent("#result"), /^You won By the rules: seeds captured 31 to 29, yours first\.$/);
  assert.equal(await page.getAttribute('#board [data-store="1"]', "data-seeds"), "29");
  assert.ok(await page.locator('#board [data-store="1"].last-move').count() === 1, "the store the seed went to");
  await screenshot(page, "kauri-end");
  assert.deepEqual(page.errors, []);
});

/** WCAG contrast ratio of two CSS colours "rgb(r, g, b)". */
function contrast(a, b) {
  const luminance = (css) => {
    const [r, g, bl] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

test("Quarx: a move typed in the box, the computer's forced double capture drawn across the boards", async () => {
  const page = await newPage(browser);
  await createGame(page, "quarx", { seats: ["local", "computer:1"] });
  // 228 moves: a move box with completion instead of a wall of buttons.
  assert.equal(await page.locator("#legal button").count(), 0);
  assert.equal(await page.locator("#legal-moves option").count(), 228);
  // Coordinates beside every board: x below, y on the left, 1 to 4 each.
  assert.equal(await page.locator("#board .qx-coord").count(), 16 * 8);
  // A legal move typed is drawn on the board before it is played.
  await page.fill("#move-input", "1111-2211");
  assert.equal(await page.locator("#board .move-preview").count(), 1);
  await page.press("#move-input", "Enter");
  // Black's only answer takes 2222 and then our man on 2211: 3333x1111x3311.
  await waitForReply(page, 1);
  assert.match(await page.textContent("#last-move-line"), /3333x1111x3311/);
  assert.deepEqual(await cellsOf(page, "lm-from"), ["3333"]);
  assert.deepEqual(await cellsOf(page, "lm-to"), ["1111", "3311"]);
  assert.deepEqual(await cellsOf(page, "lm-capture"), ["2211", "2222"]);
  assert.equal(await page.locator("#board .lm-path").count(), 1, "the capture's path across the boards");
  // Highlights: the ring around a target stands out against both square colours.
  const [piece] = await cellsOf(page, "movable");
  await page.click(`#board .movable[data-cell="${piece}"]`);
  const colours = await page.evaluate(() => {
    const style = (s, p) => getComputedStyle(document.querySelector(s))[p];
    return { ring: style('#board .target > .qx-dark', "stroke"), dark: style("#board .qx-dark", "fill"), light: style("#board .qx-light", "fill") };
  });
  assert.ok(contrast(colours.ring, colours.dark) >= 3, `target ring against the dark squares: ${contrast(colours.ring, colours.dark).toFixed(2)}`);
  assert.ok(contrast(colours.ring, colours.light) >= 3, `target ring against the light squares: ${contrast(colours.ring, colours.light).toFixed(2)}`);
  // Hovering a target draws the move's path.
  const [target] = await cellsOf(page, "target");
  await page.hover(`#board [data-cell="${target}"]`);
  assert.equal(await page.locator("#board .move-preview").count(), 1);
  await page.click(`#board [data-cell="${piece}"]`);
  await checkScreens(page, "quarx");
  assert.deepEqual(page.errors, []);
});

test("Quarx: a double capture chosen cell by cell ends the game; kings wear crowns", async () => {
  const page = await newPage(browser);
  // Black (the computer) must take 1223 with 1324x1122; then White must take both Black men
  // with 1111x1133x3311 (over 1122, then 2222), which leaves Black without pieces. A White
  // king stands by on 4444.
  const code = quarxCode("b", { 1111: "o", 1223: "o", 1324: "x", 2222: "x", 4444: "O" });
  await importGame(page, `[Game "quarx"]\n[Start "${code}"]\n\n`, ["local", "computer:1"]);
  assert.equal(await waitForTurn(page), "move");
  // The move list says a capture readably, each cell as its place on its small board, then the
  // board's, the pieces taken counted (issues #31, #47); the record's notation stays on the
  // button and in the record.
  assert.match(await page.textContent("#movelist"), /13·24 × 11·22/);
  assert.equal(await page.getAttribute('#movelist .ply[data-ply="1"]', "data-record"), "1324x1122");
  assert.equal(await page.locator('#board [data-cell="4444"] .qx-crown').count(), 1);
  assert.match(await page.getAttribute('#board [data-cell="4444"]', "aria-label"), /White king/);
  assert.deepEqual(await cellsOf(page, "movable"), ["1111"]);
  await page.click('#board [data-cell="1111"]');
  assert.deepEqual(await cellsOf(page, "target"), ["1133"]);
  await page.click('#board [data-cell="1133"]');
  assert.deepEqual(await cellsOf(page, "selected"), ["1111", "1133"]);
  assert.equal(await page.locator("#board .move-preview").count(), 1, "the path chosen so far");
  assert.deepEqual(await cellsOf(page, "target"), ["3311"]);
  await page.click('#board [data-cell="3311"]');
  assert.equal(await waitForTurn(page), "over");
  assert.equal(await page.textContent('#movelist .ply[data-ply="2"]'), "11·11 × 11·33 × 33·11, 2 taken");
  assert.equal(await page.getAttribute('#movelist .ply[data-ply="2"]', "title"), "Record: 1111x1133x3311");
  const id = new URL(page.url()).pathname.split("/").pop();
  const record = await (await fetch(`${BASE}/api/games/${id}/record?format=text`)).text();
  assert.match(record, /1\. 1324x1122\n2\. 1111x1133x3311/, "the record keeps its notation");
  assert.match(await page.textContent("#result"), /You won By the rules: White wins/);
  await screenshot(page, "quarx-end");
  assert.deepEqual(page.errors, []);
});

test("EinStein from a drawn start: the roll names the cube, the goals, the computer's step marked", async () => {
  const page = await newPage(browser);
  await createGame(page, "einstein", { seats: ["local", "computer:1"] });
  // The server drew both arrangements and White's roll: White (us) moves first.
  assert.equal(await waitForTurn(page), "move");
  const die = Number(await page.getAttribute("[data-die]", "data-die"));
  assert.ok(die >= 1 && die <= 6);
  assert.equal(await page.textContent("#die-caption"), `White rolled ${die}`);
  assert.match(await page.getAttribute('#board [data-cell="a5"]', "aria-label"), /White's goal/);
  assert.match(await page.getAttribute('#board [data-cell="e1"]', "aria-label"), /Black's goal/);
  // With all six cubes on the board, the die names exactly one: ours with that number.
  const movable = await cellsOf(page, "movable");
  assert.equal(movable.length, 1);
  assert.equal(await page.getAttribute(`#board [data-cell="${movable[0]}"]`, "data-cube"), `w${die}`);
  assert.match(await page.getAttribute(`#board [data-cell="${movable[0]}"]`, "aria-label"), new RegExp(`White cube ${die}`));
  // Twelve numbered cubes, each number drawn on its cube.
  assert.equal(await page.locator("#board .ew-number").count(), 12);
  await page.click(`#board .movable[data-cell="${movable[0]}"]`);
  const targets = await cellsOf(page, "target");
  assert.ok(targets.length >= 1 && targets.length <= 3);
  // Chosen again, the choice is taken back; then our step, to the cube's first target.
  await page.click(`#board [data-cell="${movable[0]}"]`);
  assert.equal(await page.locator("#board .target").count(), 0);
  const ply = await boardPly(page);
  await play(page, [movable[0], targets[0]]);
  await waitForReply(page, ply + 1);
  await assertComputerMoveMarked(page);
  assert.match(await page.textContent("#last-move-line"), /Black \(computer\) rolled [1-6] and played [a-e][1-5]-[a-e][1-5]/);
  await checkScreens(page, "einstein");
  assert.deepEqual(page.errors, []);
});

test("EinStein with start=placement: the cubes arranged by clicking the home squares 1 to 6", async () => {
  const page = await newPage(browser);
  await createGame(page, "einstein", { settings: { start: "placement" }, seats: ["local", "computer:1"] });
  // White (us) moves first, so arranges first: the six home squares are the clickable cells,
  // and the 720 arrangements are not offered as buttons.
  assert.equal(await waitForTurn(page), "move");
  assert.deepEqual(await cellsOf(page, "movable"), ["c1", "d1", "d2", "e1", "e2", "e3"]);
  assert.equal(await page.locator(".boardless button").count(), 0);
  assert.equal(await page.locator("#move-input").count(), 1, "the digits can be typed too");
  // Cube 1 on e1, 2 on d1, 3 on c1: each square chosen shows its number.
  await page.click('#board .movable[data-cell="e1"]');
  await page.click('#board .target[data-cell="d1"]');
  await page.click('#board .target[data-cell="c1"]');
  await page.mouse.move(0, 0);
  assert.deepEqual(await page.locator("#board .ew-arranging .ew-number").allTextContents(), ["1", "2", "3"]);
  assert.deepEqual(await cellsOf(page, "target"), ["d2", "e2", "e3"]);
  await screenshot(page, "einstein-placement-1366");
  await page.setViewportSize(PHONE);
  assert.ok(await smallestSide(page, "#board .target") >= 32, "home squares are at least 32 px on a phone");
  await screenshot(page, "einstein-placement-390");
  await page.setViewportSize(LAPTOP);
  assert.deepEqual(await axeViolations(page), [], "axe while arranging");
  // 4 on e2, 5 on d2, 6 on e3: the arrangement written in reading order (e3 d2 e2 c1 d1 e1).
  const ply = await boardPly(page);
  await page.click('#board .target[data-cell="e2"]');
  await page.click('#board .target[data-cell="d2"]');
  await page.click('#board .target[data-cell="e3"]');
  await waitForReply(page, ply + 1);
  // The move list says "set-up"; the record keeps the digits.
  assert.equal(await page.textContent('#movelist .ply[data-ply="1"]'), "set-up");
  assert.equal(await page.getAttribute('#movelist .ply[data-ply="1"]', "data-record"), "654321");
  for (const [square, cube] of [["e1", "w1"], ["d1", "w2"], ["c1", "w3"], ["e2", "w4"], ["d2", "w5"], ["e3", "w6"]]) {
    assert.equal(await page.getAttribute(`#board [data-cell="${square}"]`, "data-cube"), cube, square);
  }
  // The computer arranged Black's six cubes in its turn; then the die was rolled for us.
  assert.equal(await page.locator("#board .ew-number").count(), 12);
  assert.match(await page.textContent("#die-caption"), /^White rolled [1-6]$/);
  assert.deepEqual(page.errors, []);
});

test("EinStein: a scripted step onto the goal that also takes a cube ends the game", async () => {
  const page = await newPage(browser);
  // White's 2 on b4, Black's 3 on a5 (White's goal) and 1 on c5: with White's only cube,
  // every roll moves it, and b4-a5 takes Black's 3 and reaches the goal.
  await importGame(page, `[Game "einstein"]\n[Start "w:b3.b1../.w2.../...../...../....."]\n\n`, ["local", "computer:1"]);
  assert.equal(await waitForTurn(page), "move");
  assert.deepEqual(await cellsOf(page, "movable"), ["b4"]);
  await page.click('#board [data-cell="b4"]');
  assert.deepEqual(await cellsOf(page, "target"), ["a4", "a5", "b5"]);
  await page.click('#board [data-cell="a5"]');
  assert.equal(await waitForTurn(page), "over");
  assert.match(await page.textContent("#result"), /White wins/);
  assert.equal(await page.getAttribute('#board [data-cell="a5"]', "data-cube"), "w2");
  assert.deepEqual(await cellsOf(page, "last-move"), ["a5", "b4"]);
  assert.equal(await page.locator('#board [data-cell="a5"].lm-capture').count(), 1, "the taken cube is marked");
  assert.match(await page.textContent("#die-caption"), /^White rolled [1-6]$/);
  await screenshot(page, "einstein-end");
  assert.deepEqual(page.errors, []);
});
