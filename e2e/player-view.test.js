// The player's view (issue #31): the end said from each screen's side, every answer to an offer
// told to both players, takeback words that name the moves that go, the opponent's presence on
// the board's edge, notices that fade, no false spectator at page load, and an invitation that
// says what it is to before joining. Two and three browser contexts, scripted moves, axe-core
// on every view, screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, importGame, LAPTOP, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, selector) => page.textContent(selector).then((t) => t.trim());
const notice = (page, pattern) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector("#table-notice")?.textContent ?? ""), pattern.source);

/** Records every "N watching" the page shows, from its first moment. */
const recordWatching = (page) => page.addInitScript(() => {
  window.watchingShown = [];
  new MutationObserver(() => {
    const line = document.getElementById("spectators");
    if (line && /watching/.test(line.textContent)) window.watchingShown.push(line.textContent);
  }).observe(document, { subtree: true, childList: true, characterData: true });
});

test("online: the invitation, presence, answers to offers, takeback words, and the end said on each screen", async () => {
  const host = await newPage(browser);
  await recordWatching(host);
  const created = await openNewGame(host, {
    game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }],
    time_control: { kind: "fischer", initial_seconds: 300, increment_seconds: 3 },
  });
  const link = `${BASE}/game/${created.id}#invite=${created.seats[1].invite}`;

  // The invitation says who invites, the game, the side and the clock before joining.
  const guest = await newPage(browser, PHONE);
  await guest.goto(link);
  await guest.waitForSelector("#invitation");
  assert.match(await text(guest, "#invitation"), /Hal invites you to play Carreaux as Blue\.\s*Clock: 5\+3\./);
  await screenshot(guest, "view-invitation-390");
  await guest.setViewportSize(LAPTOP);
  await screenshot(guest, "view-invitation-1366");
  await guest.setViewportSize(PHONE);
  assert.deepEqual(await axeViolations(guest), []);
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("You play"));

  // The host is told, and the notice fades; the guest's presence shows on the board's edge.
  await notice(host, /Ada joined as Blue/);
  const presence = (page, seat) => page.getAttribute(`#presence [data-seat="${seat}"]`, "data-presence");
  await host.waitForSelector('#presence [data-seat="1"][data-presence="online"]');
  assert.match(await text(host, "#presence"), /Ada \(Blue\): online/);
  await guest.waitForSelector('#presence [data-seat="0"][data-presence="online"]');
  // No "1 watching" at any moment of a player's page load (the page counts as its seat).
  await host.reload();
  await host.waitForSelector('#presence [data-seat="1"][data-presence="online"]');
  await host.waitForTimeout(700);
  assert.deepEqual(await host.evaluate(() => window.watchingShown), [], "no false spectator");

  // The guest's page hidden: away; shown again: online.
  const setHidden = (hidden) => guest.evaluate((h) => {
    Object.defineProperty(document, "hidden", { value: h, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
  await setHidden(true);
  await host.waitForFunction(() => document.querySelector('#presence [data-seat="1"]')?.dataset.presence === "away");
  await screenshot(host, "view-presence-away-1366");
  await setHidden(false);
  await host.waitForFunction(() => document.querySelector('#presence [data-seat="1"]')?.dataset.presence === "online");

  // A draw offered and declined: the offerer is told who declined.
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  await host.click("#draw-offer");
  await guest.waitForSelector("#draw-decline");
  await guest.click("#draw-decline");
  await notice(host, /Ada \(Blue\) declined your draw offer\./);
  await notice(guest, /You declined the draw offer\./);
  await screenshot(host, "view-draw-declined-1366");
  await screenshot(guest, "view-draw-declined-390");

  // A takeback names the moves that go, from each side; withdrawn, both are told.
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await host.waitForFunction(() => document.querySelector("#board").dataset.ply === "2");
  await host.click("#takeback");
  await guest.waitForSelector("#takeback-notice");
  assert.equal(await text(guest, "#takeback-notice"), "Hal (Red) asks to take back b6 (Hal's) and c6 (yours).");
  assert.match(await text(host, "#takeback-asked"), /You asked to take back b6 \(yours\) and c6 \(Ada's\)/);
  await screenshot(guest, "view-takeback-390");
  assert.deepEqual(await axeViolations(guest), []);
  await host.click("#takeback-decline");
  await notice(guest, /Hal \(Red\) withdrew the takeback request\./);
  await notice(host, /You withdrew the takeback request\./);

  // A draw offer answered by a move: it lapsed, and the offerer is told.
  await guest.waitForSelector("#draw-offer");
  await guest.click("#draw-offer");
  await host.waitForSelector("#draw-offer-notice");
  assert.equal(await waitForTurn(host), "move");
  const move = await host.getAttribute("#board .movable", "data-cell");
  await play(host, [move]);
  await notice(guest, /Hal \(Red\) played on instead of answering: your draw offer lapsed\./);

  // Notices fade: the last one is gone after a while.
  await host.waitForFunction(() => !document.querySelector("#table-notice").textContent, null, { timeout: 20000 });

  // A spectator joins; then the guest resigns: each screen says the end from its side.
  const spectator = await newPage(browser);
  await spectator.goto(`${BASE}/game/${created.id}`);
  await spectator.waitForSelector("#board");
  assert.equal(await waitForTurn(guest), "move");
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  for (const page of [host, guest, spectator]) await page.waitForSelector("#result");
  assert.equal(await text(host, "#result"), "You won Ada (Blue) resigned.");
  assert.equal(await text(guest, "#result"), "You lost You resigned.");
  assert.equal(await text(spectator, "#result"), "Hal (Red) won Ada (Blue) resigned.");
  assert.equal(await host.title(), `You won · Carreaux`);
  await screenshot(host, "view-won-1366");
  await screenshot(guest, "view-lost-390");
  await screenshot(spectator, "view-spectator-end-1366");
  for (const page of [host, guest, spectator]) assert.deepEqual(await axeViolations(page), []);

  // Who offers the rematch is said.
  await host.click("#rematch");
  await guest.waitForSelector("#rematch-offer-notice");
  assert.equal(await text(guest, "#rematch-offer-notice"), "Hal (Red) offers a rematch.");

  assert.deepEqual([...host.errors, ...guest.errors, ...spectator.errors], []);
});

test("presence: the guest closes the page and the host sees them gone", async () => {
  const host = await newPage(browser);
  const created = await openNewGame(host, { game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await newPage(browser);
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#join-name");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await host.waitForSelector('#presence [data-seat="1"][data-presence="online"]');
  await guest.close();
  await host.waitForSelector('#presence [data-seat="1"][data-presence="gone"]');
  assert.match(await text(host, "#presence"), /Ada \(Blue\): gone/);
  await screenshot(host, "view-presence-gone-1366");
  assert.deepEqual(await axeViolations(host), []);
  assert.deepEqual(host.errors, []);
});

test("Kauri won by the second player: the score with the player's own first", async () => {
  const page = await newPage(browser, PHONE);
  // The second player to move with one seed left (in F): sowing it drops it into a, which
  // holds a cowrie and no seed, so it goes to the first player's store: 29 : 31.
  await importGame(page, `[Game "kauri"]\n[Start "A/0+1,0+1,0+1,0+1,0+1,0+1/0+1,0+1,0+1,0+1,0+1,1+1/28,31"]\n\n`, ["computer:1", "local"]);
  await play(page, ["F"]);
  assert.equal(await waitForTurn(page), "over");
  assert.equal(await text(page, "#result"), "You won By the rules: seeds captured 31 to 29, yours first.");
  await screenshot(page, "view-kauri-won-390");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.errors, []);
});

/** The controls outside the board (buttons, links, fields, summaries, chart points, checkbox
 * labels) under 32 pixels wide or high, as the page is now. */
const smallControls = (page) => page.evaluate(() => [...document.querySelectorAll(
  "button, a[href], select, input:not([type=checkbox]), textarea, summary, [role=button], label.check, label.sound-toggle")]
  .filter((n) => !n.closest("#board") && n.getClientRects().length)
  .map((n) => { const r = n.getBoundingClientRect(); return { what: n.id || n.textContent.trim().slice(0, 40) || n.tagName, width: r.width, height: r.height }; })
  .filter((c) => Math.min(c.width, c.height) < 32));

test("phone: every control outside the board is 32 pixels at least (a finished game with its analysis, an online game)", async () => {
  const page = await newPage(browser, PHONE);
  const created = await openNewGame(page, { game: "black-path", settings: { size: "3x4" }, seats: [{ kind: "local" }, { kind: "local" }] });
  for (const exit of ["0,0:E", "0,1:E", "0,2:S", "1,2:W", "1,1:W", "1,0:S", "2,0:E", "2,1:E", "2,2:E", "2,3:N", "1,3:N", "0,3:W"]) {
    assert.equal(await waitForTurn(page), "move");
    await play(page, [exit]);
  }
  await page.waitForSelector("#analysis-chart .chart-point", { timeout: 60000 });
  await page.click("#loss-box summary");
  await page.click("#engine-details summary");
  assert.deepEqual(await smallControls(page), []);
  assert.ok(await page.locator("#movelist .ply").count() === 12 && await page.locator("#analysis-chart .chart-point").count() === 13);
  await page.locator("#movelist").scrollIntoViewIfNeeded();
  await screenshot(page, "view-phone-controls-390");

  const host = await newPage(browser);
  const online = await openNewGame(host, { game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await newPage(browser, PHONE);
  await guest.goto(`${BASE}/game/${online.id}#invite=${online.seats[1].invite}`);
  await guest.waitForSelector("#join-name");
  assert.deepEqual(await smallControls(guest), [], "the invitation");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await play(host, ["b6"]);
  await host.click("#draw-offer");
  await guest.waitForSelector("#draw-accept");
  assert.deepEqual(await smallControls(guest), [], "an online game with a draw offered");
  assert.deepEqual([...page.errors, ...guest.errors], []);
});

test("after a resignation the die and the last move say whose roll it was", async () => {
  const page = await newPage(browser);
  await openNewGame(page, { game: "karls-race", seats: [{ kind: "local", name: "Hal" }, { kind: "computer", level: 1 }] });
  assert.equal(await waitForTurn(page), "move");
  const stone = await page.getAttribute("#board .movable", "data-cell");
  await page.click(`#board .movable[data-cell="${stone}"]`);
  await page.click(`#board .target`);
  // The computer replies; the server then rolls for White, who resigns instead of moving.
  assert.equal(await waitForTurn(page), "move");
  const roll = await page.getAttribute("[data-die]", "data-die");
  await page.click("#resign");
  await page.click("#resign-confirm");
  await page.waitForSelector("#result");
  assert.equal(await text(page, "#result"), "You lost You resigned.");
  assert.equal(await text(page, "#die-caption"), `White rolled ${roll}`);
  assert.match(await text(page, "#last-move-line"), new RegExp(`^Last move: Black \\(computer\\) rolled \\d and played [A-U]-[A-U]\\. Then Hal \\(White\\) rolled ${roll}\\.$`));
  await screenshot(page, "view-resigned-roll-1366");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.errors, []);
});
