// The game page's other features in a real browser: undo against the computer, replay, record
// downloads, an online game between two browser contexts through the invitation link, reload in
// the middle of a game, keyboard play, and the lobby and a phone-size view.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";
import { BASE, boardPly, clickMove, createGame, launch, newPage, playToTheEnd, randomCell, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const moveList = (page) => page.locator("#movelist li").allTextContents();
const code = (page) => page.getAttribute("#board", "data-code");

test("the lobby offers every game with its settings", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/");
  const games = await page.locator("#game option").evaluateAll((ns) => ns.map((n) => n.value));
  assert.deepEqual(games.sort(), ["black-path", "carreaux", "karls-race", "kauri", "quarx"]);
  await page.selectOption("#game", "carreaux");
  await page.waitForSelector("#set-size");
  assert.match(await page.textContent("main"), /reconstructed/);
  await screenshot(page, "lobby");
  assert.deepEqual(page.errors, []);
});

test("undo takes back the player's move and the computer's answer", async () => {
  const page = await newPage(browser);
  // Carreaux 6 x 6: every game from the default start lasts 6 plies, so two plies leave it open.
  await createGame(page, "carreaux", { settings: { size: "6" }, seats: ["local", "computer:1"] });
  const start = await code(page);
  await clickMove(page);
  assert.equal(await waitForTurn(page), "move");
  assert.equal((await moveList(page)).length, 2);
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelectorAll("#movelist li").length === 0);
  assert.equal(await code(page), start);
  assert.equal(await waitForTurn(page), "move");
  assert.deepEqual(page.errors, []);
});

test("replay steps through a finished game and the records download", async () => {
  const page = await newPage(browser);
  await createGame(page, "carreaux", { settings: { size: "6" }, seats: ["local", "local"] });
  const start = await code(page);
  await playToTheEnd(page, randomCell);
  const moves = await moveList(page);
  const last = moves.length;
  assert.ok(last >= 2, `${last} moves`);
  const end = await code(page);

  await page.click("#replay >> text=First");
  await page.waitForFunction(() => document.querySelector("#board").dataset.ply === "0");
  assert.equal(await code(page), start);
  assert.equal(await page.locator("#board .movable").count(), 0, "no moves while replaying");
  await page.click("#replay >> text=Forward");
  await page.waitForFunction(() => document.querySelector("#board").dataset.ply === "1");
  assert.match(await page.textContent("#movelist li.current"), new RegExp(moves[0]));
  await page.click("#replay >> text=Last");
  await page.waitForFunction((n) => document.querySelector("#board").dataset.ply === String(n), last);
  assert.equal(await code(page), end);
  await page.click("#replay >> text=Back");
  await page.waitForFunction((n) => document.querySelector("#board").dataset.ply === String(n - 1), last);

  const [text] = await Promise.all([page.waitForEvent("download"), page.click("#download-text")]);
  const record = await readFile(await text.path(), "utf8");
  assert.match(record, /\[Game "carreaux"\]/);
  for (const move of moves) assert.ok(record.includes(move), `${move} in the text record`);
  const [json] = await Promise.all([page.waitForEvent("download"), page.click("#download-json")]);
  const parsed = JSON.parse(await readFile(await json.path(), "utf8"));
  assert.equal(parsed.game, "carreaux");
  assert.deepEqual(parsed.moves, moves);
  assert.deepEqual(page.errors, []);
});

test("two browsers play online through the invitation link, moves pushed live", async () => {
  const host = await newPage(browser);
  await createGame(host, "carreaux", { settings: { size: "6" }, seats: ["local", "invite"] });
  const link = await host.inputValue(".invite input");
  assert.match(link, /#seat=1&token=[0-9a-f]{32}$/);
  const guest = await newPage(browser);
  await guest.goto(link);
  await guest.waitForSelector("#board");
  assert.equal(await guest.locator("#board .movable").count(), 0, "not the guest's turn");

  const players = [host, guest];
  for (let ply = 0; ; ply++) {
    const mover = players[ply % 2];
    const watcher = players[(ply + 1) % 2];
    if ((await waitForTurn(mover)) === "over") break;
    await clickMove(mover, randomCell);
    // The other browser sees the move without reloading.
    await watcher.waitForFunction((p) => Number(document.querySelector("#board").dataset.ply) === p, ply + 1);
  }
  assert.equal(await host.textContent("#result"), await guest.textContent("#result"));
  assert.deepEqual(await moveList(host), await moveList(guest));
  await screenshot(guest, "online-guest");
  assert.deepEqual([...host.errors, ...guest.errors], []);
});

test("reload in the middle of a game shows it as it was and play continues (also by keyboard)", async () => {
  const page = await newPage(browser);
  // Carreaux 6 x 6: every game from the default start lasts 6 plies, so two plies leave it open.
  await createGame(page, "carreaux", { settings: { size: "6" }, seats: ["local", "computer:1"] });
  await clickMove(page);
  assert.equal(await waitForTurn(page), "move");
  const [before, moves] = [await code(page), await moveList(page)];
  await page.reload();
  await page.waitForSelector("#board");
  assert.equal(await code(page), before);
  assert.deepEqual(await moveList(page), moves);
  assert.equal(await waitForTurn(page), "move");
  // A move by keyboard: focus a movable cell and press Enter.
  const ply = await boardPly(page);
  await page.focus("#board .movable");
  await page.keyboard.press("Enter");
  await page.waitForFunction((p) => Number(document.querySelector("#board").dataset.ply) > p, ply);
  await playToTheEnd(page, randomCell);
  assert.match(await page.textContent("#result"), /draw/);
  assert.deepEqual(page.errors, []);
});

test("a phone-size view fits the screen", async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await createGame(page, "karls-race", { seats: ["local", "computer:1"] });
  assert.equal(await waitForTurn(page), "move");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.width >= 300 && box.width <= 390, `board ${box.width}px wide`);
  await screenshot(page, "phone-karls-race");
  await page.goto(BASE + "/");
  await page.waitForSelector("table.recent tr");
  const lobbyOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(lobbyOverflow <= 0, `lobby is ${lobbyOverflow}px wider than the phone`);
  await screenshot(page, "phone-lobby");
  assert.deepEqual(page.errors, []);
});
