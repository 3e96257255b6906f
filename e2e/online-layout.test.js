// The online game page's layout with what the table adds to it (issue #31): at 1366x768 the
// whole board stays on the first screen with the table's notice and the presence line above it
// (in all six games, in English and German), and still fills the height left; at 390x844 what
// waits for the player's answer (a draw offered, a takeback asked for, the rematch) stands above
// the board, answered without scrolling and covering nothing of the board. Screenshots:
// e2e/artifacts/online-layout-*.png.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boxOf, LAPTOP, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const GAMES = ["black-path", "karls-race", "carreaux", "kauri", "quarx", "einstein"];

/** Opens a new game of `game` for `host` with the second seat invited, and has `guest` take it
 * as Ada; returns the game as created. */
async function hostAndGuest(host, guest, game) {
  const created = await openNewGame(host, { game, seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#join-name");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForSelector("#you.player");
  return created;
}

/** Where the board is on the first screen of `page`, and how wide its column is. */
async function boardOnFirstScreen(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const r = document.querySelector("#board").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, column: document.querySelector(".board-area").clientWidth };
  });
}

/** The whole board is on the first screen of 1366x768, and no smaller than it has to be: it
 * reaches the screen's bottom, or fills its column's width. */
function fitsLaptop(board, what) {
  assert.ok(board.top >= 0 && board.bottom <= LAPTOP.height && board.left >= 0 && board.right <= LAPTOP.width,
    `${what}: the board at ${JSON.stringify(board)} is not wholly on the 1366x768 screen`);
  assert.ok(board.bottom >= LAPTOP.height - 16 || board.width >= board.column - 1,
    `${what}: the board at ${JSON.stringify(board)} is smaller than the screen leaves room for`);
}

for (const [locale, language] of [["en-US", "English"], ["de-DE", "German"]]) {
  test(`1366x768 in ${language}: the whole board on the first screen with the table's notice and presence above it, in all six games`, async () => {
    const host = await newPage(browser, LAPTOP, { locale });
    const guest = await newPage(browser, LAPTOP, { locale });
    for (const game of GAMES) {
      await hostAndGuest(host, guest, game);
      // The host is told who joined, and sees the guest online on the board's edge.
      await host.waitForFunction(() => document.querySelector("#table-notice")?.textContent.trim());
      await host.waitForSelector('#presence:not([hidden]) [data-seat="1"][data-presence="online"]');
      const notice = await boxOf(host, "#table-notice");
      const board = await boardOnFirstScreen(host);
      assert.ok(notice.height > 0 && notice.bottom <= board.top, `${game}: the notice shows above the board`);
      fitsLaptop(board, `${game}, host`);
      await screenshot(host, `online-layout-${game}-${locale}-1366`);
      // The guest has the presence line and no notice.
      await guest.waitForSelector('#presence:not([hidden]) [data-seat="0"]');
      fitsLaptop(await boardOnFirstScreen(guest), `${game}, guest`);
    }
    assert.deepEqual([...host.errors, ...guest.errors], []);
  });
}

/** The box of `selector` on the phone's first screen (scrolled to the top) is wholly on it and
 * clear of the board. */
async function answerableAtOnce(page, selectors, what) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const board = await boxOf(page, "#board");
  for (const selector of selectors) {
    const box = await boxOf(page, selector);
    assert.ok(box, `${what}: ${selector} is missing`);
    assert.ok(box.top >= 0 && box.bottom <= PHONE.height && box.left >= 0 && box.right <= PHONE.width,
      `${what}: ${selector} at ${JSON.stringify(box)} is not on the phone's first screen`);
    assert.ok(box.bottom <= board.top || box.top >= board.bottom,
      `${what}: ${selector} at ${JSON.stringify(box)} covers the board at ${JSON.stringify(board)}`);
  }
  assert.equal(await page.getAttribute("#question-box", "role"), "group");
}

test("390x844: a draw offered, a takeback asked for and the rematch are answered above the board, without scrolling", async () => {
  const host = await newPage(browser, LAPTOP);
  const guest = await newPage(browser, PHONE, { locale: "de-DE" }); // the longer words
  await hostAndGuest(host, guest, "carreaux");

  // A draw offered: the question and both answers on the guest's first screen, clear of the
  // board; on a laptop they are among the table's controls beside the board, as before.
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  await host.click("#draw-offer");
  await guest.waitForSelector("#draw-accept");
  await answerableAtOnce(guest, ["#draw-offer-notice", "#draw-accept", "#draw-decline"], "a draw offered");
  await screenshot(guest, "online-layout-draw-offered-390");
  assert.deepEqual(await axeViolations(guest), []);
  await guest.setViewportSize(LAPTOP);
  await guest.waitForSelector("#table-controls #draw-accept");
  assert.equal(await guest.locator("#question-box").count(), 0);
  await guest.setViewportSize(PHONE);
  await guest.waitForSelector("#question-box #draw-decline");
  await guest.click("#draw-decline");
  await guest.waitForFunction(() => !document.querySelector("#question-box"));

  // A takeback asked for.
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await host.waitForFunction(() => document.querySelector("#board").dataset.ply === "2");
  await host.click("#takeback");
  await guest.waitForSelector("#takeback-accept");
  await answerableAtOnce(guest, ["#takeback-notice", "#takeback-accept", "#takeback-decline"], "a takeback asked for");
  await screenshot(guest, "online-layout-takeback-asked-390");
  await guest.click("#takeback-decline");

  // The guest resigns and the host asks for a rematch: the way to it above the board.
  assert.equal(await waitForTurn(host), "move");
  await play(host, [await host.getAttribute("#board .movable", "data-cell")]);
  assert.equal(await waitForTurn(guest), "move");
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  await host.waitForSelector("#rematch");
  await host.click("#rematch");
  await guest.waitForSelector("#rematch-accept");
  await answerableAtOnce(guest, ["#rematch-offer-notice", "#rematch-accept", "#rematch-decline"], "a rematch offered");
  await screenshot(guest, "online-layout-rematch-asked-390");
  assert.deepEqual(await axeViolations(guest), []);

  assert.deepEqual([...host.errors, ...guest.errors], []);
});
