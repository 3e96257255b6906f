// Rated games, players' pages and the leaderboards in real browsers: two accounts in two browser
// contexts play a rated game (scripted moves, then a resignation), both players' pages show the
// game and the new ratings, the filters work, and the leaderboard page leaves provisional players
// out. axe-core on every page, screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, launch, newPage, PHONE, play, screenshot, waitForTurn, joinByLink } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, selector) => page.textContent(selector).then((t) => t.trim());

/** A page in a context of its own, signed up as a new account named after `prefix`. */
async function signedUp(prefix, viewport) {
  const page = await newPage(browser, viewport);
  const username = `${prefix}${Date.now() % 100000}`;
  const answer = await page.request.post(`${BASE}/api/account`, { data: { username, password: "correct horse battery" } });
  assert.equal(answer.status(), 201, await answer.text());
  return { page, username };
}

test("two accounts play a rated game; both pages show it with the new ratings; the leaderboard", async () => {
  const ada = await signedUp("ada", undefined);
  const bob = await signedUp("bob", PHONE);
  const host = ada.page;
  await host.goto(BASE + "/");
  await host.selectOption("#game", "carreaux");
  await host.waitForSelector("#seat-1");
  await host.selectOption("#seat-1", "invite");
  await host.selectOption("#clock", "fischer:300:3");
  await host.waitForSelector("#rated-label:not([hidden])");
  await host.check("#rated");
  await host.click("#start");
  await host.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = new URL(host.url()).pathname.split("/").pop();
  await host.waitForSelector("#game-ratings");
  assert.equal(await text(host, "#game-ratings"), "Rated game");
  const link = await host.inputValue(".invite input");

  const guest = bob.page;
  await joinByLink(guest, link);
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  for (const page of [host, guest]) {
    await page.waitForSelector("#result");
    await page.waitForFunction(() => /→/.test(document.querySelector("#game-ratings")?.textContent));
  }
  assert.match(await text(host, "#game-ratings"), new RegExp(`${ada.username}: 1500 → 17\\d\\d \\(\\+2\\d\\d\\)`));
  assert.match(await text(host, "#game-ratings"), new RegExp(`${bob.username}: 1500 → 12\\d\\d \\(-2\\d\\d\\)`));
  await screenshot(host, "rated-game-1366");

  // Each page shows the game, its result and the new rating (provisional: "?").
  for (const [{ page, username }, outcome, rating, size] of [[ada, "Won", /^17\d\d\?$/, "1366"], [bob, "Lost", /^12\d\d\?$/, "390"]]) {
    await page.goto(`${BASE}/@/${username}`);
    await page.waitForSelector(`#player-games tr[data-id="${id}"]`);
    assert.equal(await text(page, "#player-name"), username);
    assert.match(await text(page, '#ratings tr[data-game="carreaux"] .rating'), rating);
    assert.match(await text(page, `#player-games tr[data-id="${id}"] .outcome`), new RegExp(`^${outcome} rated \\(1500 → 1?\\d{3,4}\\)`));
    assert.match(await text(page, "#counts"), outcome === "Won" ? /1 won · 0 drawn · 0 lost/ : /0 won · 0 drawn · 1 lost/);
    assert.equal(await page.locator("#rating-chart circle").count(), 1);
    await screenshot(page, `player-${size}`, true);
    assert.deepEqual(await axeViolations(page), []);
  }
  // The filters: Ada lost no game.
  await host.selectOption("#filter-result", "loss");
  await host.waitForSelector("#no-games");
  await host.selectOption("#filter-result", "win");
  await host.waitForSelector(`#player-games tr[data-id="${id}"]`);
  // The opponent's name links to their page.
  await host.click(`#player-games tr[data-id="${id}"] a[href="/@/${bob.username}"]`);
  await host.waitForURL(`${BASE}/@/${bob.username}`);
  await host.waitForSelector("#player-games tr");

  // The leaderboard leaves provisional players out: after one game both still are.
  for (const [page, size] of [[host, "1366"], [guest, "390"]]) {
    await page.goto(`${BASE}/leaderboard?game=carreaux`);
    await page.waitForSelector("#leaderboard-empty, #leaderboard table");
    assert.equal(await page.locator(`#leaderboard tr[data-player="${ada.username}"]`).count(), 0);
    await screenshot(page, `leaderboard-${size}`, true);
    assert.deepEqual(await axeViolations(page), []);
  }
  // A page for nobody is the 404 page.
  const missing = await host.goto(`${BASE}/@/nobody-here`);
  assert.equal(missing.status(), 404);
  assert.deepEqual([...host.errors, ...guest.errors], []);
});
