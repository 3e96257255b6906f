// The interface in German (web/i18n.js, web/i18n/de.js, web/language.js, and the server's own
// pages by the cookie tafel_language or Accept-Language): the switch in the header turns the
// lobby and a game to German and is remembered; the browser's language chooses German by
// default; an online game played in German to its end on both screens; the games' texts the
// server renders from its catalogues (the catalog, settings, seeks, results) and its refusals in
// German, with none of the English leftovers issue #43 found.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, importGame, LAPTOP, launch, newPage, openNewGame, PHONE, play, quarxCode, screenshot,
  submitAccountForm, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const text = async (page, selector) => (await page.textContent(selector)).replace(/\s+/g, " ").trim();
const lang = (page) => page.evaluate(() => document.documentElement.lang);

/** The header on one line, within the screen: every part's middle at the same height, none
 * over the next, the switches 32 px tall. */
async function headerOnOneLine(page) {
  const boxes = await page.evaluate(() => {
    const header = document.querySelector("header.site");
    const parts = [...header.querySelectorAll(".brand, #account a, #account summary, #theme, #language")]
      .filter((n) => n.getClientRects().length);
    const spans = parts.map((n) => n.getBoundingClientRect()).sort((a, b) => a.left - b.left);
    return { overlaps: spans.slice(1).filter((r, i) => r.left < spans[i].right - 0.5).length,
      overflow: header.scrollWidth - header.clientWidth, middles: parts.map((n) => { const r = n.getBoundingClientRect(); return (r.top + r.bottom) / 2; }),
      right: Math.max(...parts.map((n) => n.getBoundingClientRect().right)), width: window.innerWidth,
      smallest: Math.min(...parts.filter((n) => n.id === "language" || n.id === "theme").map((n) => n.getBoundingClientRect().height)) };
  });
  assert.ok(boxes.overflow <= 0, `the header overflows by ${boxes.overflow} px`);
  assert.equal(boxes.overlaps, 0, "header parts overlap");
  assert.ok(boxes.right <= boxes.width, `the header reaches ${boxes.right} px of ${boxes.width}`);
  assert.ok(Math.max(...boxes.middles) - Math.min(...boxes.middles) < 4, `header parts on several lines: ${boxes.middles}`);
  assert.ok(boxes.smallest >= 32, `a header control is ${boxes.smallest} px tall`);
}

test("the switch turns the lobby to German, and an online game is played and ended in German", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/");
  await page.waitForSelector("#start");
  assert.equal(await lang(page), "en");
  assert.equal(await text(page, "#new-title"), "New game");
  await Promise.all([page.waitForEvent("load"), page.selectOption("#language", "de")]);
  await page.waitForSelector("#start");
  assert.equal(await lang(page), "de");
  assert.equal(await text(page, "#new-title"), "Neue Partie");
  assert.equal(await text(page, "#start"), "Starten");
  assert.equal(await text(page, "header.site .tagline"), "sechs wenig bekannte abstrakte Spiele");
  assert.equal(await text(page, "#sign-in-link"), "Anmelden");
  assert.equal(await text(page, "#theme"), "Design: wie das System");
  assert.match(await page.title(), /^Tafel · sechs wenig bekannte abstrakte Spiele spielen$/);
  await screenshot(page, "german-lobby-1366");
  assert.deepEqual(await axeViolations(page), []);
  await page.setViewportSize(PHONE);
  await headerOnOneLine(page);
  await screenshot(page, "german-lobby-390");
  assert.deepEqual(await axeViolations(page), []);
  // Remembered: a reload stays German.
  await page.reload();
  await page.waitForSelector("#start");
  assert.equal(await text(page, "#new-title"), "Neue Partie");

  // An online game between two German screens: Hal at this page (the switch chose German),
  // Ada invited (her browser's language is German).
  await page.setViewportSize(LAPTOP);
  const created = await openNewGame(page, { game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const guest = await newPage(browser, PHONE, { locale: "de-DE" });
  await guest.goto(`${BASE}/game/${created.id}#invite=${created.seats[1].invite}`);
  await guest.waitForSelector("#invitation");
  assert.equal(await text(guest, "#invitation .invitation-title"), "Hal lädt dich zu einer Partie Carreaux ein, als Blau.");
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("Du spielst Blau"));
  await page.waitForSelector('#presence [data-seat="1"][data-presence="online"]');
  assert.equal(await text(page, "#presence"), "Ada (Blau): online");
  assert.equal(await text(page, "#turn"), "Du bist am Zug: Rot");
  await play(page, ["b6"]);
  await page.waitForFunction(() => document.querySelector("#turn")?.textContent === "Blau am Zug (Ada, online)");
  assert.equal(await text(page, "#last-move-line"), "Letzter Zug: Hal (Rot) hat b6 gespielt.");
  await guest.waitForSelector("#board .movable");
  assert.equal(await text(guest, "#turn"), "Du bist am Zug: Blau");
  await play(guest, ["c6"]);
  await page.waitForSelector("#board .movable");
  await play(page, ["c5"]);

  // A draw offered and declined, each side told in German.
  await guest.waitForSelector("#draw-offer");
  await guest.click("#draw-offer");
  await page.waitForSelector("#draw-offer-notice");
  assert.equal(await text(page, "#draw-offer-notice"), "Ada (Blau) bietet Remis an.");
  await screenshot(page, "german-game-offer-1366");
  assert.deepEqual(await axeViolations(page), []);
  await page.click("#draw-decline");
  await guest.waitForFunction(() => document.querySelector("#table-notice")?.textContent === "Hal (Rot): dein Remisangebot abgelehnt.");

  // Ada resigns: "Du hast gewonnen" on Hal's screen, "Du hast verloren" on hers.
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  await page.waitForSelector("#result");
  await guest.waitForSelector("#result");
  assert.equal(await text(page, "#result"), "Du hast gewonnen Aufgabe durch Ada (Blau).");
  assert.equal(await text(guest, "#result"), "Du hast verloren Du hast aufgegeben.");
  assert.equal(await text(page, "#rematch"), "Revanche");
  await screenshot(page, "german-game-won-1366");
  await screenshot(guest, "german-game-lost-390");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(await axeViolations(guest), []);
  await headerOnOneLine(guest);
  await page.setViewportSize(PHONE);
  await headerOnOneLine(page);
  await screenshot(page, "german-game-won-390");
  await guest.setViewportSize(LAPTOP);
  await screenshot(guest, "german-game-lost-1366");
  assert.deepEqual([...page.errors, ...guest.errors], []);
});

test("the browser's language chooses German by default; English chosen over it is remembered", async () => {
  const page = await newPage(browser, PHONE, { locale: "de-DE" });
  await page.goto(BASE + "/");
  await page.waitForSelector("#start");
  assert.equal(await lang(page), "de");
  assert.equal(await text(page, "#new-title"), "Neue Partie");
  assert.equal(await page.inputValue("#language"), "de");

  // A game won in German: Kauri, the second player's last seed sown (as in player-view.test.js).
  await importGame(page, `[Game "kauri"]\n[Start "A/0+1,0+1,0+1,0+1,0+1,0+1/0+1,0+1,0+1,0+1,0+1,1+1/28,31"]\n\n`, ["computer:1", "local"]);
  assert.equal(await lang(page), "de");
  assert.equal(await text(page, "#turn"), "Du bist am Zug");
  await play(page, ["F"]);
  assert.equal(await waitForTurn(page), "over");
  assert.equal(await text(page, "#result"), "Du hast gewonnen Nach den Regeln: geschlagene Samen 31 zu 29, deine zuerst.");
  await screenshot(page, "german-kauri-won-390");
  assert.deepEqual(await axeViolations(page), []);

  // The server's own pages follow the browser's language, then the choice.
  await page.goto(`${BASE}/no/such/page`);
  assert.equal(await text(page, "h1"), "Seite nicht gefunden");
  assert.equal(await lang(page), "de");
  // A rules page: the header and the rules in German.
  await page.goto(`${BASE}/rules/kauri`);
  await page.waitForSelector("#language");
  assert.equal(await lang(page), "de");
  assert.match(await page.textContent("nav.crumbs"), /Regeln von Kauri/);
  assert.equal(await text(page, "#sign-in-link"), "Anmelden");
  await page.goto(BASE + "/");
  await page.waitForSelector("#start");
  await Promise.all([page.waitForEvent("load"), page.selectOption("#language", "en")]);
  await page.waitForSelector("#start");
  assert.equal(await text(page, "#new-title"), "New game");
  assert.equal(await lang(page), "en");
  await page.reload();
  await page.waitForSelector("#start");
  assert.equal(await text(page, "#new-title"), "New game", "English stays chosen over the browser's German");
  await page.goto(`${BASE}/no/such/page`);
  assert.equal(await text(page, "h1"), "Page not found");
  assert.deepEqual(page.errors, []);
});

/** The catalog's texts of `game` a person reads: its summary, its settings' labels and help, the
 * forms of free values, and the choices' words for values that are words (not "8", "ABCGHJ"). */
function catalogTexts(game) {
  return {
    sentences: [game.summary, ...game.settings.flatMap((s) => [s.label, s.help, ...(s.choices || s.choices_by ? [] : [s.allowed])])],
    words: game.settings.flatMap((s) => Object.entries(s.words).filter(([value]) => /^[a-z][a-z-]*$/.test(value)).map(([, words]) => words)),
  };
}

// The English leftovers a German page once showed (issue #43): a choice's value after its
// German word, English reasons and results, seeks described by keys and values.
const LEFTOVERS = /\((random|white|black|free|placement)\)|no pieces left|the path ran into|[Bb]oth sides meet|\b(first|start) (white|black|random)\b|\bwins?\b|resigned|\bdraw\b|\btaken\b/;

/** The words of `page`'s main part, on one line. */
const mainText = (page) => page.evaluate(() => document.querySelector("main").innerText.replace(/\s+/g, " "));

test("the games' texts come in German from the server's catalogues: the catalog in the lobby, settings, seeks, results by the rules and by a resignation", async () => {
  // The catalog in the language asked for: every text of a person's in German, the values the same.
  const catalog = await (await fetch(`${BASE}/api/catalog`)).json();
  const german = await (await fetch(`${BASE}/api/catalog`, { headers: { "accept-language": "de" } })).json();
  for (const [i, game] of catalog.games.entries()) {
    const de = german.games[i];
    const shape = (g) => g.settings.map((s) => [s.key, s.default, s.choices, s.choices_by, Object.keys(s.words)]);
    assert.deepEqual(shape(de), shape(game), `${game.name}: the German catalog's values`);
    const english = catalogTexts(game);
    const words = catalogTexts(de);
    assert.deepEqual(english.sentences.filter((s, j) => words.sentences[j] === s), [], `${game.name}: English texts in the German catalog`);
    assert.deepEqual(english.words.filter((w, j) => words.words[j] === w), [], `${game.name}: English choice words in the German catalog`);
  }

  // The lobby in German, every game chosen in turn: no English text of the catalog on it.
  const page = await newPage(browser, LAPTOP, { locale: "de-DE" });
  await page.goto(BASE + "/");
  await page.waitForSelector("#start");
  for (const [i, game] of catalog.games.entries()) {
    const de = german.games[i];
    await page.selectOption("#game", game.name);
    await page.waitForFunction((s) => document.querySelector("#game-summary")?.textContent.startsWith(s), de.summary);
    await page.waitForLoadState("networkidle"); // the levels and their notices, asked for each game
    if (game.name === "carreaux") await page.waitForSelector(".level-note");
    const shown = await page.evaluate(() => ({
      text: document.querySelector("main").textContent,
      options: [...document.querySelectorAll(".setting option")].map((o) => o.textContent),
    }));
    const { sentences, words } = catalogTexts(game);
    assert.deepEqual(sentences.filter((s) => shown.text.includes(s)), [], `${game.name}: English catalog texts in the German lobby`);
    assert.deepEqual(words.filter((w) => shown.options.includes(w)), [], `${game.name}: English choice words in the German lobby`);
    for (const s of de.settings) assert.ok(shown.text.includes(s.label), `${game.name}: ${s.label} in German`);
    assert.doesNotMatch(shown.options.join(" "), /\(/, `${game.name}: a choice's value after its words`);
    // The computer levels' notices (Karl's Race without its table, Carreaux's free variant), if any.
    assert.doesNotMatch(shown.text, /no perfect play|playing (alpha-beta|expectimax|MCTS)|at the leaves/, `${game.name}: an English level notice`);
    if (game.name === "carreaux") { // the lobby leads with the free variant, which no solver covers
      assert.match(shown.text, /Kein perfektes Spiel: rule=free \(eine Variante\).+; stattdessen spielt \S/, "Carreaux's level notice in German");
    }
    if (game.name === "carreaux") await screenshot(page, "german-lobby-settings-carreaux-1366");
    if (game.name === "einstein") {
      assert.deepEqual(shown.options, ["zufällig", "selbst aufstellen", "Weiß", "Schwarz"]);
      await screenshot(page, "german-lobby-settings-einstein-1366");
    }
  }

  // A seek for EinStein set up by the players, described in German in the seeks' list (the
  // settings left at their defaults are not repeated).
  await page.evaluate(() => localStorage.setItem("tafel:name", "Hal"));
  await page.reload();
  await page.selectOption("#game", "einstein");
  await page.waitForSelector("#seat-0");
  await page.selectOption("#set-start", "placement");
  await page.click("#mode-someone");
  await page.waitForSelector("#seeks li");
  await page.click("#seek");
  const seek = await page.waitForSelector("#seeks li:has([data-withdraw])");
  const described = (await seek.textContent()).replace(/\s+/g, " ");
  assert.match(described, /Hal · ungewertet · Startaufstellung: selbst aufstellen/);
  assert.doesNotMatch(described, /Wer beginnt/);
  assert.doesNotMatch(described, LEFTOVERS);
  await page.locator(".seeks-card").scrollIntoViewIfNeeded();
  await screenshot(page, "german-seek-1366");
  await page.setViewportSize(PHONE);
  await page.locator(".seeks-card").scrollIntoViewIfNeeded();
  await screenshot(page, "german-seek-390");
  await page.click("#seeks [data-withdraw]");
  await page.setViewportSize(LAPTOP);

  // EinStein's settings under its title: the choices' German words, not their values.
  await openNewGame(page, { game: "einstein", seats: [{ kind: "local" }, { kind: "local" }] });
  assert.equal(await text(page, ".settings-line"), "Startaufstellung: zufällig · Wer beginnt: Weiß");
  assert.doesNotMatch(await mainText(page), LEFTOVERS);
  await screenshot(page, "german-einstein-settings-1366");
  await page.setViewportSize(PHONE);
  await screenshot(page, "german-einstein-settings-390");
  await page.setViewportSize(LAPTOP);

  // A result by the rules (Black Path on 1 x 3: the path runs into the boundary at once).
  const ended = await openNewGame(page, { game: "black-path", settings: { size: "1x3" }, seats: [{ kind: "local" }, { kind: "local" }] });
  assert.equal(await text(page, ".settings-line"), "Brettgröße: 1 × 3 · Startkante: Zeile 1, Spalte 1, Seite Westen");
  await page.click('button[data-move="1"]');
  await page.waitForSelector("#result");
  assert.equal(await text(page, "#result .reason"), "Nach den Regeln: Spieler 2 gewinnt (der Pfad ist an den Rand gestoßen).");

  // Quarx won by taking the last pieces (a triple capture): White takes 2211, 3221 and
  // the king on 2121 (a man there would stand on its promotion row).
  const code = quarxCode("w", { 1111: "o", 2211: "x", 3221: "x", 2121: "X" });
  await importGame(page, `[Game "quarx"]\n[Start "${code}"]\n\n`, ["local", "local"]);
  const quarx = page.url().split("/").pop();
  await page.click('button[data-move="1111x3131x3311x1111"]'); // the one legal move, offered as a button
  await page.waitForSelector("#result");
  assert.equal(await text(page, "#result .reason"), "Nach den Regeln: Weiß gewinnt (keine Steine mehr).");
  assert.equal(await text(page, '#movelist .ply[data-ply="1"]'), "11·11 × 31·31 × 33·11 × 11·11, 3 geschlagen");
  assert.doesNotMatch(await mainText(page), LEFTOVERS);
  await screenshot(page, "german-quarx-won-1366");
  await page.setViewportSize(PHONE);
  await screenshot(page, "german-quarx-won-390");
  await page.setViewportSize(LAPTOP);

  // A resignation (Carreaux's variant, whose settings show in German words too).
  const resigned = await openNewGame(page, { game: "carreaux", settings: { rule: "free" }, seats: [{ kind: "local" }, { kind: "local" }] });
  assert.match(await text(page, ".settings-line"), /Erlaubte Schiebezüge: frei(?! \()/);
  const answer = await fetch(`${BASE}/api/games/${resigned.id}/resign`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: resigned.seats[1].token }),
  });
  assert.equal(answer.status, 200, await answer.text());

  // The recent games in the German lobby: each result in German.
  await page.goto(`${BASE}/`);
  const result = (id) => text(page, `li:has(a[href="/game/${id}"]) .recent-result`);
  await page.waitForSelector(`li:has(a[href="/game/${resigned.id}"]) .recent-result`);
  assert.equal(await result(ended.id), "Spieler 2 gewinnt (der Pfad ist an den Rand gestoßen)");
  assert.equal(await result(quarx), "Weiß gewinnt (keine Steine mehr)");
  assert.equal(await result(resigned.id), "Rot gewinnt (Aufgabe durch Blau)");
  assert.doesNotMatch(await text(page, "#recent"), LEFTOVERS);
  await page.locator("#recent").scrollIntoViewIfNeeded();
  await screenshot(page, "german-recent-1366");
  await page.setViewportSize(PHONE);
  await page.locator("#recent").scrollIntoViewIfNeeded();
  await screenshot(page, "german-recent-390");
  await page.setViewportSize(LAPTOP);

  // A position both sides have won (neither has a stone left), in the editor: the game's reason
  // in German.
  await page.goto(`${BASE}/editor/karls-race`);
  await page.waitForSelector("#verdict.legal");
  await page.fill("#editor-code", "w:-:-");
  await page.press("#editor-code", "Enter");
  await page.waitForSelector("#verdict.illegal");
  assert.match(await text(page, "#verdict"), /^Keine gültige Stellung\. Beide Seiten erfüllen eine Siegbedingung\.$/);
  assert.doesNotMatch(await text(page, "#verdict"), LEFTOVERS);
  await screenshot(page, "german-editor-both-won-1366");

  // A move the server refuses, in German.
  await openNewGame(page, { game: "quarx", seats: [{ kind: "local" }, { kind: "local" }] });
  await page.fill("#move-input", "1111-3311");
  await page.press("#move-input", "Enter");
  await page.waitForSelector("#error:not(:empty)");
  assert.match(await text(page, "#error"), /^Unerlaubter Zug `1111-3311`; erlaubt sind hier: /);
  await screenshot(page, "german-refused-move-1366");
  assert.deepEqual(page.errors, []);
});

test("the server's own refusals come in the page's language with their code: a sign-in refused on the page and through the API", async () => {
  const page = await newPage(browser, LAPTOP, { locale: "de-DE" });
  await submitAccountForm(page, "/sign-in", "nobody_at_all", "not the password at all");
  await page.waitForFunction(() => document.querySelector("#sign-in-error")?.textContent);
  assert.equal(await page.textContent("#sign-in-error"), "Dieser Benutzername und dieses Passwort passen zu keinem Konto.");
  await screenshot(page, "german-sign-in-refused-1366");
  // The API words a refusal in the language asked for; its code is the same in every one.
  for (const [language, words] of [
    ["de-DE,de;q=0.9", "dieser Benutzername und dieses Passwort passen zu keinem Konto"],
    ["en", "that username and password do not match an account"],
  ]) {
    const answer = await fetch(`${BASE}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": language },
      body: JSON.stringify({ username: "nobody_at_all", password: "not the password at all" }),
    });
    const body = await answer.json();
    assert.equal(answer.status, 401);
    assert.equal(body.code, "that-username-and-password-do-not");
    assert.equal(body.error, words);
    assert.equal(body.request_id, answer.headers.get("x-request-id"));
  }
  assert.deepEqual(page.errors, []);
});

test("the games' reasons in German: settings refused, a position code in the editor, records refused on import, a server failure over HTTP and over a WebSocket", async () => {
  const page = await newPage(browser, LAPTOP, { locale: "de-DE" });
  const error = async (selector) => { await page.waitForSelector(`${selector}:not(:empty)`); return text(page, selector); };

  // Settings a game refuses (its own settings parser), in the editor and in the lobby's import.
  await page.goto(`${BASE}/editor/black-path?size=40x40`);
  await page.waitForSelector("#verdict.illegal");
  assert.equal(await text(page, "#verdict"),
    "Diese Einstellungen sind nicht möglich: Ungültiger Wert `40x40` für die Einstellung `size`: höchstens 1024 Felder, nicht 1600.");

  // A position code the game refuses, with the place of the fault.
  await page.goto(`${BASE}/editor/kauri`);
  await page.waitForSelector("#verdict.legal");
  await page.fill("#editor-code", "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+x/0,0");
  await page.press("#editor-code", "Enter");
  await page.waitForSelector("#verdict.illegal");
  assert.match(await text(page, "#verdict"), /^Keine gültige Stellung\. Mulde `5\+x` ist nicht SAMEN\+KAURIS wie 5\+1 \(Anzahlen bis 60\) \(bei Zeichen 47\)$/);
  await screenshot(page, "german-editor-code-refused-1366");
  await page.goto(`${BASE}/editor/karls-race`);
  await page.waitForSelector("#verdict.legal");
  await page.fill("#editor-code", "w:ABCGHJK:MNPQTU");
  await page.press("#editor-code", "Enter");
  await page.waitForSelector("#verdict.illegal");
  assert.equal(await text(page, "#verdict"), "Keine gültige Stellung. Schwarz hat 7 Steine, aber ein Spieler beginnt mit 6 (bei Zeichen 3)");
  await page.fill("#editor-code", "w:A:U:B");
  await page.press("#editor-code", "Enter");
  await page.waitForFunction(() => document.querySelector("#verdict").dataset.code === "w:A:U:B");
  assert.equal(await text(page, "#verdict"),
    "Keine gültige Stellung. Erwartet: 3 Felder, getrennt durch `:` (w oder b, dann die Felder von Schwarz, dann die von Weiß), gefunden: 4.");

  // Records refused on import: Kauri's own notation, another game's numbered moves, a tag,
  // and settings the game refuses.
  await page.goto(`${BASE}/`);
  await page.waitForSelector("#record");
  const imported = async (record) => {
    await page.fill("#record", record);
    await page.dispatchEvent("#record", "change");
    await page.waitForLoadState("networkidle"); // the record's seats, asked for its game
    await page.click("#import");
    return error("#import-error");
  };
  assert.equal(await imported('[Game "kauri"]\n\n1. x'), "Zug 1: `x` ist kein Halbzug (a..f, A..F oder pass)");
  assert.equal(await imported('[Game "kauri"]\n\n1. c\n\nfirst player won by 2 : 1 points'),
    "Die Ergebniszeile behauptet einen Sieg von Spieler 1 mit 2 : 1, aber die Gewinnmulden sagen etwas anderes (Gewinnmulden: Spieler 1 0, Spieler 2 0)");
  assert.equal(await imported('[Game "black-path"]\n\n2. 1'), "Zug 1: Zugnummer 2 gefunden, wo 1 erwartet war.");
  assert.equal(await imported('[Game "einstein"]\n[Result what]\n\n1. 3'),
    "Ungültige Aufzeichnung `[Result what]`: Zeile 2: der Wert eines Tags steht in doppelten Anführungszeichen.");
  await screenshot(page, "german-import-refused-1366");
  await page.fill("#record", '[Game "carreaux"]\n[Settings "size=5"]\n\n1. b6');
  await page.dispatchEvent("#record", "change");
  assert.equal(await error("#import-error"), "Ungültiger Wert `5` für die Einstellung `size`: erwartet: eines von 4, 6, 8, 10, 12.");

  // A record read from a file, chosen with our own German button (the browser's file button
  // would speak the browser's language): its name shown, its game's seats offered.
  assert.equal(await text(page, "#record-file-choose"), "Notationsdatei wählen");
  assert.equal(await text(page, "#record-file-name"), "Keine Datei gewählt");
  await page.setInputFiles("#record-file", { name: "partie.txt", mimeType: "text/plain", buffer: Buffer.from('[Game "black-path"]\n\n1. 1') });
  await page.waitForFunction(() => document.querySelector("#record-file-name").textContent === "partie.txt");
  assert.equal(await page.inputValue("#record"), '[Game "black-path"]\n\n1. 1');
  await page.waitForSelector("#import-seat-0");
  await screenshot(page, "german-import-file-1366");

  // A failure of the server (500): one German sentence, not the operator's English words.
  await page.route("**/api/import", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "storage failed: disk I/O error" }) }));
  assert.equal(await imported('[Game "black-path"]\n\n1. 1'), "Auf dem Server ist etwas schiefgegangen; nichts wurde geändert. Versuch es gleich noch einmal.");

  // The same told over a game's WebSocket (its error message carries the status): the socket
  // is passed through, with a failure of the server's added after the server's first message.
  const made = await page.request.post(`${BASE}/api/games`, { data: { game: "black-path", seats: [{ kind: "local", name: "A" }, { kind: "local", name: "B" }] } });
  assert.equal(made.status(), 200, await made.text());
  const { id } = await made.json();
  await page.routeWebSocket(/\/api\/games\/[^/]+\/ws(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    let told = false;
    server.onMessage((message) => {
      ws.send(message);
      if (!told) {
        told = true;
        ws.send(JSON.stringify({ type: "error", error: "storage failed: disk I/O error", status: 500 }));
      }
    });
  });
  await page.goto(`${BASE}/game/${id}`);
  await page.waitForSelector("#error:not(:empty)");
  assert.equal(await text(page, "#error"), "Auf dem Server ist etwas schiefgegangen; nichts wurde geändert. Versuch es gleich noch einmal.");
  assert.deepEqual(page.errors, []);
});

// The words of the games' and the engine's reasons in English, which a German page must not
// show: the sentence around a reason, a form expected, the engine's details.
const ENGLISH_REASONS = /\b(invalid|expected|at character|not a square|depth|nodes|iterations|playouts?|exact|solver|table|random moves?)\b/;

test("a move, a setting and a position code the game cannot read, and the engine's details of an analysis, in German by their codes", async () => {
  const page = await newPage(browser, LAPTOP, { locale: "de-DE" });

  // A move that is no move in the game's notation: the game's reason by its code.
  await openNewGame(page, { game: "quarx", seats: [{ kind: "local" }, { kind: "local" }] });
  await page.fill("#move-input", "12");
  await page.press("#move-input", "Enter");
  await page.waitForSelector("#error:not(:empty)");
  const refused = await text(page, "#error");
  assert.match(refused, /^Ungültiger Zug `12`: erwartet: VON-NACH \(2233-2323\) oder einen Schlag VONxLANDEFELDx\.\.\. \(3333x1111x3311\)\.?$/);
  assert.doesNotMatch(refused, ENGLISH_REASONS);
  await screenshot(page, "german-unreadable-move-1366");
  await page.setViewportSize(PHONE);
  await page.locator("#error").scrollIntoViewIfNeeded();
  await screenshot(page, "german-unreadable-move-390");
  await page.setViewportSize(LAPTOP);

  // The same over the API: the code and its parameters, the words in the language asked for.
  const { id, seats } = await (await fetch(`${BASE}/api/games`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "quarx", seats: [{ kind: "local" }, { kind: "local" }] }) })).json();
  for (const [language, words] of [["de", "ungültiger Zug `Z-A` bei Zeichen 1: `Z` im Feld `Z` ist keine Ziffer von 1 bis 4"],
    ["en", "invalid move `Z-A` at character 1: `Z` in cell `Z` is not a digit 1 to 4"]]) {
    const answer = await fetch(`${BASE}/api/games/${id}/moves`, { method: "POST",
      headers: { "content-type": "application/json", "accept-language": language },
      body: JSON.stringify({ token: seats[0].token, move: "Z-A" }) });
    const body = await answer.json();
    assert.equal(answer.status, 422, JSON.stringify(body));
    assert.equal(body.error, words);
    assert.equal(body.code, "unreadable");
    assert.equal(body.params.reason, "unreadable-at");
    assert.equal(body.params["reason.reason"], "quarx-cell-digit");
    assert.equal(body.params["reason.reason.ch"], "Z");
  }

  // A setting the game cannot read: the form it expects, itself a reason by code, in German
  // (over the API: the page's controls offer only the values a game takes).
  const setting = await fetch(`${BASE}/api/positions`, { method: "POST",
    headers: { "content-type": "application/json", "accept-language": "de" },
    body: JSON.stringify({ game: "karls-race", settings: { first: "purple" } }) });
  const settingBody = await setting.json();
  assert.equal(setting.status, 400, JSON.stringify(settingBody));
  assert.equal(settingBody.error, "ungültiger Wert `purple` für die Einstellung `first`: "
    + "erwartet: white oder black (zwei Spieler) oder se, sw, nw oder ne (vier Spieler)");
  assert.equal(settingBody.params.reason, "setting-invalid");

  // A position code the game cannot read, with the place of the fault.
  await page.goto(`${BASE}/editor/einstein`);
  await page.waitForSelector("#verdict.legal");
  await page.fill("#editor-code", "q:.....");
  await page.press("#editor-code", "Enter");
  await page.waitForFunction(() => document.querySelector("#verdict").dataset.code === "q:.....");
  const verdict = await text(page, "#verdict");
  assert.equal(verdict, "Keine gültige Stellung. Die Seite, die handelt, ist w (Weiß) oder b (Schwarz) (bei Zeichen 1)");
  assert.doesNotMatch(verdict, ENGLISH_REASONS);

  // An analysis: the engine's details (what found the move, with its numbers) in German.
  await page.goto(`${BASE}/editor/karls-race?code=${encodeURIComponent("b4:A:U")}`);
  await page.waitForSelector("#analyse-position");
  await page.click("#analyse-position");
  await page.waitForSelector("#analysis-best");
  await page.click(".engine-details summary");
  const details = await text(page, ".engine-details");
  assert.match(details, /^Wie der Computer es gefunden hat ?(Expectimax, Tiefe \d+, \d+ Knoten|exakt: der Löser des Spiels|perfektes Spiel aus der gelösten Tabelle)$/);
  assert.doesNotMatch(details, ENGLISH_REASONS);
  await page.locator(".engine-details").scrollIntoViewIfNeeded();
  await screenshot(page, "german-engine-details-1366");
  await page.setViewportSize(PHONE);
  await page.locator(".engine-details").scrollIntoViewIfNeeded();
  await screenshot(page, "german-engine-details-390");
  assert.deepEqual(page.errors, []);
});
