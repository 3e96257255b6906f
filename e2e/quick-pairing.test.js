// Someone to play now, as lichess has it (issue #47, item 4): quick-pairing tiles (game × clock)
// that take a matching seek in one click or wait with a seek of their own (a second click
// withdraws it); on a phone the tiles and others' seeks on the first screen; the seek form with
// its clock beside the button and only what applies; seeks in words with the seeker's rating; a
// rating range that keeps a player out, checked against one's rating as it is at the click. Two
// browser contexts for two players, English and German, 1366x768 and 390x844; axe-core and
// screenshots.

import assert from "node:assert/strict";
import { after, afterEach, before, test } from "node:test";
import { axeViolations, BASE, boxOf, launch, LAPTOP, newPage, PHONE, play, screenshot, waitForTurn } from "./lib.js";

let browser;
/** The pages a test opened: their contexts close after it, passed or failed, so that no seek of
 * one test is left for the next. */
let opened = [];
before(async () => { browser = await launch(); });
afterEach(async () => {
  await Promise.all(opened.map((page) => page.context().close()));
  opened = [];
});
after(async () => { await browser?.close(); });

/** A page in its own context (see `newPage`), closed after the test. */
async function open(viewport = LAPTOP, options = {}) {
  const page = await newPage(browser, viewport, options);
  opened.push(page);
  return page;
}

const GERMAN = { locale: "de-DE" };
const gameId = (page) => new URL(page.url()).pathname.split("/").pop();
/** The text of `selector` as shown (its lines joined by spaces). */
const text = async (page, selector) => (await page.innerText(selector)).replace(/\s+/g, " ").trim();
const tile = (name) => `[data-tile="${name}"]`;

/** A page in its own context with a new account signed in. */
async function signedUp(prefix, viewport, options = {}) {
  const page = await open(viewport, options);
  const username = `${prefix}${Date.now() % 100000}`;
  const answer = await page.request.post(`${BASE}/api/account`, { data: { username, password: "correct horse battery" } });
  assert.equal(answer.status(), 201, await answer.text());
  return { page, username };
}

/** Opens the lobby as `name` (a guest's name, or null) with "Play someone now" chosen. */
async function someoneNow(page, name = null) {
  await page.goto(BASE + "/");
  if (name) {
    await page.evaluate((n) => localStorage.setItem("tafel:name", n), name);
    await page.reload();
  }
  await page.waitForSelector("#seat-0");
  await page.click("#mode-someone");
  await page.waitForSelector("#seeks li");
}

/** Waits until the tile `name` on `page` says `state` (its last line). */
const tileSays = (page, name, state) => page.waitForFunction(([s, w]) =>
  document.querySelector(`${s} .tile-state`)?.textContent === w, [tile(name), state]);

test("a tile seeks and waits, a second click withdraws it; the same tile in another browser (German, phone) takes it and both play", async () => {
  const owner = await open();
  const taker = await open(PHONE, GERMAN);
  await someoneNow(owner, "Ann");
  await someoneNow(taker, "Bo");
  await tileSays(owner, "kauri:5+3", "casual");

  // One click: nobody waits for Kauri 5+3, so Ann's own seek is listed and the tile waits.
  await owner.click(tile("kauri:5+3"));
  await owner.waitForSelector(`${tile("kauri:5+3")}[aria-pressed=true]`);
  assert.equal(await text(owner, `${tile("kauri:5+3")} .tile-state`), "waiting… click to cancel");
  const mine = await owner.waitForSelector("#seeks li:has([data-withdraw])");
  assert.match(await text(owner, "#seeks li"), /Kauri\s*5\+3\s*Ann · casual\s*Withdraw/);
  await tileSays(taker, "kauri:5+3", "1 Spieler wartet");
  // A second click withdraws it, here and there.
  await owner.click(tile("kauri:5+3"));
  await owner.waitForSelector(`${tile("kauri:5+3")}[aria-pressed=false]`);
  await taker.waitForFunction(() => !document.querySelector("#seeks [data-take]"));
  await tileSays(taker, "kauri:5+3", "ungewertet");

  // Again; the German phone sees the tiles and the seek on its first screen.
  await owner.click(tile("kauri:5+3"));
  await owner.waitForSelector(`${tile("kauri:5+3")}[aria-pressed=true]`);
  const listed = await taker.waitForSelector("#seeks [data-take]");
  assert.equal((await listed.textContent()).trim(), "Gegen Ann spielen");
  assert.match(await text(taker, "#seeks li"), /^Kauri 5\+3 Ann · ungewertet/);
  await tileSays(taker, "kauri:5+3", "1 Spieler wartet");
  for (const selector of [tile("einstein:2+1"), tile("quarx:10+5"), "#seeks [data-take]"]) {
    const box = await boxOf(taker, selector);
    assert.ok(box.top >= 0 && box.bottom <= PHONE.height, `${selector} on the phone's first screen: ${JSON.stringify(box)}`);
  }
  assert.equal(await taker.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, "the lobby fits the phone");
  assert.ok(await taker.evaluate(() => Math.min(...[...document.querySelectorAll("button.tile")].map((n) => n.getBoundingClientRect().height))) >= 44,
    "tiles are at least 44 px tall");
  assert.equal(await text(taker, "#quick-pairing-title"), "Schnelle Paarung");
  assert.equal(await text(taker, "#seeks-last"), "Ein Gesuch bleibt gelistet, solange du auf dieser Seite bist.");
  assert.deepEqual(await axeViolations(owner), []);
  assert.deepEqual(await axeViolations(taker), []);
  await screenshot(owner, "quick-pairing-1366");
  await screenshot(taker, "quick-pairing-390-de");

  // Bo's click on the same tile takes Ann's seek: both land in one Kauri game at 5+3.
  await taker.click(tile("kauri:5+3"));
  await Promise.all([owner.waitForURL(/\/game\/[a-z0-9]+$/), taker.waitForURL(/\/game\/[a-z0-9]+$/)]);
  const id = gameId(owner);
  assert.equal(gameId(taker), id, "both land in the same game");
  const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.equal(view.game, "kauri");
  assert.deepEqual(view.seats.map((s) => s.player).sort(), ["Ann", "Bo"]);
  assert.deepEqual(view.clock.control, { kind: "fischer", initial_seconds: 300, increment_seconds: 3 });
  assert.deepEqual([...owner.errors, ...taker.errors], []);
});

test("a tile takes only a seek of its own game, clock and settings; other settings are said in words", async () => {
  const owner = await open(PHONE);
  const other = await open(LAPTOP, GERMAN);
  await someoneNow(owner, "Cy");
  await someoneNow(other, "Di");
  // Cy seeks Kauri 5+3 with the old tie-break through the form, its clock beside the button.
  await owner.selectOption("#game", "kauri");
  await owner.waitForSelector("#set-tiebreak");
  await owner.selectOption("#set-tiebreak", "old");
  await owner.selectOption("#clock", "fischer:300:3");
  await owner.click("#seek");
  const seek = await (await other.waitForSelector("#seeks [data-take]")).getAttribute("data-take");
  // In words: the setting's label and choice, not its key; the defaults left out.
  assert.equal(await text(other, "#seeks li .seek-words"), "Cy · ungewertet · Gleichstand: alte Regel");
  assert.doesNotMatch(await text(other, "#seeks li"), /tiebreak|ply-limit|Zuggrenze/i);
  // Not the Kauri 5+3 tile's game: the tile counts nobody, and a click lists Di's own seek.
  await tileSays(other, "kauri:5+3", "ungewertet");
  await other.click(tile("kauri:5+3"));
  await other.waitForSelector(`${tile("kauri:5+3")}[aria-pressed=true]`);
  assert.equal(await other.locator("#seeks li").count(), 2);
  assert.ok(await other.isVisible(`#seeks [data-take="${seek}"]`), "Cy's seek is still there, untaken");
  assert.match(owner.url(), /\/$/, "Cy is still in the lobby");
  await tileSays(owner, "kauri:5+3", "1 player waiting");
  await other.click(tile("kauri:5+3"));
  await other.waitForSelector(`${tile("kauri:5+3")}[aria-pressed=false]`);
  // A double click on a tile makes one seek, not two.
  await other.dblclick(tile("quarx:10+5"));
  await other.waitForSelector(`${tile("quarx:10+5")}[aria-pressed=true]`);
  await other.waitForTimeout(500); // a second seek, if sent, would be listed by now
  assert.equal(await other.locator("#seeks [data-withdraw]").count(), 1);
});

test("rated: only what applies, the clock beside Seek, a rating range that keeps a player out, rated tiles, seeks with the seeker's rating", async () => {
  const ann = await signedUp("qpa", LAPTOP, GERMAN);
  const bob = await signedUp("qpb", PHONE);
  await someoneNow(ann.page);
  await someoneNow(bob.page);
  const page = ann.page;
  // In German on the laptop and in English on the phone: only what applies to a seek (no
  // seats, hints, rated game or open challenge; no name for an account), the clock by the
  // button (on the laptop both on the first screen).
  for (const [seeker, viewport] of [[page, LAPTOP], [bob.page, PHONE]]) {
    for (const id of ["#players-box", "#name-box", "#hints-label", "#rated-label", "#public-label"]) {
      assert.equal(await seeker.isVisible(id), false, `${id} is not shown for a seek`);
    }
    await seeker.waitForSelector("#seek-rated-label:not([hidden])");
    const [clock, button] = [await boxOf(seeker, "#clock"), await boxOf(seeker, "#seek")];
    // (On a phone the tiles and the seeks come first; the form follows them.)
    if (viewport === LAPTOP) assert.ok(clock.bottom <= viewport.height && button.bottom <= viewport.height, "the clock and Seek on the first screen");
    // Beside it on the laptop; on the phone, too narrow for both on one line, just above it.
    const beside = viewport === LAPTOP
      ? clock.top < button.bottom && button.top < clock.bottom && clock.right <= button.left
      : button.top >= clock.bottom && button.top - clock.bottom <= 16 && button.left === clock.left;
    assert.ok(beside, `the clock beside Seek: ${JSON.stringify({ clock, button })}`);
  }
  await tileSays(page, "kauri:5+3", "gewertet");
  // Ann seeks Kauri 5+3, rated, from opponents rated 1600 up.
  await page.selectOption("#game", "kauri");
  await page.waitForSelector("#set-tiebreak");
  await page.selectOption("#clock", "fischer:300:3");
  assert.equal(await page.isVisible("#seek-range"), false, "no range for a casual seek");
  await page.check("#seek-rated");
  await page.fill("#seek-rating-min", "1600");
  await page.click("#seek");
  const own = await page.waitForSelector("#seeks li:has([data-withdraw])");
  assert.match(await text(page, "#seeks li"), new RegExp(`${ann.username} \\(noch keine Wertung\\) · gewertet · Wertungen 1600–beliebig`));
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "quick-pairing-rated-de-1366");

  // Bob (a newcomer: 1500) sees it in English; his tile leaves it out, and taking it is refused.
  const phone = bob.page;
  const listed = await phone.waitForSelector("#seeks li:has([data-take])");
  assert.match(await text(phone, "#seeks li"), new RegExp(`${ann.username} \\(no rating yet\\) · rated · ratings 1600–any`));
  await tileSays(phone, "kauri:5+3", "rated");
  await phone.click("#seeks [data-take]");
  await phone.waitForFunction(() => /1500/.test(document.querySelector("#seeks-error")?.textContent ?? ""));
  assert.match(phone.url(), /\/$/, "Bob stays in the lobby");

  // A lobby each opened before the game, left open through it (as another tab would be).
  const [staleAnn, staleBob] = [await page.context().newPage(), await phone.context().newPage()];
  await someoneNow(staleAnn);
  await someoneNow(staleBob);

  // Bob's Carreaux 5+3 tile waits; Ann's same tile takes it: a rated game.
  await phone.click(tile("carreaux:5+3"));
  await phone.waitForSelector(`${tile("carreaux:5+3")}[aria-pressed=true]`);
  await tileSays(page, "carreaux:5+3", "1 Spieler wartet");
  await page.click(tile("carreaux:5+3"));
  await Promise.all([page.waitForURL(/\/game\/[a-z0-9]+$/), phone.waitForURL(/\/game\/[a-z0-9]+$/)]);
  const id = gameId(page);
  const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.equal(view.game, "carreaux");
  assert.equal(view.rated, true);
  assert.deepEqual(view.settings, [["rule", "free"]], "the tile's game: the lobby's first settings");
  // Two moves, then the second player resigns: both have a rating in Carreaux.
  const [first, second] = view.seats[0].player === ann.username ? [page, phone] : [phone, page];
  assert.equal(await waitForTurn(first), "move");
  await play(first, ["b6"]);
  assert.equal(await waitForTurn(second), "move");
  await play(second, ["c6"]);
  await second.click("#resign");
  await second.click("#resign-confirm");
  await first.waitForSelector("#result");
  const rating = async (username) => (await (await fetch(`${BASE}/api/players/${username}`)).json()).ratings.find((r) => r.game === "carreaux")?.rating;
  await page.waitForFunction(() => /→/.test(document.querySelector("#game-ratings")?.textContent ?? ""));

  // Back in the lobby, Ann's Carreaux seek shows her new rating to Bob.
  await someoneNow(page);
  await someoneNow(phone);
  await page.click(tile("carreaux:5+3"));
  await page.waitForSelector(`${tile("carreaux:5+3")}[aria-pressed=true]`);
  const annRating = Math.round(await rating(ann.username));
  await phone.waitForFunction((r) => document.querySelector("#seeks li")?.textContent.includes(`(${r})`), annRating);
  assert.match(await text(phone, "#seeks li"), new RegExp(`^Carreaux 5\\+3 ${ann.username} \\(${annRating}\\) · rated · Legal slides: `));
  assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, "the lobby fits the phone");
  assert.deepEqual(await axeViolations(phone), []);
  await screenshot(phone, "quick-pairing-rated-390");

  // The winner seeks Carreaux 5+3 from opponents rated 1450 up: the loser's lobby opened before
  // the game knew him at 1500, but a click reads his rating again (about 1340 now), so his tile
  // does not take the seek (the server would refuse it) and waits with a seek of his own.
  await page.click(tile("carreaux:5+3"));
  await page.waitForSelector(`${tile("carreaux:5+3")}[aria-pressed=false]`);
  const [winner, loser] = second === page ? [phone, staleAnn] : [page, staleBob];
  await winner.selectOption("#game", "carreaux");
  await winner.waitForSelector("#set-rule");
  await winner.selectOption("#clock", "fischer:300:3");
  await winner.check("#seek-rated");
  await winner.fill("#seek-rating-min", "1450");
  await winner.click("#seek");
  await winner.waitForSelector("#seeks li:has([data-withdraw])");
  await loser.waitForSelector("#seeks li:has([data-take])");
  await loser.click(tile("carreaux:5+3"));
  await loser.waitForSelector(`${tile("carreaux:5+3")}[aria-pressed=true]`);
  assert.equal(await loser.textContent("#quick-pairing-error"), "", "no refused take");
  assert.match(loser.url(), /\/$/, "the loser stays in the lobby");
  assert.deepEqual([...page.errors, ...phone.errors], []);
});
