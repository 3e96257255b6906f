// Someone to play now: a seek made in the lobby by one browser context, listed live in
// another, taken there in one click; both land in the same game on the two sides, and the
// first player's scripted move reaches the other. A seek goes when its owner leaves the
// lobby. axe-core on the lobby with a seek, screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, launch, newPage, PHONE, play, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const gameId = (page) => new URL(page.url()).pathname.split("/").pop();

/** Opens the lobby in `page` as `name`, with Black Path chosen. */
async function inLobby(page, name) {
  await page.goto(BASE + "/");
  await page.evaluate((n) => localStorage.setItem("tafel:name", n), name);
  await page.reload();
  await page.selectOption("#game", "black-path");
  await page.waitForSelector("#seat-0");
  await page.click("#mode-someone");
  await page.waitForSelector("#seeks li");
}

test("a seek listed in one browser is taken in another, and both play the game it makes", async () => {
  const owner = await newPage(browser);
  const taker = await newPage(browser, PHONE);
  await inLobby(owner, "Ann");
  await inLobby(taker, "Bo");
  await owner.click("#seek");
  await owner.waitForSelector("#seeks [data-withdraw]");
  const seek = await taker.waitForSelector("#seeks [data-take]");
  assert.equal((await seek.textContent()).trim(), "Play Ann");
  assert.deepEqual(await axeViolations(taker), []);
  await screenshot(owner, "seeks-1366");
  await taker.locator(".seeks-card").scrollIntoViewIfNeeded();
  await screenshot(taker, "seeks-390");
  await seek.click();
  await Promise.all([owner.waitForURL(/\/game\/[a-z0-9]+$/), taker.waitForURL(/\/game\/[a-z0-9]+$/)]);
  const id = gameId(owner);
  assert.equal(gameId(taker), id, "both land in the same game");
  const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.deepEqual(view.seats.map((s) => s.player).sort(), ["Ann", "Bo"]);
  // The first player (whoever the draw made it) moves; the other sees the move.
  const [first, second] = view.seats[0].player === "Ann" ? [owner, taker] : [taker, owner];
  await waitForTurn(first);
  await play(first, ["0,0:E"]);
  await second.waitForFunction(() => Number(document.querySelector("#board")?.dataset.ply) >= 1);
  await owner.context().close();
  await taker.context().close();
});

test("a seek goes when its owner leaves the lobby", async () => {
  const owner = await newPage(browser);
  const watcher = await newPage(browser);
  await inLobby(owner, "Cy");
  await inLobby(watcher, "Di");
  await owner.click("#seek");
  const seen = await watcher.waitForSelector("#seeks [data-take]");
  const id = await seen.getAttribute("data-take");
  await owner.goto(BASE + "/rules/kauri");
  await watcher.waitForFunction((i) => !document.querySelector(`#seeks [data-take="${i}"]`), id);
  await owner.context().close();
  await watcher.context().close();
});
