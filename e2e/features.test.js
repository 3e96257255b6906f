// The lobby, the rules pages, the 404 page and the game page's other features in a real browser:
// settings with labels and conditions, levels that cannot play, recent games; undo; the move
// list numbered as the record, replay by clicks and keys, record downloads; an online game
// between two browser contexts; reload, keyboard play and focus; refused moves, tab titles,
// the favicon, and the computer's move animated unless reduced motion is asked for.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, boardPly, boxOf, cellsOf, createGame, LAPTOP, launch, newPage, openNewGame, PHONE, play,
  screenshot, waitForReply, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const code = (page) => page.getAttribute("#board", "data-code");
/** The move list as the record writes it: one "N. move move" line per number. */
const moveLines = (page) => page.locator("#movelist li").evaluateAll((lines) => lines.map((li) =>
  [li.querySelector(".num")?.textContent ?? "", ...[...li.querySelectorAll(".ply")].map((b) => b.textContent)].join(" ")));
const plies = (page) => page.locator("#movelist .ply").allTextContents();
/** A Carreaux game from the default start: every game lasts six plies and is drawn. */
const CARREAUX_GAME = ["b6", "c6", "c5", "c4", "c3", "d3"];

async function api(path, body) {
  const response = await fetch(BASE + path, body ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {});
  return response.json();
}

test("the lobby: labelled settings, conditions, badges, the Carreaux note, levels, recent games", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/");
  // The lobby fills the list from the catalog after the page has loaded.
  await page.waitForSelector("#game option", { state: "attached" });
  const games = await page.locator("#game option").evaluateAll((ns) => ns.map((n) => n.value));
  assert.deepEqual(games.sort(), ["black-path", "carreaux", "einstein", "karls-race", "kauri", "quarx"]);

  await page.selectOption("#game", "karls-race");
  await page.waitForSelector("#set-first");
  assert.equal(await page.getAttribute("#rules-link", "href"), "/rules/karls-race");
  assert.equal((await page.textContent('label[for="set-players"]')).trim(), "Players");
  assert.match(await page.textContent('label[for="set-start"]'), /Start squares\s*reconstructed/);
  // `first` is a choice of the seats, `start4` only with four players.
  assert.equal(await page.evaluate(() => document.querySelector("#set-first").tagName), "SELECT");
  assert.deepEqual(await page.locator("#set-first option").allTextContents(), ["white", "black"]);
  assert.equal(await page.isVisible("#set-start4"), false);
  assert.equal(await page.isVisible("#set-start"), true);
  await page.selectOption("#set-players", "4");
  assert.equal(await page.isVisible("#set-start4"), true);
  assert.equal(await page.isVisible("#set-start"), false);
  assert.deepEqual(await page.locator("#set-first option").allTextContents(), ["se", "sw", "nw", "ne"]);
  await page.waitForSelector("#seat-3");
  await page.selectOption("#set-players", "2");
  await page.waitForFunction(() => !document.querySelector("#seat-2"));
  // Level 6 plays perfectly from the solved table; without the table it is unavailable, and the
  // lobby says how to build it.
  const levels = await api("/api/catalog/karls-race/levels");
  const six = page.locator('#seat-1 option[value="computer:6"]');
  if (levels[5].notice) {
    assert.equal(await six.evaluate((o) => o.disabled), true);
    assert.match(await six.textContent(), /unavailable/);
    assert.match(await page.textContent("#level-notes"), /level 6 is not available here.*tafel solve karls-race/s);
  } else {
    assert.equal(await six.evaluate((o) => o.disabled), false);
  }
  await screenshot(page, "lobby-karls-race-1366", true);

  // Carreaux: the lobby leads with the free variant, labelled as one; the designer's rules,
  // which always draw, are one click away with the proof (e2e/lobby.test.js checks the rest).
  await page.selectOption("#game", "carreaux");
  await page.waitForSelector("#offer");
  assert.equal(await page.inputValue("#set-rule"), "free");
  assert.equal(await page.getAttribute("#lobby-note a", "href"), "/rules/carreaux#what-the-literal-rules-do");
  assert.equal(await page.isVisible("#set-ply-limit"), true, "the ply limit applies under rule=free");
  assert.match(await page.textContent('label[for="set-rule"]'), /variant, not the designer's rules/);
  await screenshot(page, "lobby-carreaux-1366", true);
  assert.deepEqual(await axeViolations(page), []);
  await page.click("#offer");
  assert.equal(await page.inputValue("#set-rule"), "literal");
  assert.equal(await page.isVisible("#set-ply-limit"), false, "the ply limit applies under rule=free only");
  await page.waitForFunction(() => /draw within six plies/.test(document.querySelector("#lobby-note")?.textContent));

  // Recent games: the game, its players, its moves with the right plural, the date, the result.
  const created = await api("/api/games", { game: "carreaux", seats: [{ kind: "local" }, { kind: "local" }] });
  await api(`/api/games/${created.id}/moves`, { token: created.seats[0].token, move: "b6" });
  const rolled = await api("/api/games", { game: "karls-race", seats: [{ kind: "local" }, { kind: "computer", level: 1 }] });
  await page.reload();
  await page.waitForSelector(`#recent a[href="/game/${created.id}"]`);
  const item = (id) => page.locator("#recent li", { has: page.locator(`a[href="/game/${id}"]`) });
  const carreaux = await item(created.id).textContent();
  assert.match(carreaux, /Carreaux/);
  assert.match(carreaux, /Red \(here\) vs Blue \(here\)/);
  assert.match(carreaux, /\b1 move\b/);
  assert.match(carreaux, /in progress/);
  assert.ok(await item(created.id).locator("time[datetime]").count() === 1);
  // The die rolled for White is not a move.
  assert.match(await item(rolled.id).textContent(), /\b0 moves\b.*/);
  assert.deepEqual(page.errors, []);

  const phone = await newPage(browser, PHONE);
  await phone.goto(BASE + "/");
  await phone.waitForSelector("#recent li");
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, "the lobby fits the phone");
  await screenshot(phone, "lobby-390", true);
  assert.deepEqual(await axeViolations(phone), []);
  assert.deepEqual(phone.errors, []);
});

test("the rules of every game as a page, with our decisions labelled; unknown paths get the 404 page", async () => {
  const page = await newPage(browser);
  for (const [game, title] of [["black-path", "Black Path Game"], ["carreaux", "Carreaux"], ["karls-race", "Karl's Race"], ["kauri", "Kauri"], ["quarx", "Quarx"], ["einstein", "EinStein würfelt nicht"]]) {
    const response = await page.goto(`${BASE}/rules/${game}`);
    assert.equal(response.status(), 200, game);
    assert.equal(await page.title(), `Rules of ${title} · Tafel`);
    assert.ok(await page.locator("article.rules h1").count() === 1, game);
    assert.ok(await page.locator("article.rules .mark-ours").count() > 0, `${game} labels decisions of ours`);
    assert.equal(await page.getAttribute(".crumbs a", "href"), "/");
    assert.deepEqual(page.errors, [], game);
  }
  await page.goto(`${BASE}/rules/carreaux#what-the-literal-rules-do`);
  assert.match(await page.textContent("#what-the-literal-rules-do"), /What the literal rules do/);
  await screenshot(page, "rules-carreaux-1366");
  await page.goto(`${BASE}/rules/quarx`);
  assert.ok(await page.locator(".mark-reconstructed").count() > 0);
  assert.deepEqual(await axeViolations(page), []);
  await page.setViewportSize(PHONE);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, "the rules fit a phone");
  await screenshot(page, "rules-quarx-390");

  for (const path of ["/no/such/page", "/rules/chess", "/assets/nothing.js"]) {
    const response = await page.goto(BASE + path);
    assert.equal(response.status(), 404, path);
    assert.match(response.headers()["content-type"], /text\/html/);
    assert.match(await page.textContent("h1"), /Page not found/);
    await page.click("text=Back to the lobby");
    await page.waitForSelector("#game");
  }
  await page.goto(BASE + "/no/such/page");
  await screenshot(page, "not-found-390");
  const apiAnswer = await fetch(`${BASE}/api/no-such-thing`);
  assert.equal(apiAnswer.status, 404);
  assert.match((await apiAnswer.json()).error, /no-such-thing/);
  assert.deepEqual(page.errors, []);
});

test("the favicon, and the tab's title says whose turn it is", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/");
  const icon = await page.getAttribute('link[rel="icon"]', "href");
  const response = await fetch(BASE + icon);
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type"), /image\/svg\+xml/);
  await openNewGame(page, { game: "carreaux", seats: [{ kind: "local" }, { kind: "computer", level: 1 }] });
  assert.equal(await page.title(), "Your move · Carreaux");
  for (const [i, move] of CARREAUX_GAME.entries()) {
    if (i % 2) continue;
    await waitForTurn(page);
    // The computer's replies cannot all be scripted; the game ends after six plies whatever.
    const cells = await cellsOf(page, "movable");
    await play(page, [cells.includes(move) ? move : cells[0]]);
  }
  assert.equal(await waitForTurn(page), "over");
  assert.equal(await page.title(), "Draw · Carreaux");
  assert.deepEqual(page.errors, []);
});

test("undo takes back the player's move and the computer's answer", async () => {
  const page = await newPage(browser);
  await createGame(page, "carreaux", { settings: { rule: "literal" }, seats: ["local", "computer:1"] });
  const start = await code(page);
  await play(page, ["b6"]);
  await waitForReply(page, 1);
  assert.equal((await plies(page)).length, 2);
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelectorAll("#movelist .ply").length === 0);
  assert.equal(await code(page), start);
  assert.equal(await waitForTurn(page), "move");
  assert.deepEqual(page.errors, []);
});

test("the move list is numbered as the record, follows the game, and replays by clicks and keys", async () => {
  const page = await newPage(browser);
  await createGame(page, "carreaux", { settings: { rule: "literal" }, seats: ["local", "local"] });
  const start = await code(page);
  for (const move of CARREAUX_GAME) await play(page, [move]);
  assert.equal(await waitForTurn(page), "over");
  assert.match(await page.textContent("#result"), /draw/);
  assert.deepEqual(await moveLines(page), CARREAUX_GAME.map((m, i) => `${i + 1}. ${m}`));
  const end = await code(page);

  const ply = (n) => page.waitForFunction((p) => document.querySelector("#board").dataset.ply === String(p), n);
  await page.click('#movelist .ply[data-ply="2"]');
  await ply(2);
  assert.equal(await page.getAttribute("#movelist .ply.current", "data-ply"), "2");
  assert.deepEqual(await cellsOf(page, "last-move"), ["b6", "c6"], "the position's last move is marked");
  // The game is over: the position replayed is the analysis board's, where a move tried is a
  // variation, not one of the game's (e2e/analysis-board.test.js).
  assert.ok(await page.isVisible("#analysis-board"), "the analysis board beside the position replayed");
  await page.keyboard.press("Home");
  await ply(0);
  assert.equal(await code(page), start);
  await page.keyboard.press("ArrowRight");
  await ply(1);
  await page.keyboard.press("End");
  await ply(6);
  assert.equal(await code(page), end);
  await page.keyboard.press("ArrowLeft");
  await ply(5);
  await page.click('#replay [aria-label="First position"]');
  await ply(0);
  await page.click('#replay [aria-label="Forward"]');
  await ply(1);
  await page.click('#replay [aria-label="Last position"]');
  await ply(6);

  const [text] = await Promise.all([page.waitForEvent("download"), page.click("#download-text")]);
  const record = await readFile(await text.path(), "utf8");
  assert.match(record, /\[Game "carreaux"\]/);
  assert.ok(record.includes(CARREAUX_GAME.map((m, i) => `${i + 1}. ${m}`).join("\n")), record);
  const [json] = await Promise.all([page.waitForEvent("download"), page.click("#download-json")]);
  const parsed = JSON.parse(await readFile(await json.path(), "utf8"));
  assert.equal(parsed.game, "carreaux");
  assert.deepEqual(parsed.moves, CARREAUX_GAME);
  assert.deepEqual(page.errors, []);
});

test("Karl's Race and Kauri move lists are numbered as their records", async () => {
  const page = await newPage(browser);
  // Karl's Race at one screen: each roll goes with the move it allows (`1. 3 U-S`).
  await openNewGame(page, { game: "karls-race", seats: [{ kind: "local" }, { kind: "local" }] });
  for (let i = 0; i < 3; i++) {
    await waitForTurn(page);
    const [stone] = await cellsOf(page, "movable");
    await page.click(`#board .movable[data-cell="${stone}"]`);
    const [target] = await cellsOf(page, "target");
    const before = await boardPly(page);
    await page.click(`#board .target[data-cell="${target}"]`);
    await page.waitForFunction((p) => Number(document.querySelector("#board").dataset.ply) > p, before);
  }
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-text")]);
  const recordLines = (await readFile(await download.path(), "utf8")).split("\n\n")[1].trim().split("\n");
  assert.deepEqual(await moveLines(page), recordLines);
  assert.equal(recordLines.length, 4, "three moves and the next roll");
  assert.equal(await page.locator("#movelist .ply.chance").count(), 4, "the rolls");

  // Kauri: a move of each player under one number (`1. a F; 2. b`), each with where its
  // sowing ended.
  await openNewGame(page, { game: "kauri", seats: [{ kind: "local" }, { kind: "local" }] });
  for (const move of ["a", "F", "b"]) await play(page, [move]);
  assert.deepEqual(await moveLines(page), ["1. a → A F → f", "2. b → D"]);
  assert.deepEqual(await page.locator("#movelist .ply").evaluateAll((ns) => ns.map((n) => n.dataset.record)), ["a", "F", "b"]);
  assert.deepEqual(page.errors, []);
});

test("two browsers play online through the invitation link, each seeing the other's move marked", async () => {
  const host = await newPage(browser);
  await createGame(host, "carreaux", { settings: { rule: "literal" }, seats: ["local", "invite"] });
  const link = await host.inputValue(".invite input");
  assert.match(link, /#invite=[0-9a-f]+$/);
  const guest = await newPage(browser);
  await guest.goto(link);
  await guest.waitForSelector("#board");
  await guest.click("#join");
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("You play"));
  assert.equal(await guest.locator("#board .movable").count(), 0, "not the guest's turn");
  assert.equal(await guest.title(), "Red to move · Carreaux");

  const players = [host, guest];
  for (const [ply, move] of CARREAUX_GAME.entries()) {
    const [mover, watcher] = [players[ply % 2], players[(ply + 1) % 2]];
    assert.equal(await waitForTurn(mover), "move");
    await play(mover, [move]);
    // The other browser sees the move, marked, without reloading.
    await watcher.waitForFunction((p) => Number(document.querySelector("#board").dataset.ply) === p, ply + 1);
    assert.ok((await cellsOf(watcher, "last-move")).includes(move));
  }
  assert.equal(await host.textContent("#result"), await guest.textContent("#result"));
  assert.deepEqual(await plies(host), await plies(guest));
  // Between people online the server refuses undo, so neither page offers it.
  assert.equal(await host.isDisabled("#undo"), true);
  assert.equal(await guest.isDisabled("#undo"), true);
  await screenshot(guest, "online-guest");
  assert.deepEqual([...host.errors, ...guest.errors], []);
});

test("reload shows the game as it was; keyboard play keeps the focus on the board", async () => {
  const page = await newPage(browser);
  await createGame(page, "carreaux", { settings: { rule: "literal" }, seats: ["local", "computer:1"] });
  await play(page, ["b6"]);
  await waitForReply(page, 1);
  const [before, moves] = [await code(page), await plies(page)];
  await page.reload();
  await page.waitForSelector("#board");
  assert.equal(await code(page), before);
  assert.deepEqual(await plies(page), moves);
  assert.equal(await waitForTurn(page), "move");
  // A move by keyboard: focus a movable cell and press Enter; the focus stays on the board,
  // also after the computer's reply redraws it.
  const ply = await boardPly(page);
  const [cell] = await cellsOf(page, "movable");
  await page.focus(`#board [data-cell="${cell}"]`);
  await page.keyboard.press("Enter");
  await page.waitForFunction((p) => Number(document.querySelector("#board").dataset.ply) > p, ply);
  assert.equal(await page.evaluate(() => document.querySelector("#board").contains(document.activeElement)), true, "focus after our move");
  await waitForReply(page, ply + 1);
  assert.equal(await page.evaluate(() => document.querySelector("#board").contains(document.activeElement)), true, "focus after the reply");
  assert.deepEqual(page.errors, []);
});

test("a refused move is explained next to the board", async () => {
  const page = await newPage(browser);
  await createGame(page, "quarx", { seats: ["local", "local"] });
  await page.fill("#move-input", "1111-9999");
  await page.press("#move-input", "Enter");
  await page.waitForSelector("#error:not(:empty)");
  assert.match(await page.textContent("#error"), /1111-9999/);
  const box = await boxOf(page, "#error");
  assert.ok(box.bottom <= LAPTOP.height && box.left > (await boxOf(page, "#board")).right - 1, `error at ${JSON.stringify(box)}`);
  await screenshot(page, "refused-move");
  assert.deepEqual(page.errors, []);
});

/**
 * Counts, in the page, the animations started on the board's elements. Counting the calls
 * rather than catching a running animation at a frame keeps the test right on a loaded machine,
 * where a short animation can start and end between two frames the test gets to see.
 */
const countBoardAnimations = (page) => page.addInitScript(() => {
  window.boardAnimations = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.closest?.("#board")) window.boardAnimations += 1;
    return animate.apply(this, args);
  };
});
const boardAnimations = (page) => page.evaluate(() => window.boardAnimations);
const replyDrawn = (page) => page.waitForFunction(() => Number(document.querySelector("#board").dataset.ply) >= 2, null, { timeout: 60000 });

test("the computer's move is animated briefly, and not at all under reduced motion", async () => {
  const page = await newPage(browser);
  await countBoardAnimations(page);
  await createGame(page, "carreaux", { settings: { rule: "literal" }, seats: ["local", "computer:1"] });
  await play(page, ["b6"]);
  await replyDrawn(page);
  assert.ok(await boardAnimations(page) > 0, "the computer's reply is animated");
  assert.ok(await page.locator("#board .last-move").count() > 0);

  const still = await newPage(browser, LAPTOP, { reducedMotion: "reduce" });
  await countBoardAnimations(still);
  await createGame(still, "carreaux", { settings: { rule: "literal" }, seats: ["local", "computer:1"] });
  await play(still, ["b6"]);
  await replyDrawn(still);
  assert.equal(await boardAnimations(still), 0);
  assert.ok(await still.locator("#board .last-move").count() > 0, "the reply is marked all the same");
  assert.deepEqual([...page.errors, ...still.errors], []);
});
