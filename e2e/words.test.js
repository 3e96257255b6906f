// The game's words (issue #47, item 7), in English and German, with scripted moves: sides named
// only by their order said as players say them ("You move first"); the invited guest told what
// he is invited to (not "You are watching", not to wait for himself) and, once seated and after
// a rematch, the host shown online (not "at the host's screen"); usernames as their owners
// wrote them ("ada_x1 (second player) resigned."); EinStein's start drawn by lot not told as a
// roll; no chat against the computer; the Black cube of the legend outlined on the dark theme;
// the player page's dates short and in the page's language. Screenshots at 1366x768 and
// 390x844 in e2e/artifacts/words-*.png.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE, LAPTOP, launch, newPage, openNewGame, PHONE, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = async (page, selector) => (await page.textContent(selector)).replace(/\s+/g, " ").trim();
const players = (page) => page.locator("#players li").allTextContents();

/** The words each language's test expects. */
const WORDS = {
  en: {
    locale: "en-US",
    invited: "You are invited to move second",
    invitation: "Hal invites you to play Black Path Game and move second.",
    invitedSeat: ["first player: Hal, at the host's screen", "second player: invited: you, once you take the seat"],
    startsOnceSeated: "The game starts once you take the seat (second player).",
    hostYou: "You move first",
    yourMove: "Your move",
    guestYou: "You move second",
    guestPlayers: ["first player: Hal, online", "second player: ada_x1, online (you)"],
    resigned: "ada_x1 (second player) resigned.",
    drawn: /^No move yet; the start was drawn by lot \((\d{6}), (\d{6})\), then ([1-6]) was rolled\.$/,
    setUp: "set-up",
    date: /^[A-Z][a-z]{2} \d{1,2}$/,
  },
  de: {
    locale: "de-DE",
    invited: "Du bist eingeladen, als Zweiter zu ziehen",
    invitation: "Hal lädt dich zu einer Partie Black Path Game ein; du ziehst als Zweiter.",
    invitedSeat: ["Spieler 1: Hal, am Bildschirm des Gastgebers", "Spieler 2: eingeladen: du, sobald du den Platz einnimmst"],
    startsOnceSeated: "Die Partie beginnt, sobald du den Platz einnimmst (Spieler 2).",
    hostYou: "Du ziehst als Erster",
    yourMove: "Du bist am Zug",
    guestYou: "Du ziehst als Zweiter",
    guestPlayers: ["Spieler 1: Hal, online", "Spieler 2: ada_x1, online (du)"],
    resigned: "Aufgabe durch ada_x1 (Spieler 2).",
    drawn: /^Noch kein Zug; die Aufstellung wurde ausgelost \((\d{6}), (\d{6})\), dann wurde ([1-6]) gewürfelt\.$/,
    setUp: "Aufstellung",
    date: /^\d{1,2}\. [A-Z][a-zä]{2,3}\.?$/,
  },
};

/** Waits (5 s at most: a count of watchers may come a moment after the view) until `page`
 * says whom this screen plays with `wanted`, and no watcher counted. */
const youRead = (page, wanted) => page.waitForFunction((w) => document.querySelector("#you")?.textContent === w, wanted, { timeout: 5000 })
  .catch(async () => assert.fail(`"${await text(page, "#you")}", not "${wanted}"`));

/** A page at `viewport` in `locale`, its language also chosen by the switch (the cookie), so
 * that the server's words on the WebSocket are in it too. */
async function pageIn(locale, viewport = LAPTOP) {
  const page = await newPage(browser, viewport, { locale });
  await page.context().addCookies([{ name: "tafel_language", value: locale.slice(0, 2), url: BASE }]);
  return page;
}

for (const [language, words] of Object.entries(WORDS)) {
  test(`${language}: Black Path's sides by their order, the invited guest, a username as written, the rematch`, async () => {
    const host = await pageIn(words.locale);
    const created = await openNewGame(host, { game: "black-path", settings: { size: "3x4" }, seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
    const guest = await pageIn(words.locale, PHONE);
    await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
    await guest.waitForSelector("#join-name");
    // Before taking the seat: invited, not watching (the count of watchers would count him), and
    // not told to wait for the invited player.
    assert.equal(await text(guest, "#invitation .invitation-title"), words.invitation);
    assert.equal(await text(guest, "#you"), words.invited);
    assert.deepEqual(await players(guest), words.invitedSeat);
    assert.equal(await text(guest, "#turn"), words.startsOnceSeated);
    await screenshot(guest, `words-invited-${language}-390`);
    await guest.fill("#join-name", "ada_x1");
    await guest.click("#join");
    await guest.waitForSelector("#you.player");
    // Seated, he is no longer counted among the watchers (the count may come a moment later).
    await youRead(guest, words.guestYou);
    assert.equal(await waitForTurn(host), "move");
    await youRead(host, words.hostYou);
    assert.equal(await text(host, "#turn"), words.yourMove);
    assert.deepEqual(await players(guest), words.guestPlayers);
    await screenshot(guest, `words-seated-${language}-390`);
    await screenshot(host, `words-seated-${language}-1366`);

    // One tile each (through the API: the words are under test here, not the board), then the
    // guest resigns: the host reads her name as she wrote it, not "Ada_x1".
    const guestToken = await guest.evaluate((id) => Object.values(JSON.parse(localStorage.getItem(`tafel:${id}`))).find((h) => h.joined).token, created.id);
    for (const token of [created.seats[0].token, guestToken]) {
      const moved = await fetch(`${BASE}/api/games/${created.id}/moves`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, move: "E" }) });
      assert.equal(moved.status, 200, await moved.text());
    }
    await guest.waitForFunction(() => document.querySelector("#board")?.dataset.ply === "2");
    await guest.click("#resign");
    await guest.click("#resign-confirm");
    await host.waitForSelector("#result");
    assert.ok((await text(host, "#result")).endsWith(words.resigned), await text(host, "#result"));
    await screenshot(host, `words-resigned-${language}-1366`);

    // A rematch, offered by the guest and accepted: on her screen the host is still online.
    await guest.click("#rematch");
    await host.waitForSelector("#rematch-accept");
    await host.click("#rematch-accept");
    await host.waitForURL((url) => !url.pathname.endsWith(created.id));
    await guest.waitForURL((url) => !url.pathname.endsWith(created.id));
    await guest.waitForSelector("#you.player");
    const seen = (await players(guest)).join(" | ");
    assert.match(seen, /Hal, online/);
    assert.doesNotMatch(seen, /host's screen|Gastgebers/);
    await screenshot(guest, `words-rematch-${language}-390`);
    assert.deepEqual([...host.errors, ...guest.errors], []);
    await host.context().close();
    await guest.context().close();
  });

  test(`${language}: EinStein's start drawn by lot, no chat against the computer, the Black cube on the dark theme`, async () => {
    for (const [viewport, size] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
      const page = await pageIn(words.locale, viewport);
      await page.goto(BASE + "/");
      await page.evaluate(() => localStorage.setItem("tafel:theme", "dark"));
      await openNewGame(page, { game: "einstein", seats: [{ kind: "local" }, { kind: "computer", level: 1 }] });
      assert.equal(await waitForTurn(page), "move");
      const said = await text(page, "#last-move-line");
      const [, black, white, die] = said.match(words.drawn) ?? assert.fail(said);
      assert.deepEqual([black, white].map((a) => [...a].sort().join("")), ["123456", "123456"]);
      assert.equal(await text(page, "#die-caption"), `${language === "de" ? "Weiß würfelte" : "White rolled"} ${die}`);
      // The move list says the two set-ups in words, each with its digits as the record's title.
      const chips = page.locator("#movelist .ply.chance");
      assert.deepEqual((await chips.allTextContents()).slice(0, 2), [words.setUp, words.setUp]);
      assert.deepEqual([await chips.nth(0).getAttribute("data-record"), await chips.nth(1).getAttribute("data-record")], [black, white]);
      assert.match(await chips.nth(0).getAttribute("title"), new RegExp(`${black}$`));
      // Nobody to talk to: no chat (not even the spectators' room), also once the game is over.
      assert.equal(await page.locator("#chat-input").count(), 0);
      assert.equal(await page.locator("#chat:visible").count(), 0);
      // The legend's Black cube: outlined in the dark theme's text colour, not the page's background.
      const cube = await page.locator(".stone-icon .ew-b").evaluate((n) => ({
        stroke: getComputedStyle(n).stroke, background: getComputedStyle(document.body).backgroundColor }));
      assert.notEqual(cube.stroke, "rgb(29, 27, 22)", "the outline is not the cube's own near-black");
      assert.equal(cube.stroke, "rgb(232, 228, 218)");
      await screenshot(page, `words-einstein-dark-${language}-${size}`);
      await page.click("#resign");
      await page.click("#resign-confirm");
      await page.waitForSelector("#result");
      assert.equal(await page.locator("#chat-input").count(), 0);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  test(`${language}: the player page's dates short, in the page's language`, async () => {
    for (const [viewport, size] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
      const page = await pageIn(words.locale, viewport);
      const username = `dates_${language}${Date.now() % 1000000}`;
      const signedUp = await page.request.post(`${BASE}/api/account`, { data: { username, password: "correct horse battery" } });
      assert.equal(signedUp.status(), 201, await signedUp.text());
      await page.goto(BASE + "/");
      await page.selectOption("#game", "carreaux");
      await page.waitForSelector("#seat-1");
      await page.selectOption("#seat-1", "computer:1");
      await page.click("#start");
      await page.waitForURL(/\/game\/[a-z0-9]+$/);
      await page.goto(`${BASE}/@/${username}`);
      const date = page.locator("#player-games time").first();
      await date.waitFor();
      const shown = (await date.textContent()).trim();
      assert.match(shown, words.date);
      assert.doesNotMatch(shown, /\d{4}-\d\d-\d\d/);
      // The date shown is the day the machine-readable one names.
      const iso = await date.getAttribute("datetime");
      assert.equal(shown, new Intl.DateTimeFormat(language, { day: "numeric", month: "short" }).format(new Date(iso)));
      // Wholly in view: within the table's scrolling box, which would cut it otherwise.
      const box = await date.evaluate((n) => ({ right: n.getBoundingClientRect().right, edge: n.closest(".table-scroll").getBoundingClientRect().right }));
      await screenshot(page, `words-player-dates-${language}-${size}`, true);
      assert.ok(box.right <= box.edge, `the date ends within the table's box (${box.right} of ${box.edge})`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });
}
