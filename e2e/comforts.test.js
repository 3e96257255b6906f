// Play comforts and the moves' words on the game page (issue #47, items 6 and 7), with scripted
// moves, in English and German, at 1366x768 and 390x844: a move made by the keys only (the
// arrow keys move the board's cursor, Enter picks) in Carreaux and in Quarx, the moves and the
// game's controls a Tab or two from the board; the move sounds on by default, never before a
// gesture, sounding one's own and the computer's moves, the switch kept; a premove against the
// computer played as soon as the turn comes (the computer's answer held back on its way to the
// page until the premove is chosen), an illegal one dropped with a word, Escape or a click
// elsewhere cancelling one, a premove between two screens played on the other's move; the
// board turned against the computer as the second side; the winner said in German as German
// players say it; Quarx's and Kauri's moves readable in the list. Every test runs in both
// languages and at both sizes (where two runs cover them, English on the laptop and German on
// the phone). Screenshots in e2e/artifacts/comforts-*.png.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boardPly, LAPTOP, launch, newPage, openNewGame, PHONE, play, quarxCode, screenshot, waitForReply, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = async (page, selector) => (await page.textContent(selector)).replace(/\s+/g, " ").trim();

/** A page at `viewport` in `locale`, its language also chosen by the switch (the cookie, for
 * the server's words on the WebSocket). Every oscillator the page starts is counted in
 * `window.tones` (the move sounds are made by the Web Audio API). */
async function pageIn(locale, viewport = LAPTOP) {
  const page = await newPage(browser, viewport, { locale });
  await page.context().addCookies([{ name: "tafel_language", value: locale.slice(0, 2), url: BASE }]);
  await page.addInitScript(() => {
    window.tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };
  });
  return page;
}

/** The board cell that has the keyboard's focus, or null. */
const focusedCell = (page) => page.evaluate(() => document.activeElement?.closest?.("#board [data-cell]")?.dataset.cell ?? null);

/** The arrow keys towards `cell` from the focused cell on the screen, the longer way first. */
const keysTowards = (page, cell) => page.evaluate((c) => {
  const centre = (n) => { const r = n.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [x0, y0] = centre(document.activeElement);
  const [x, y] = centre(document.querySelector(`#board [data-cell="${c}"]`));
  const across = x > x0 ? "ArrowRight" : "ArrowLeft";
  const upDown = y > y0 ? "ArrowDown" : "ArrowUp";
  return Math.abs(x - x0) > Math.abs(y - y0) ? [across, upDown] : [upDown, across];
}, cell);

/** Moves the board's cursor to `cell` by the arrow keys only (towards it on the screen, the
 * other way when the first leads nowhere), then presses Enter. */
async function keyTo(page, cell) {
  for (let i = 0; i < 30 && (await focusedCell(page)) !== cell; i++) {
    const [first, second] = await keysTowards(page, cell);
    const from = await focusedCell(page);
    await page.keyboard.press(first);
    if ((await focusedCell(page)) === from) await page.keyboard.press(second);
  }
  assert.equal(await focusedCell(page), cell, `the cursor reached ${cell}`);
  assert.equal(await page.locator("#board .board-cursor").count(), 1, "the cursor is drawn");
  await page.keyboard.press("Enter");
}

/** Tabs from the page's title links until the board has the focus; returns how many Tabs. */
async function tabIntoBoard(page) {
  await page.focus("#rules-link");
  for (let i = 1; i <= 20; i++) {
    await page.keyboard.press("Tab");
    if (await focusedCell(page)) return i;
  }
  return assert.fail("the board is not reached by Tab");
}

for (const [locale, viewport, size] of [["en-US", LAPTOP, "1366"], ["de-DE", PHONE, "390"]]) {
test(`${locale.slice(0, 2)} ${size}: every other game's board plays by the keys too`, async () => {
  const page = await pageIn(locale, viewport);
  for (const game of ["black-path", "karls-race", "kauri", "einstein"]) {
    await openNewGame(page, { game, seats: [{ kind: "local" }, { kind: "local" }] });
    assert.equal(await waitForTurn(page), "move", game);
    const ply = await boardPly(page);
    await tabIntoBoard(page);
    const start = await focusedCell(page);
    assert.equal(await page.locator(`#board .movable[data-cell="${start}"]`).count(), 1, `${game}: the cursor starts on a movable cell`);
    await keyTo(page, await page.locator("#board .movable").last().getAttribute("data-cell"));
    const target = page.locator("#board .target").last();
    if (await target.count()) await keyTo(page, await target.getAttribute("data-cell"));
    await page.waitForFunction((p) => Number(document.querySelector("#board")?.dataset.ply) > p, ply);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
}

/** Holds back what the server pushes to `page`'s game over the WebSocket while `held.on`,
 * passing it on once released (the computer's reply then arrives when the test wants). */
async function holdPushes(page) {
  const held = { on: false, queue: [], release: () => {} };
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => (held.on ? held.queue.push(m) : ws.send(m)));
    held.release = () => { held.on = false; for (const m of held.queue.splice(0)) ws.send(m); };
  });
  return held;
}

/** Makes this screen's first movable move with the computer's pushes held back, until the
 * server's answer leaves the computer to move (the answer is the game as it stands when
 * answered, which at level 1 may already hold the computer's reply: then the pushes are let
 * through and the next move is tried). Returns the number of moves before that move. */
async function moveWithReplyHeld(page, held) {
  for (let tries = 0; tries < 5; tries += 1) {
    held.on = true;
    const before = await boardPly(page);
    await play(page, [await page.locator("#board .movable").first().getAttribute("data-cell")]);
    if (await boardPly(page) === before + 1) return before;
    held.release();
    await waitForTurn(page);
  }
  throw new Error("the computer's reply came in the answer to five moves in a row");
}

for (const [language, locale] of [["en", "en-US"], ["de", "de-DE"]]) {
  for (const [viewport, size] of [[LAPTOP, "1366"], [PHONE, "390"]]) {
    test(`${language} ${size}: a move by the keys only in Carreaux and in Quarx; the moves and the controls a Tab away`, async () => {
      const page = await pageIn(locale, viewport);
      await openNewGame(page, { game: "carreaux", seats: [{ kind: "local" }, { kind: "local" }] });
      assert.equal(await waitForTurn(page), "move");
      await tabIntoBoard(page);
      await keyTo(page, "b6");
      await page.waitForFunction(() => document.querySelector("#board")?.dataset.ply === "1");
      // From the board: the way on to the moves is one Tab, to the game's controls two.
      assert.ok(await focusedCell(page), "the focus stays on the board after the move");
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement.id), "to-moves");
      await screenshot(page, `comforts-skips-${language}-${size}`);
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement.id), "to-controls");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), "1", "the move list's last move has the focus");
      assert.deepEqual(await axeViolations(page), []);

      // Quarx: a piece, then the cell it steps to, by the keys; the board turned round by
      // Flip the board keeps the arrows as seen.
      await openNewGame(page, { game: "quarx", seats: [{ kind: "local" }, { kind: "local" }] });
      assert.equal(await waitForTurn(page), "move");
      await page.click("#flip");
      await tabIntoBoard(page);
      await keyTo(page, "1111");
      assert.deepEqual(await page.locator("#board .selected").evaluateAll((ns) => ns.map((n) => n.dataset.cell)), ["1111"]);
      await page.keyboard.press("Escape");
      assert.equal(await page.locator("#board .selected").count(), 0, "Escape takes the choice back");
      await keyTo(page, "1111");
      await screenshot(page, `comforts-keys-quarx-${language}-${size}`);
      await keyTo(page, "2211");
      await page.waitForFunction(() => document.querySelector("#board")?.dataset.ply === "1");
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  const [soundViewport, soundSize] = language === "en" ? [LAPTOP, "1366"] : [PHONE, "390"];
  test(`${language} ${soundSize}: the move sounds are on, never before a gesture, sound both sides' moves, and stay as chosen`, async () => {
    const page = await pageIn(locale, soundViewport);
    const held = await holdPushes(page);
    // The computer moves first: its move arrives before any gesture, and no sound is made.
    await openNewGame(page, { game: "kauri", seats: [{ kind: "computer", level: 1 }, { kind: "local" }] });
    assert.equal(await waitForTurn(page), "move");
    assert.equal(await page.isChecked("#sound"), true, "on by default");
    assert.equal(await page.evaluate(() => window.tones), 0, "no sound before a gesture");
    // One's own move sounds; the computer's, held back until then, too.
    const ply = await moveWithReplyHeld(page, held);
    const afterOwn = await page.evaluate(() => window.tones);
    assert.ok(afterOwn > 0, "one's own move sounds");
    held.release();
    await waitForReply(page, ply + 1);
    assert.ok(await page.evaluate(() => window.tones) > afterOwn, "the computer's move sounds");
    // Turned off, kept so over a reload, and then silent.
    await page.uncheck("#sound");
    await page.reload();
    await page.waitForSelector("#board");
    assert.equal(await page.isChecked("#sound"), false);
    assert.equal(await waitForTurn(page), "move");
    const before = await boardPly(page);
    await play(page, [await page.locator("#board .movable").first().getAttribute("data-cell")]);
    await waitForReply(page, before + 1);
    assert.equal(await page.evaluate(() => window.tones), 0, "no sound once turned off");
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

/** The premove lines the tests read, by language. */
const PREMOVE_WORDS = {
  "en-US": { chosen: (move) => `Premove: Sow ${move}. Escape or a click elsewhere cancels it.`, dropped: (move) => `Your premove ${move} is not legal now: it was dropped.`, notLegal: "is not legal now" },
  "de-DE": { chosen: (move) => `Vorauszug: ${move} säen. Escape oder ein Klick daneben hebt ihn auf.`, dropped: (move) => `Dein Vorauszug ${move} ist jetzt nicht erlaubt und entfällt.`, notLegal: "ist jetzt nicht erlaubt" },
};

for (const [locale, viewport, size] of [["en-US", LAPTOP, "1366"], ["de-DE", PHONE, "390"]]) {
  test(`${locale.slice(0, 2)} ${size}: Kauri against the computer as the second player: the board turned, a premove played as soon as the turn comes`, async () => {
    const words = PREMOVE_WORDS[locale];
    const page = await pageIn(locale, viewport);
    const held = await holdPushes(page);
    await openNewGame(page, { game: "kauri", seats: [{ kind: "computer", level: 1 }, { kind: "local" }] });
    assert.equal(await waitForTurn(page), "move");
    assert.equal(await page.getAttribute("#board", "data-flipped"), "true", "the second player's row at the bottom");
    const box = async (cell) => page.locator(`#board [data-cell="${cell}"]`).boundingBox();
    assert.ok((await box("A")).y > (await box("a")).y, "the holes A..F drawn below a..f");
    // Our move, the computer's reply held back: meanwhile a premove is chosen.
    const ply = await moveWithReplyHeld(page, held);
    await page.waitForSelector("#board .premovable");
    assert.equal(await page.locator("#board .movable").count(), 0, "not our turn");
    const premove = await page.locator("#board .premovable").last().getAttribute("data-cell");
    await page.click(`#board .premovable[data-cell="${premove}"]`);
    await page.waitForSelector(`#board .premove[data-cell="${premove}"]`);
    assert.equal(await text(page, "#premove-line"), words.chosen(premove));
    await screenshot(page, `comforts-premove-${locale.slice(0, 2)}-${size}`);
    // Escape cancels it; chosen again, it is played as soon as the computer's reply arrives.
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector("#board .premove") && !document.querySelector("#premove-line"));
    await page.click(`#board .premovable[data-cell="${premove}"]`);
    await page.waitForSelector(`#board .premove[data-cell="${premove}"]`);
    held.release();
    // The computer's reply may leave the premove illegal (it sowed that hole empty): then it is
    // dropped with a word, and the position after the reply says why; else it is played.
    await page.waitForFunction(([p, dropped]) => Number(document.querySelector("#board")?.dataset.ply) >= p + 3
      || (document.querySelector("#premove-line")?.textContent ?? "").includes(dropped), [ply, words.notLegal], { timeout: 30000 });
    const moves = await page.locator("#movelist .ply").evaluateAll((ns) => ns.map((n) => n.dataset.record));
    if (moves.length > ply + 2) assert.equal(moves[ply + 2], premove, "the premove was played right after the computer's reply");
    else {
      const id = new URL(page.url()).pathname.split("/").pop();
      const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
      assert.equal(view.moves.length, ply + 2, "our turn after the computer's reply");
      assert.ok(!view.legal.includes(premove), `the dropped premove ${premove} is illegal in ${JSON.stringify(view.legal)}`);
    }
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("online, two screens: the guest's premove (in German, on a phone) is played as soon as the host has moved", async () => {
  const host = await pageIn("en-US");
  const created = await openNewGame(host, { game: "kauri", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await pageIn("de-DE", PHONE);
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#join-name");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForSelector("#you.player");
  assert.equal(await waitForTurn(host), "move");
  await guest.click('#board .premovable[data-cell="F"]');
  await guest.waitForSelector('#board .premove[data-cell="F"]');
  assert.equal(await text(guest, "#premove-line"), "Vorauszug: F säen. Escape oder ein Klick daneben hebt ihn auf.");
  await screenshot(guest, "comforts-premove-online-de-390");
  await play(host, ["a"]);
  await host.waitForFunction(() => document.querySelector("#board")?.dataset.ply === "2");
  assert.equal(await host.getAttribute('#movelist .ply[data-ply="2"]', "data-record"), "F", "the guest's premove, played at once");
  await guest.waitForFunction(() => !document.querySelector("#premove-line"));
  assert.deepEqual(await axeViolations(guest), []);
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context().close();
  await guest.context().close();
});

for (const [locale, viewport, size] of [["en-US", LAPTOP, "1366"], ["de-DE", PHONE, "390"]]) {
test(`${locale.slice(0, 2)} ${size}: a premove no longer legal when the turn comes is dropped with a word; a click elsewhere cancels one`, async () => {
  // Quarx: White (the host) steps 1111-2222, next to Black's man on 3333, which then must
  // take it (3333x1111); White's premove, that man taking Black's (2222x4444), is then no
  // longer possible. Black is a second screen, so that its reply comes only when the test
  // makes it (the computer's forced reply could come in the answer to White's move).
  const page = await pageIn(locale, viewport);
  const start = quarxCode("w", { 1111: "o", 1144: "o", 3333: "x" });
  const created = await openNewGame(page, { game: "quarx", start, seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await pageIn("en-US");
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#join-name");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForSelector("#you.player");
  await play(page, ["1111", "2222"]);
  await page.waitForSelector('#board .premovable[data-cell="2222"]');
  const premove = async () => {
    await page.click('#board .premovable[data-cell="2222"]');
    await page.click('#board .pretarget[data-cell="4444"]');
    await page.waitForSelector("#premove-line");
  };
  await premove();
  assert.equal(await page.locator("#board .premove").count(), 2);
  await page.click("h2.moves-title");
  await page.waitForFunction(() => !document.querySelector("#board .premove"));
  await premove();
  await play(guest, ["3333", "1111"]);
  await page.waitForFunction(() => document.querySelector("#board")?.dataset.ply === "2");
  await page.waitForSelector("#board .movable");
  assert.equal(await text(page, "#premove-line"), PREMOVE_WORDS[locale].dropped("22·22 × 44·44"));
  await screenshot(page, `comforts-premove-dropped-${locale.slice(0, 2)}-${size}`);
  assert.deepEqual([...page.errors, ...guest.errors], []);
  await page.context().close();
  await guest.context().close();
});
}

for (const [language, locale, viewport, size, words] of [
  ["en", "en-US", LAPTOP, "1366", { bp: "Second player won", taken: "2 taken" }],
  ["de", "de-DE", PHONE, "390", { bp: "Sieg für Spieler 2", taken: "2 geschlagen" }],
]) {
  test(`${language} ${size}: the winner said as players say it; Quarx's and Kauri's moves readable in the list`, async () => {
    const page = await pageIn(locale, viewport);
    // Black Path at one screen: tile 1 on the start square sends the path off the board at once.
    await openNewGame(page, { game: "black-path", settings: { size: "3x4" }, seats: [{ kind: "local" }, { kind: "local" }] });
    await page.click("#legal button:first-child").catch(() => {});
    await page.waitForSelector("#result");
    assert.equal(await page.getAttribute("#result", "data-headline"), words.bp);
    await screenshot(page, `comforts-winner-${language}-${size}`);
    if (language === "de") {
      // Every game's sides, as the headline names a winner (the page's own words).
      const sides = (await Promise.all(["black-path", "carreaux", "karls-race", "kauri", "quarx", "einstein", "karls-race?players=4"]
        .map(async (g) => (await fetch(`${BASE}/api/catalog/${g.replace(/(\?|$)/, "/seats$1")}`)).json()))).flat();
      const headlines = await page.evaluate(async (names) => {
        const { sideName, t } = await import("/assets/i18n.js");
        return [...new Set(names)].map((name) => t("{names} won", { names: sideName(name) }));
      }, sides);
      assert.deepEqual(headlines, ["Sieg für Spieler 1", "Sieg für Spieler 2", "Sieg für Rot", "Sieg für Blau", "Sieg für Weiß", "Sieg für Schwarz",
        "Sieg für Südost", "Sieg für Südwest", "Sieg für Nordwest", "Sieg für Nordost"]);
    }

    // Quarx: a step, then Black's compulsory double capture.
    await openNewGame(page, { game: "quarx", seats: [{ kind: "local" }, { kind: "local" }] });
    await play(page, ["1111", "2211"]);
    await play(page, ["3333", "1111", "3311"]);
    assert.deepEqual(await page.locator("#movelist .ply").allTextContents(), ["11·11 → 22·11", `33·33 × 11·11 × 33·11, ${words.taken}`]);
    assert.equal(await page.getAttribute('#movelist .ply[data-ply="2"]', "data-record"), "3333x1111x3311", "the record unchanged");
    await page.locator("#movelist").scrollIntoViewIfNeeded();
    await screenshot(page, `comforts-quarx-list-${language}-${size}`);

    // Kauri: each move the hole sown, where the sowing ended, and the seeds taken and given.
    await openNewGame(page, { game: "kauri", seats: [{ kind: "local" }, { kind: "local" }] });
    for (const hole of ["f", "D", "e", "F", "b"]) await play(page, [hole]);
    const kauri = await page.locator("#movelist .ply").allTextContents();
    assert.deepEqual(kauri.slice(0, 2), ["f → F", "D → e"]);
    assert.ok(kauri.every((m) => / → [a-fA-F]( \(\+?\d*−?\d*\))?$/.test(m)), kauri.join(" | "));
    await page.locator("#movelist").scrollIntoViewIfNeeded();
    await screenshot(page, `comforts-kauri-list-${language}-${size}`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
