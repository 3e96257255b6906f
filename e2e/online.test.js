// Online play in real browsers, with two and three browser contexts (host, invited guest,
// spectator) and scripted moves: claiming the invited seat once, "You play ..." and "You are
// watching", names, the host told of the guest, spectators counted; draw offers, takebacks by
// consent, resignation, rematch with sides swapped; ticking clocks and the flag falling; open
// challenges joined from the lobby. axe-core on every page, screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, boardPly, cellsOf, createGame, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = (page, selector) => page.textContent(selector).then((t) => t.trim());
const youLine = (page) => page.textContent("#you").then((t) => t.replace(/·.*$/, "").trim());
const gameId = (page) => new URL(page.url()).pathname.split("/").pop();
const seatNames = async (id) => (await (await fetch(`${BASE}/api/games/${id}`)).json()).seats.map((s) => s.name);

/** Opens `link` (an invitation) in `page` and takes the seat as `name`. */
async function joinAs(page, link, name) {
  await page.goto(link);
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", name);
  await page.click("#join");
  await page.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("You play"));
}

/** A Carreaux game made in the lobby by "Hal" (Red, at this screen) against an invited seat,
 * which "Ada" takes in a second browser context. */
async function hostAndGuest(guestViewport) {
  const host = await newPage(browser);
  await host.goto(BASE + "/");
  await host.evaluate(() => localStorage.setItem("tafel:name", "Hal"));
  await createGame(host, "carreaux", { settings: { rule: "literal" }, seats: ["local", "invite"] });
  const link = await host.inputValue(".invite input");
  assert.match(link, /\/game\/[a-z0-9]+#invite=[0-9a-f]{32}$/);
  const guest = await newPage(browser, guestViewport);
  await joinAs(guest, link, "Ada");
  return { host, guest, link, id: gameId(host) };
}

test("host, guest and spectator: seats claimed once, names, who is watching, a draw, a rematch with sides swapped", async () => {
  const { host, guest, link, id } = await hostAndGuest(PHONE);
  const [red, blue] = await seatNames(id);
  // Everyone knows their place; the host saw the guest arrive.
  await host.waitForFunction(() => /Ada joined/.test(document.querySelector("#table-notice")?.textContent));
  assert.equal(await youLine(host), `You play ${red}`);
  assert.equal(await youLine(guest), `You play ${blue}`);
  assert.doesNotMatch(await text(guest, "#table-notice"), /Ada joined/, "the guest is not told of their own arrival");
  assert.match(await text(guest, '#players li[data-seat="0"]'), /Hal/);
  assert.match(await text(host, '#players li[data-seat="1"]'), /Ada/);
  await host.waitForSelector(".invite input", { state: "detached" }); // the used invitation is gone

  // The guest's private link opens the seat on another device (the token stays in the fragment).
  const device = await guest.inputValue("#device-1");
  assert.match(device, /#seat=1&token=[0-9a-f]{32}$/);
  const phone = await newPage(browser, PHONE);
  await phone.goto(device);
  await phone.waitForSelector("#you");
  assert.equal(await youLine(phone), `You play ${blue}`);
  assert.equal(new URL(phone.url()).hash, "", "the token leaves the address bar");
  await phone.context().close();

  // A third browser with the same link gets no seat: it watches, and is counted.
  const spectator = await newPage(browser);
  await spectator.goto(link);
  await spectator.waitForSelector("#join");
  await spectator.click("#join");
  await spectator.waitForSelector("#error:not(:empty)");
  assert.match(await text(spectator, "#error"), /taken/);
  assert.equal(await youLine(spectator), "You are watching");
  await host.waitForFunction(() => /1 watching/.test(document.querySelector("#spectators")?.textContent));
  assert.equal(await spectator.locator("#table-controls, #undo:not([disabled]), #board .movable").count(), 0, "nothing to do but watch");

  // Scripted moves, each seen by the others.
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await spectator.waitForFunction(() => Number(document.querySelector("#board").dataset.ply) === 2);
  assert.deepEqual(await cellsOf(spectator, "last-move"), await cellsOf(host, "last-move"));
  await screenshot(host, "online-host-1366");
  await screenshot(guest, "online-guest-390", true);
  await screenshot(spectator, "online-spectator-1366");
  for (const page of [host, guest, spectator]) assert.deepEqual(await axeViolations(page), []);

  // The guest offers a draw; the host accepts.
  await guest.click("#draw-offer");
  await guest.waitForSelector("#draw-offered");
  await host.waitForSelector("#draw-offer-notice");
  assert.match(await text(host, "#draw-offer-notice"), /Ada \(Blue\) offers a draw/);
  await screenshot(host, "online-draw-offer-1366");
  await host.click("#draw-accept");
  for (const page of [host, guest, spectator]) {
    await page.waitForSelector("#result");
    assert.match(await text(page, "#result"), /^Draw Both sides agreed to a draw\.$/);
  }

  // Rematch: the host offers, the guest accepts, both go to it (e2e/rematch.test.js has the
  // offer's other ways); the spectator may watch it; the sides are swapped.
  await host.click("#rematch");
  await host.waitForSelector("#rematch-offered");
  await guest.waitForSelector("#rematch-offer-notice");
  assert.match(await text(guest, "#rematch-offer-notice"), /Hal \(Red\) offers a rematch\./);
  await guest.click("#rematch-accept");
  await guest.waitForURL((url) => !url.pathname.endsWith(id));
  const rematch = gameId(guest);
  await host.waitForURL(`${BASE}/game/${rematch}`);
  await spectator.waitForFunction(() => /accepted the rematch/.test(document.querySelector("#table-notice")?.textContent));
  assert.equal(await spectator.getAttribute("#notice-link", "href"), `/game/${rematch}`);
  await host.waitForSelector("#you");
  await guest.waitForSelector("#you");
  assert.equal(await youLine(host), `You play ${blue}`);
  assert.equal(await youLine(guest), `You play ${red}`);
  assert.match(await text(host, '#players li[data-seat="0"]'), /Ada/);
  assert.equal(await waitForTurn(guest), "move", "Ada moves first now");
  await play(guest, ["b6"]);
  await host.waitForFunction(() => Number(document.querySelector("#board").dataset.ply) === 1);
  await screenshot(guest, "online-rematch-390");
  assert.deepEqual([...host.errors, ...guest.errors, ...spectator.errors], []);
});

test("a takeback needs the other player's consent; resignation ends the game for both; the move sounds stay as chosen", async () => {
  const { host, guest } = await hostAndGuest();
  assert.equal(await host.isDisabled("#undo"), true, "no plain undo between people");
  // The move sounds are on unless turned off, and stay as chosen.
  assert.equal(await guest.isChecked("#sound"), true);
  await guest.uncheck("#sound");
  await guest.reload();
  await guest.waitForSelector("#board");
  assert.equal(await guest.isChecked("#sound"), false);
  await play(host, ["b6"]);
  await host.click("#takeback");
  await host.waitForSelector("#takeback-asked");
  await guest.waitForSelector("#takeback-notice");
  assert.match(await text(guest, "#takeback-notice"), /Hal \(Red\) asks to take back b6/);
  await guest.click("#takeback-decline");
  await host.waitForSelector("#takeback");
  assert.equal(await boardPly(host), 1, "declined: the move stays");

  await host.click("#takeback");
  await guest.waitForSelector("#takeback-accept");
  await screenshot(guest, "online-takeback-1366");
  await guest.click("#takeback-accept");
  for (const page of [host, guest]) await page.waitForFunction(() => Number(document.querySelector("#board").dataset.ply) === 0);
  assert.equal(await waitForTurn(host), "move", "the host moves again");

  await play(host, ["b6"]);
  await waitForTurn(guest);
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  for (const page of [host, guest]) {
    await page.waitForSelector("#result");
    assert.match(await text(page, "#result"), /resigned/);
  }
  assert.deepEqual(await axeViolations(guest), []);
  assert.deepEqual([...host.errors, ...guest.errors], []);
});

test("clocks tick on both screens and the game ends on time", async () => {
  const host = await newPage(browser);
  const created = await openNewGame(host, {
    game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }],
    time_control: { kind: "fischer", initial_seconds: 5, increment_seconds: 0 },
  });
  assert.equal(await host.isVisible("#clocks"), true);
  const guest = await newPage(browser, PHONE);
  await joinAs(guest, `${BASE}/game/${created.id}#invite=${created.seats[1].invite}`, "Ada");
  // Red's clock runs from the join on: it goes down on both screens between the server's views.
  const red = (page) => page.textContent('#clocks .clock[data-seat="0"] .time');
  await host.waitForSelector('#clocks .clock.running[data-seat="0"]');
  const first = await red(guest);
  await guest.waitForFunction((t) => document.querySelector('#clocks .clock[data-seat="0"] .time').textContent !== t, first);
  assert.ok(await red(guest) < first, "the clock went down");
  assert.equal(await guest.textContent('#clocks .clock[data-seat="1"] .time'), "0:05");
  await screenshot(guest, "online-clocks-390");
  assert.deepEqual(await axeViolations(guest), []);
  // Nobody moves: the server's timer ends the game, and both pages say so.
  for (const page of [host, guest]) await page.waitForSelector("#result", { timeout: 8000 });
  assert.equal(await text(host, "#result"), "You lost Your time ran out.");
  assert.equal(await text(guest, "#result"), "You won Hal (Red) ran out of time.");
  assert.equal(await red(host), "0:00");
  await screenshot(host, "online-flag-1366");
  assert.deepEqual([...host.errors, ...guest.errors], []);
});

test("an open challenge is listed in the lobby and joined in one click", async () => {
  const host = await newPage(browser);
  await host.goto(BASE + "/");
  await host.evaluate(() => localStorage.setItem("tafel:name", "Hal"));
  await host.goto(BASE + "/");
  await host.selectOption("#game", "kauri");
  await host.waitForSelector("#seat-1");
  await host.selectOption("#seat-1", "invite");
  await host.selectOption("#clock", "fischer:300:3");
  await host.check("#public");
  await host.click("#start");
  await host.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = gameId(host);

  const guest = await newPage(browser, PHONE);
  await guest.goto(BASE + "/");
  const item = guest.locator(`[data-challenge="${id}"]`);
  await item.waitFor();
  assert.match(await item.textContent(), /Hal waits/);
  assert.match(await item.textContent(), /5\+3/);
  await screenshot(guest, "lobby-challenges-390", true);
  assert.deepEqual(await axeViolations(guest), []);
  await item.locator("button[data-join]").click();
  await guest.waitForURL(`${BASE}/game/${id}`);
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent === "You move second");
  await host.waitForFunction(() => /joined/.test(document.querySelector("#table-notice")?.textContent));
  assert.equal(await host.isVisible("#clocks"), true);
  // Taken: no longer listed.
  const open = await (await fetch(`${BASE}/api/challenges`)).json();
  assert.equal(open.some((c) => c.id === id), false);
  await screenshot(host, "lobby-challenge-joined-1366");
  assert.deepEqual([...host.errors, ...guest.errors], []);
});
