// People (docs/accounts.md, "People"), in two browsers at once: Ann follows Bob from his page and
// sees him online in the lobby; she challenges him from his page (Kauri, she moves first, 5+3,
// rated); Bob, on another page, reads the challenge under the header and accepts it; both are
// taken to the game, each with their seat; Ann's lobby then shows Bob playing, and its Watch link
// opens his game. In German, Ann follows Bob and sees him online, Bob declines and Ann reads it;
// signed out, he is shown offline; unfollowed, he leaves her list. Screenshots at 1366x768 and
// 390x844.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE, freshName, LAPTOP, launch, newPage, PHONE, screenshot, submitAccountForm } from "./lib.js";

const PASSWORD = "a long walk on the beach";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A person signed up in a page of their own (their own context), at `viewport`, in `locale`. */
async function signedUp(prefix, viewport, locale = "en-US") {
  const page = await newPage(browser, viewport, { locale });
  const name = freshName(prefix);
  await submitAccountForm(page, "/sign-up", name, PASSWORD);
  await page.waitForSelector("#account-name");
  return { page, name };
}

/** Ann, on Bob's page, sends the challenge form: Kauri, she moves first, 5+3, rated. */
async function challenge(page, name) {
  await page.goto(`${BASE}/@/${name}`);
  await page.waitForSelector("#challenge-form");
  await page.selectOption("#challenge-game", "kauri");
  await page.selectOption("#challenge-side", "first");
  await page.selectOption("#clock", "fischer:300:3");
  await page.check("#challenge-rated");
  await page.click("#challenge-send");
}

test("a person follows another, challenges them from their page, and they play; the lobby shows them playing", async () => {
  const ann = await signedUp("ann", LAPTOP);
  const bob = await signedUp("bob", PHONE);
  await bob.page.goto(BASE);

  // Ann follows Bob from his page; her lobby shows him online.
  await ann.page.goto(`${BASE}/@/${bob.name}`);
  await ann.page.click("#follow-player");
  await ann.page.waitForFunction(() => document.querySelector("#follow-player")?.textContent === "Unfollow");
  assert.match(await ann.page.textContent("#follow-status"), new RegExp(`You follow ${bob.name}`));
  const lobby = await ann.page.context().newPage();
  await lobby.goto(BASE);
  const followed = lobby.locator(`#following li[data-name="${bob.name}"]`);
  await followed.waitFor();
  assert.equal(await followed.getAttribute("data-online"), "true");

  // The challenge, read by Bob under the header of his lobby, in words; he accepts.
  await challenge(ann.page, bob.name);
  await ann.page.waitForSelector("#challenge-cancel:not([hidden])");
  assert.match(await ann.page.textContent("#challenge-status"), new RegExp(`Waiting for ${bob.name}`));
  await screenshot(ann.page, "people-challenge-sent-1366");
  const card = bob.page.locator(".incoming-challenge");
  await card.waitFor({ timeout: 15000 });
  const words = await card.textContent();
  assert.match(words, new RegExp(`${ann.name} challenges you`));
  assert.match(words, /Kauri · 5\+3 · rated · you move second/);
  await screenshot(bob.page, "people-challenge-received-390");
  await card.locator(".accept-challenge").click();
  await bob.page.waitForURL(/\/game\/[a-z0-9]+#?/, { timeout: 15000 });
  await ann.page.waitForURL(/\/game\/[a-z0-9]+/, { timeout: 15000 });
  const id = new URL(ann.page.url()).pathname.split("/").pop();
  assert.equal(new URL(bob.page.url()).pathname, `/game/${id}`, "both in the same game");
  for (const page of [ann.page, bob.page]) await page.waitForSelector("#you.player");
  assert.match(await ann.page.textContent("#you"), /first/i, "Ann moves first, as she asked");

  // Ann's lobby shows Bob playing; Watch opens his game.
  await lobby.reload();
  const watch = lobby.locator(`#following li[data-name="${bob.name}"] a.watch`);
  await watch.waitFor();
  await screenshot(lobby, "people-following-1366");
  await lobby.setViewportSize(PHONE);
  await lobby.locator("#following").scrollIntoViewIfNeeded();
  await screenshot(lobby, "people-following-390");
  await watch.click();
  await lobby.waitForURL(`${BASE}/game/${id}`);
  await lobby.waitForSelector("#board");
  assert.deepEqual([...ann.page.errors, ...bob.page.errors], []);
  await ann.page.context().close();
  await bob.page.context().close();
});

test("auf Deutsch: eine Herausforderung wird abgelehnt, und die Herausfordernde liest es", async () => {
  const ann = await signedUp("ann", PHONE, "de-DE");
  const bob = await signedUp("bob", LAPTOP, "de-DE");
  await bob.page.goto(BASE);
  // Ann follows Bob; her lobby (on the phone) shows him online.
  await ann.page.goto(`${BASE}/@/${bob.name}`);
  await ann.page.click("#follow-player");
  await ann.page.waitForFunction(() => document.querySelector("#follow-player")?.textContent === "Entfolgen");
  assert.match(await ann.page.textContent("#follow-status"), new RegExp(`Du folgst ${bob.name}`));
  const lobby = await ann.page.context().newPage();
  await lobby.goto(BASE);
  const followed = lobby.locator(`#following li[data-name="${bob.name}"]`);
  await followed.waitFor();
  assert.equal(await followed.getAttribute("data-online"), "true");
  assert.match(await followed.textContent(), /online$/);
  assert.equal(await lobby.textContent("#following-title"), "Gefolgt");
  await challenge(ann.page, bob.name);
  await ann.page.waitForSelector("#challenge-cancel:not([hidden])");
  await screenshot(ann.page, "people-challenge-sent-de-390", true);
  assert.ok(await ann.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "nothing wider than the phone");
  const card = bob.page.locator(".incoming-challenge");
  await card.waitFor({ timeout: 15000 });
  assert.match(await card.textContent(), new RegExp(`${ann.name} fordert dich heraus`));
  assert.match(await card.textContent(), /Kauri · 5\+3 · gewertet · du ziehst als Zweiter/);
  await screenshot(bob.page, "people-challenge-received-de-1366");
  await card.locator(".decline-challenge").click();
  await card.waitFor({ state: "detached" });
  await ann.page.waitForSelector("#challenge-declined", { timeout: 15000 });
  assert.equal(await ann.page.textContent("#challenge-declined"), `${bob.name} hat abgelehnt.`);
  assert.equal(await ann.page.textContent("#follow-player"), "Entfolgen");
  // Bob signs out: Ann's lobby shows him offline, with nothing to watch.
  await bob.page.click("#account-name");
  await bob.page.click("#sign-out");
  await bob.page.waitForSelector("#sign-in-link");
  await lobby.reload();
  await followed.waitFor();
  assert.equal(await followed.getAttribute("data-online"), "false");
  assert.match(await followed.textContent(), /offline$/);
  assert.equal(await followed.locator("a.watch").count(), 0);
  await lobby.locator("#following").scrollIntoViewIfNeeded();
  await screenshot(lobby, "people-following-offline-de-390");
  // Unfollowed from his page, he leaves her list.
  await ann.page.click("#follow-player");
  await ann.page.waitForFunction(() => document.querySelector("#follow-player")?.textContent === "Folgen");
  await lobby.reload();
  await lobby.waitForSelector("#following li.help");
  assert.equal(await followed.count(), 0);
  assert.deepEqual([...ann.page.errors, ...bob.page.errors], []);
  await ann.page.context().close();
  await bob.page.context().close();
});
