// The online flows in German (issue #31): host, guest and spectator in three browser contexts
// whose browsers ask for German, through the invitation (who invites, the game, the side, the
// clock), presence, a draw offer declined, a takeback asked for and answered, the end said on
// each screen, the rematch asked for (by whom) and a draw agreed in it. Every view is
// photographed at 1366x768 and 390x844 (e2e/artifacts/german-online-*.png), checked for
// English words and for text running off the screen, and checked by axe-core.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, LAPTOP, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const german = { locale: "de-DE" };
const text = async (page, selector) => (await page.textContent(selector)).replace(/\s+/g, " ").trim();
/** Waits for the table's notice to say `wanted` (followed, for a spectator, by a link). */
const notice = (page, wanted) => page.waitForFunction((w) => document.querySelector("#table-notice")?.textContent.trim().startsWith(w), wanted);

// Words of the English interface that a German page never shows.
const ENGLISH = /\b(You|your|declined|withdrew|takeback|rematch|watching|joined|invites|Resign|offers? a draw|to move|wins|won|lost|Clock|Black|White|Red|Blue|Last move)\b/;

/** The page's words are German and stay on the screen: no English word of the interface, no
 * text wider than the page, no element of the side panel cut off at its right edge. */
async function readable(page, what) {
  const found = await page.evaluate((source) => {
    const words = document.querySelector("main").innerText;
    const english = words.match(new RegExp(source));
    const wide = [...document.querySelectorAll("main *")].filter((n) => {
      const r = n.getBoundingClientRect();
      // Within a drawing (the board, the analysis chart) hit areas may reach past its edge.
      return r.width && !n.ownerSVGElement && n.closest(".board-area") === null && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
    }).map((n) => `${n.tagName.toLowerCase()}#${n.id}`);
    return { english: english && english[0], overflow: document.documentElement.scrollWidth - window.innerWidth, wide };
  }, ENGLISH.source);
  assert.equal(found.english, null, `${what}: an English word on the German page`);
  assert.ok(found.overflow <= 0, `${what}: the page is ${found.overflow} px wider than the screen`);
  assert.deepEqual(found.wide, [], `${what}: elements beyond the screen's edge`);
}

/** Photographs the top of `page` at both sizes (german-online-NAME-1366/-390), checks that it
 * reads as German within the screen at each, and returns it to its own size. */
async function photographed(page, name) {
  const own = page.viewportSize();
  for (const [size, suffix] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await readable(page, `${name} at ${suffix}`);
    await screenshot(page, `german-online-${name}-${suffix}`);
  }
  await page.setViewportSize(own);
}

test("online in German: invitation, presence, a declined draw, a takeback and its answer, the ends, the rematch, on three screens at both sizes", async () => {
  const host = await newPage(browser, LAPTOP, german);
  const created = await openNewGame(host, {
    game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }],
    time_control: { kind: "fischer", initial_seconds: 300, increment_seconds: 3 },
  });

  // The invitation: who invites, the game, the side and the clock, before joining.
  const guest = await newPage(browser, PHONE, german);
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#invitation");
  assert.equal(await text(guest, "#invitation .invitation-title"), "Hal lädt dich zu einer Partie Carreaux ein, als Blau.");
  assert.match(await text(guest, "#invitation"), /Uhr: 5\+3\./);
  await photographed(guest, "invitation");
  assert.deepEqual(await axeViolations(guest), []);
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("Du spielst Blau"));

  // The host is told who joined; each sees the other online on the board's edge.
  await notice(host, "Ada ist als Blau beigetreten.");
  await host.waitForSelector('#presence [data-seat="1"][data-presence="online"]');
  assert.equal(await text(host, "#presence"), "Ada (Blau): online");
  await guest.waitForSelector('#presence [data-seat="0"][data-presence="online"]');
  await photographed(host, "joined");

  // A spectator: "Du schaust zu", and the players see one spectator.
  const spectator = await newPage(browser, LAPTOP, german);
  await spectator.goto(`${BASE}/game/${created.id}`);
  await spectator.waitForSelector("#board");
  assert.match(await text(spectator, "#you"), /^Du schaust zu/);
  await host.waitForFunction(() => document.querySelector("#spectators")?.textContent.includes("1 Zuschauer"));
  await photographed(spectator, "spectator");
  assert.deepEqual(await axeViolations(spectator), []);

  // Presence: the guest's page hidden is "abwesend" on the host's screen.
  const setHidden = (hidden) => guest.evaluate((h) => {
    Object.defineProperty(document, "hidden", { value: h, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
  await setHidden(true);
  await host.waitForSelector('#presence [data-seat="1"][data-presence="away"]');
  assert.equal(await text(host, "#presence"), "Ada (Blau): abwesend");
  await photographed(host, "away");
  await setHidden(false);
  await host.waitForSelector('#presence [data-seat="1"][data-presence="online"]');

  // A draw offered by the host and declined: both told, in German.
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  await host.click("#draw-offer");
  await guest.waitForSelector("#draw-offer-notice");
  assert.equal(await text(guest, "#draw-offer-notice"), "Hal (Rot) bietet Remis an.");
  await photographed(guest, "draw-offered");
  await guest.click("#draw-decline");
  await notice(host, "Ada (Blau): dein Remisangebot abgelehnt.");
  await notice(guest, "Du: Remisangebot abgelehnt.");
  await photographed(host, "draw-declined");

  // A takeback asked for by the host names the moves that go, from each side; the guest
  // declines and the host is told.
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await host.waitForFunction(() => document.querySelector("#board").dataset.ply === "2");
  await host.click("#takeback");
  await guest.waitForSelector("#takeback-notice");
  assert.equal(await text(guest, "#takeback-notice"), "Hal (Rot) möchte b6 (von Hal) und c6 (deiner) zurücknehmen.");
  assert.match(await text(host, "#takeback-asked"), /^Du möchtest b6 \(deiner\) und c6 \(von Ada\) zurücknehmen; die Antwort steht aus\./);
  await photographed(guest, "takeback-asked");
  await photographed(host, "takeback-waiting");
  assert.deepEqual(await axeViolations(guest), []);
  await guest.click("#takeback-decline");
  await notice(host, "Ada (Blau): deine Bitte um Zugrücknahme abgelehnt.");
  await notice(guest, "Du: Bitte um Zugrücknahme abgelehnt.");
  await photographed(host, "takeback-declined");

  // The guest resigns: each screen says the end from its side.
  assert.equal(await waitForTurn(host), "move");
  await play(host, [await host.getAttribute("#board .movable", "data-cell")]);
  assert.equal(await waitForTurn(guest), "move");
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  for (const page of [host, guest, spectator]) await page.waitForSelector("#result");
  assert.equal(await text(host, "#result"), "Du hast gewonnen Aufgabe durch Ada (Blau).");
  assert.equal(await text(guest, "#result"), "Du hast verloren Du hast aufgegeben.");
  assert.equal(await text(spectator, "#result"), "Sieg für Hal (Rot) Aufgabe durch Ada (Blau).");
  assert.equal(await host.title(), "Du hast gewonnen · Carreaux");
  await photographed(host, "won");
  await photographed(guest, "lost");
  await photographed(spectator, "ended");
  for (const page of [host, guest, spectator]) assert.deepEqual(await axeViolations(page), []);

  // The host offers a rematch: the guest is asked by whom; once she accepts, both go to it and
  // the spectator is told who accepted.
  await host.click("#rematch");
  await guest.waitForSelector("#rematch-offer-notice");
  assert.equal(await text(guest, "#rematch-offer-notice"), "Hal (Rot) bietet eine Revanche an.");
  await photographed(guest, "rematch-asked");
  await guest.click("#rematch-accept");
  await notice(spectator, "Ada (Blau): Revanche angenommen. Revanche zuschauen");
  await host.waitForURL((url) => !url.pathname.endsWith(created.id));

  // In the rematch (sides swapped: Ada is Red) a draw is offered and agreed: "Remis" on each
  // screen, and the spectator follows.
  await guest.waitForURL((url) => !url.pathname.endsWith(created.id));
  await spectator.click("#notice-link");
  await spectator.waitForURL((url) => !url.pathname.endsWith(created.id));
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("Du spielst Rot"));
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, [await guest.getAttribute("#board .movable", "data-cell")]);
  await guest.click("#draw-offer");
  await host.waitForSelector("#draw-accept");
  await host.click("#draw-accept");
  for (const page of [host, guest, spectator]) await page.waitForSelector("#result");
  const drawn = await text(host, "#result");
  assert.match(drawn, /^Remis /);
  assert.equal(await text(guest, "#result"), drawn);
  assert.equal(await text(spectator, "#result"), drawn);
  await photographed(host, "drawn");
  await photographed(spectator, "drawn-spectator");
  for (const page of [host, guest, spectator]) assert.deepEqual(await axeViolations(page), []);

  assert.deepEqual([...host.errors, ...guest.errors, ...spectator.errors], []);
});
