// The rematch as an offer and the abort in the first plies (issue #47), in two browser contexts
// (the host at 1366x768, the invited guest at 390x844), in English and in German: an abort
// shown as one (not a draw) on both screens; a rematch offered, declined, offered and
// cancelled, offered again and accepted, each told to the other side; nothing made before the
// answer; both players taken to the rematch, sides swapped. The offer as the opponent sees it
// is photographed at both sizes, as is the Abort button (e2e/artifacts/rematch-*.png). Once the
// guest has left a finished game, the host's Rematch is disabled with a word why.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, LAPTOP, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = async (page, selector) => (await page.textContent(selector)).replace(/\s+/g, " ").trim();
const notice = (page, wanted) => page.waitForFunction((w) => document.querySelector("#table-notice")?.textContent.trim() === w, wanted);
const gameId = (page) => new URL(page.url()).pathname.split("/").pop();
const viewOf = async (id) => (await fetch(`${BASE}/api/games/${id}`)).json();

/** The words each language's test expects. */
const WORDS = {
  en: {
    locale: "en-US",
    aborted: "Game aborted Blue called the game off. Unrated, in no player's totals.",
    offers: "Hal (Red) offers a rematch.",
    offered: "You offered a rematch; waiting for the answer.",
    declined: "Ada (Blue) declined your rematch offer.",
    cancelled: "Hal (Red) cancelled the rematch offer.",
    guestOffers: "Ada (Blue) offers a rematch.",
    you: "You play Blue",
    gone: "Ada (Red) has left the game.",
  },
  de: {
    locale: "de-DE",
    aborted: "Partie abgebrochen Blau hat die Partie abgebrochen. Ungewertet, in keiner Bilanz der Spieler.",
    offers: "Hal (Rot) bietet eine Revanche an.",
    offered: "Du hast eine Revanche angeboten; die Antwort steht aus.",
    declined: "Ada (Blau): dein Revancheangebot abgelehnt.",
    cancelled: "Hal (Rot): Revancheangebot zurückgenommen.",
    guestOffers: "Ada (Blau) bietet eine Revanche an.",
    you: "Du spielst Blau",
    gone: "Ada (Rot) hat die Partie verlassen.",
  },
};

/** A page at `viewport` in `locale`, its language also chosen by the switch (the cookie): the
 * emulated locale does not reach the game's WebSocket, whose views carry the server's words. */
async function pageIn(locale, viewport) {
  const page = await newPage(browser, viewport, { locale });
  await page.context().addCookies([{ name: "tafel_language", value: locale.slice(0, 2), url: BASE }]);
  return page;
}

/** A Carreaux game of Hal (Red, this screen, at 1366x768) against Ada, invited, at 390x844. */
async function hostAndGuest(locale) {
  const host = await pageIn(locale, LAPTOP);
  const created = await openNewGame(host, { game: "carreaux", settings: { rule: "literal" }, seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await pageIn(locale, PHONE);
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#join-name");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForSelector("#you");
  return { host, guest, id: created.id };
}

for (const [language, words] of Object.entries(WORDS)) {
  test(`${language}: an abort before both moved, then a rematch offered, declined, cancelled and accepted`, async () => {
    const { host, guest, id } = await hostAndGuest(words.locale);
    assert.equal(await waitForTurn(host), "move");
    await play(host, ["b6"]);
    // One move made: either may abort (the guest does); after it the game is shown as aborted.
    assert.equal(await waitForTurn(guest), "move");
    await host.waitForSelector("#abort");
    await screenshot(guest, `rematch-abort-button-${language}-390`);
    await screenshot(host, `rematch-abort-button-${language}-1366`);
    await guest.click("#abort");
    for (const page of [host, guest]) {
      await page.waitForSelector("#result");
      assert.equal(await text(page, "#result"), words.aborted);
    }
    const aborted = await viewOf(id);
    assert.deepEqual([aborted.status.termination, aborted.status.winners, aborted.rated], ["aborted", [], false]);

    // Hal offers a rematch: Ada is asked above the board on her phone; nothing is made yet.
    await host.click("#rematch");
    await host.waitForSelector("#rematch-offered");
    assert.equal(await text(host, "#rematch-offered"), words.offered);
    await guest.waitForSelector("#question-box #rematch-offer-notice");
    assert.equal(await text(guest, "#rematch-offer-notice"), words.offers);
    assert.equal((await viewOf(id)).rematch, null, "no game before the answer");
    await screenshot(guest, `rematch-offer-${language}-390`);
    await guest.setViewportSize(LAPTOP);
    await guest.waitForSelector("#table-controls #rematch-offer-notice");
    await screenshot(guest, `rematch-offer-${language}-1366`);
    assert.deepEqual(await axeViolations(guest), []);
    await guest.setViewportSize(PHONE);
    // Declined: Hal is told, and may offer again.
    await guest.click("#rematch-decline");
    await notice(host, words.declined);
    await host.waitForSelector("#rematch");
    // Offered and cancelled: Ada is told.
    await host.click("#rematch");
    await guest.waitForSelector("#rematch-offer-notice");
    await host.click("#rematch-cancel");
    await notice(guest, words.cancelled);
    await guest.waitForSelector("#rematch-offer-notice", { state: "detached" });

    // Ada offers; Hal accepts: both are taken to the rematch, sides swapped.
    await guest.click("#rematch");
    await host.waitForSelector("#rematch-offer-notice");
    assert.equal(await text(host, "#rematch-offer-notice"), words.guestOffers);
    await screenshot(host, `rematch-offer-host-${language}-1366`);
    await host.click("#rematch-accept");
    await host.waitForURL((url) => !url.pathname.endsWith(id));
    const rematch = gameId(host);
    await guest.waitForURL(`${BASE}/game/${rematch}`);
    await host.waitForFunction((w) => document.querySelector("#you")?.textContent.startsWith(w), words.you);
    assert.equal((await viewOf(id)).rematch, rematch);
    assert.equal((await viewOf(rematch)).rematch_of, id);
    assert.equal(await waitForTurn(guest), "move", "Ada moves first now");
    assert.deepEqual([...host.errors, ...guest.errors], []);
    // In the rematch Hal aborts at once, and Ada leaves: Hal's Rematch waits for her, disabled.
    await host.waitForSelector("#abort");
    await host.click("#abort");
    await host.waitForSelector("#result");
    assert.equal(await host.isDisabled("#rematch"), false);
    await guest.context().close();
    await host.waitForSelector("#rematch[disabled]");
    assert.equal(await text(host, "#rematch-gone"), words.gone);
    await screenshot(host, `rematch-gone-${language}-1366`);
    assert.deepEqual(host.errors, []);
    await host.context().close();
  });
}
