// The rules pages for players (issue #31, items 5 and 8): each opens with a short summary, a
// diagram of the start and one example move drawn by the game's own board module, then the full
// rules, with the sources, our decisions and the notes for developers apart at the end; in
// English or German by the cookie tafel_language, else the browser's Accept-Language, with a
// link to the other language. axe-core on both, screenshots of every game at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, launch, newPage, PHONE, screenshot } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const GAMES = ["black-path", "carreaux", "karls-race", "kauri", "quarx", "einstein"];

/** Checks the page's parts in order: summary, two drawn diagrams, the rules, the notes. */
async function checkRulesPage(page, game, summary) {
  assert.match(await page.textContent("article.rules > p:has(strong)"), summary, game);
  await page.waitForFunction(() => document.querySelectorAll("figure.rules-diagram .diagram-board svg").length >= 2);
  assert.equal(await page.locator("figure.rules-diagram .diagram-picture").count(), 0, `${game}: every diagram drawn`);
  // The example move is marked as on the game page.
  assert.ok(await page.locator("figure.rules-diagram").nth(1).locator(".last-move").count() > 0, `${game}: the move marked`);
  const order = await page.evaluate(() => {
    const at = (n) => (n ? [...document.querySelectorAll("article.rules *")].indexOf(n) : -1);
    return [at(document.querySelector("figure.rules-diagram")), at(document.querySelector("article.rules h2")),
      at(document.querySelector("section.rules-notes"))];
  });
  assert.ok(order[0] >= 0 && order[0] < order[1] && order[1] < order[2], `${game}: summary and diagrams, rules, then notes: ${order}`);
  assert.ok(await page.locator("section.rules-notes .mark-ours").count() + await page.locator("article.rules .mark-ours").count() > 0);
}

test("every rules page: summary, diagrams of the start and a move, the rules, the notes apart; both sizes", async () => {
  const page = await newPage(browser);
  const phone = await newPage(browser, PHONE);
  for (const game of GAMES) {
    await page.goto(`${BASE}/rules/${game}`);
    await checkRulesPage(page, game, /^In short\./);
    assert.equal(await page.getAttribute("html", "lang"), "en");
    await screenshot(page, `rules-${game}-1366`);
    await phone.goto(`${BASE}/rules/${game}`);
    await checkRulesPage(phone, game, /^In short\./);
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, `${game} fits a phone`);
    await screenshot(phone, `rules-${game}-390`);
  }
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(await axeViolations(phone), []);
  assert.deepEqual([...page.errors, ...phone.errors], []);
});

test("the rules in German: by Accept-Language, by the cookie over it, and a link to the other language", async () => {
  const german = await newPage(browser, undefined, { locale: "de-DE", extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } });
  await german.goto(`${BASE}/rules/kauri`);
  assert.equal(await german.getAttribute("html", "lang"), "de");
  assert.equal(await german.title(), "Regeln von Kauri · Tafel");
  await checkRulesPage(german, "kauri", /^Kurz gesagt\./);
  assert.match(await german.textContent("article.rules"), /Mulde/);
  assert.match(await german.textContent("section.rules-notes h2"), /Quellen, unsere Entscheidungen und Hinweise für Entwickler/);
  assert.deepEqual(await axeViolations(german), []);
  await screenshot(german, "rules-kauri-de-1366");
  // The link to the English page, and back.
  await german.click("a.other-language");
  await german.waitForURL(/\/rules\/kauri\?lang=en$/);
  assert.equal(await german.getAttribute("html", "lang"), "en");
  await checkRulesPage(german, "kauri", /^In short\./);
  await german.click("a.other-language");
  await german.waitForURL(/\/rules\/kauri\?lang=de$/);
  assert.equal(await german.getAttribute("html", "lang"), "de");

  // The language chosen in the interface (the cookie web/i18n.js sets) wins over the header.
  const chosen = await newPage(browser, PHONE);
  await chosen.goto(`${BASE}/`);
  await chosen.evaluate(() => import("/assets/i18n.js").then((m) => m.chooseLanguage("de")));
  await chosen.goto(`${BASE}/rules/quarx`);
  assert.equal(await chosen.getAttribute("html", "lang"), "de");
  await checkRulesPage(chosen, "quarx", /^Kurz gesagt\./);
  assert.match(await chosen.textContent("article.rules"), /Schlagzwang/);
  assert.deepEqual(await axeViolations(chosen), []);
  await screenshot(chosen, "rules-quarx-de-390");
  // Carreaux's proof keeps its address in German, where the lobby links to it.
  await chosen.goto(`${BASE}/rules/carreaux#what-the-literal-rules-do`);
  assert.match(await chosen.textContent("#what-the-literal-rules-do"), /Was die wörtlichen Regeln bewirken/);
  assert.deepEqual([...german.errors, ...chosen.errors], []);
});
