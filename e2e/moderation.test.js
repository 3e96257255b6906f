// Moderation (issue #45) in real browsers, three accounts in three contexts: a reporter and an
// offender play an online game; the offender writes a rude line and the reporter reports it from
// the chat (a second report while it is open is refused in the dialog), blocks the offender on
// their page and sees them in the blocked list on /settings; the offender's lines in a
// spectators' chat then stay hidden from the reporter, live and read again. A moderator (made
// one by `tafel account role`) opens /moderation from the header, sees the report with the rude
// line marked in its chat, and mutes the offender for 60 minutes: the offender's next message is
// refused with the server's words and their /settings shows the notice. On further reports the
// moderator renames the offender, then closes the account (the refund on by default for
// cheating): the new name's page says it is closed, signing in is refused. The moderator removes
// a tournament by its link, and the log lists mute, rename, close and the removal with the
// moderator's name and reasons; the reporter unblocks on /settings. A non-moderator gets the
// server's refusal on /moderation. axe-core on each view; screenshots of /moderation, the report
// dialog and the player page with Report and Block at both sizes.
//
// Needs, besides TAFEL_URL: TAFEL_BIN (the `tafel` binary) and TAFEL_DATABASE (the database URL
// of the server at TAFEL_URL), to run `tafel account role NAME moderator --database URL`.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, test } from "node:test";
import { axeViolations, BASE, freshName, LAPTOP, launch, newPage, PHONE, play, screenshot, submitAccountForm, waitForTurn, chatTexts, sayInChat, waitForChat, joinByLink } from "./lib.js";

const BIN = process.env.TAFEL_BIN || new URL("../target/release/tafel", import.meta.url).pathname;
const DATABASE = process.env.TAFEL_DATABASE;
const PASSWORD = "correct horse battery";
const RUDE = "you play like a brainless donkey";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A page in a context of its own, signed up as a new account named after `prefix`. */
async function signedUp(prefix, viewport = LAPTOP) {
  const page = await newPage(browser, viewport);
  const username = freshName(prefix);
  const answer = await page.request.post(`${BASE}/api/account`, { data: { username, password: PASSWORD } });
  assert.equal(answer.status(), 201, await answer.text());
  return { page, username };
}

/** Waits until the text of `selector` on `page` matches `pattern`; returns it. */
async function textMatching(page, selector, pattern) {
  await page.waitForFunction(([s, p]) => new RegExp(p).test(document.querySelector(s)?.textContent ?? ""), [selector, pattern.source]);
  return page.textContent(selector);
}

/** Reports `player` from their page with `reason`; waits for the thanks. */
async function reportFromPage(page, player, reason, details) {
  await page.goto(`${BASE}/@/${player}`);
  await page.click("#report-player");
  await page.waitForSelector("#report-dialog[open]");
  await page.check(`#report-reason-${reason}`);
  await page.fill("#report-details", details);
  await page.click("#report-send");
  await page.waitForSelector("#report-sent");
  await page.click("#report-close");
  await page.waitForSelector("#report-dialog", { state: "detached" });
}

/** The moderator's card of the open report about `player` (after reading the queue again). */
async function cardAbout(page, player) {
  await page.click("#queue-refresh");
  const card = page.locator(`article.report-card[data-player="${player}"]`);
  await card.waitFor();
  assert.equal(await card.count(), 1, `one open report about ${player}`);
  return card;
}

/** Takes `action` on the report `card` with `reason` (`fill` fills what the action needs);
 * waits for the page to say it is done. */
async function act(page, card, action, reason, fill = async () => {}) {
  await card.locator(`input[type=radio][value="${action}"]`).check();
  await fill(card);
  await card.locator("textarea").fill(reason);
  await card.locator("button[type=submit]").click();
  await page.waitForFunction(() => document.querySelector("#mod-status")?.textContent.startsWith("Done:"));
  await card.waitFor({ state: "detached" });
}

test("a chat line reported, a player blocked; a moderator mutes, renames and closes; the log", async () => {
  assert.ok(DATABASE, "TAFEL_DATABASE must name the database of the server at TAFEL_URL (to make a moderator)");
  const reporter = await signedUp("rep");
  const offender = await signedUp("off", PHONE);
  const moderator = await signedUp("judge");
  execFileSync(BIN, ["account", "role", moderator.username, "moderator", "--database", DATABASE], { stdio: "pipe" });
  const host = reporter.page;
  const guest = offender.page;
  const mod = moderator.page;
  // The moderator's reasons, this run's own (the log is the server's, shared by every run).
  const why = { mute: `Insults in the chat (${offender.username})`, rename: `An insulting name (${offender.username})`,
    close: `Cheating, confirmed by the engine (${offender.username})`, "remove-tournament": `A rude name (${offender.username})` };

  // The reporter invites, the offender joins signed in; a move each, then words.
  await host.goto(BASE + "/");
  await host.selectOption("#game", "carreaux");
  await host.waitForSelector("#seat-1");
  await host.selectOption("#seat-1", "invite");
  await host.click("#start");
  await host.waitForURL(/\/game\/[a-z0-9]+$/);
  const link = await host.inputValue(".invite input");
  await joinByLink(guest, link);
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await sayInChat(host, "players", "good luck");
  await sayInChat(guest, "players", RUDE);
  await waitForChat(host, "players", RUDE);

  // A Report button on the other account's lines only; it opens the dialog on that line.
  assert.equal(await host.locator("#chat-players li.mine .chat-report").count(), 0, "no Report on one's own line");
  assert.equal(await guest.locator("#chat-players li.mine .chat-report").count(), 0);
  await host.locator("#chat-players li", { hasText: RUDE }).locator(".chat-report").click();
  await host.waitForSelector("#report-dialog[open]");
  assert.equal(await host.textContent("#report-title"), `Report a message by ${offender.username}`);
  assert.match(await host.textContent("#report-quote"), new RegExp(RUDE));
  assert.ok(await host.isChecked("#report-reason-abuse"), "a chat line is reported for abuse unless told otherwise");
  await host.fill("#report-details", "Right after my first move.");
  assert.deepEqual(await axeViolations(host), [], "the report dialog");
  await screenshot(host, "moderation-report-dialog-laptop");
  await host.setViewportSize(PHONE);
  assert.ok(await host.evaluate(() => document.getElementById("report-dialog").getBoundingClientRect().right <= window.innerWidth), "the dialog fits a phone");
  await screenshot(host, "moderation-report-dialog-phone");
  await host.setViewportSize(LAPTOP);
  await host.click("#report-send");
  await textMatching(host, "#report-sent", /Thank you/);
  await host.click("#report-close");
  await host.waitForSelector("#report-dialog", { state: "detached" });

  // The offender's page: Report and Block. A second report while the first is open is refused
  // in the server's words; then the reporter blocks them.
  await host.goto(`${BASE}/@/${offender.username}`);
  await host.waitForSelector("#block-player");
  assert.equal(await host.textContent("#block-player"), "Block");
  assert.equal(await host.locator("#account-closed").count(), 0);
  assert.deepEqual(await axeViolations(host), [], "a player's page with Report and Block");
  await screenshot(host, "moderation-player-actions-laptop");
  await host.click("#report-player");
  await host.waitForSelector("#report-dialog[open]");
  assert.equal(await host.textContent("#report-title"), `Report ${offender.username}`);
  await host.check("#report-reason-other");
  await host.click("#report-send");
  await host.waitForFunction(() => document.querySelector("#report-error")?.textContent);
  assert.match(await host.textContent("#report-error"), /already/i);
  await host.click("#report-cancel");
  await host.waitForSelector("#report-dialog", { state: "detached" });
  await host.click("#block-player");
  await textMatching(host, "#block-player", /^Unblock$/);
  assert.match(await host.textContent("#block-status"), new RegExp(`You blocked ${offender.username}`));
  await host.setViewportSize(PHONE);
  await screenshot(host, "moderation-player-actions-phone");
  await host.setViewportSize(LAPTOP);
  // One's own page offers neither.
  await guest.goto(`${BASE}/@/${offender.username}`);
  await guest.waitForSelector("#player-name");
  assert.equal(await guest.locator("#report-player, #block-player").count(), 0);
  // The blocked list on /settings.
  await host.goto(BASE + "/settings");
  await host.waitForSelector(`#blocked-list li[data-name="${offender.username}"]`);

  // A game both watch: the offender's lines in the spectators' chat stay hidden from the
  // reporter, as they come (the moderator's later line arrives after them) and read again.
  const created = await fetch(`${BASE}/api/games`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] }) });
  assert.ok(created.ok, await created.clone().text());
  const watched = `${BASE}/game/${(await created.json()).id}`;
  for (const page of [host, guest, mod]) {
    await page.goto(watched);
    await page.waitForSelector("#chat-input");
  }
  await sayInChat(guest, "spectators", "still here, donkey");
  await sayInChat(mod, "spectators", "calm down, please");
  await waitForChat(host, "spectators", "calm down, please");
  assert.deepEqual(await chatTexts(host, "spectators"), ["calm down, please"]);
  await host.reload();
  await waitForChat(host, "spectators", "calm down, please");
  assert.deepEqual(await chatTexts(host, "spectators"), ["calm down, please"]);
  assert.deepEqual(await chatTexts(mod, "spectators"), ["still here, donkey", "calm down, please"]);

  // Not a moderator: no link, and /moderation shows the server's refusal.
  await host.goto(BASE + "/moderation");
  assert.ok(await textMatching(host, "main .error[role=alert]", /\S/));
  await host.click("#account-name");
  assert.equal(await host.locator("#moderation-link").count(), 0);

  // The moderator: the header's link, the report with its line marked in the chat.
  await mod.goto(BASE + "/");
  await mod.click("#account-name");
  await mod.click("#moderation-link");
  await mod.waitForURL(BASE + "/moderation");
  const card = mod.locator(`article.report-card[data-player="${offender.username}"]`);
  await card.waitFor();
  assert.match(await card.locator("h3").textContent(), new RegExp(`^${reporter.username} reported ${offender.username}`));
  assert.equal(await card.locator(".report-reason").textContent(), "Abuse or insults");
  assert.equal(await card.locator(".report-details").textContent(), "Right after my first move.");
  assert.equal(await card.locator("li.reported .chat-text").textContent(), RUDE);
  assert.equal(await card.locator("li.reported.by-player").count(), 1, "the reported line is the player's");
  assert.deepEqual(await card.locator("li:not(.by-player) .chat-text").allTextContents(), ["good luck"]);
  assert.deepEqual(await axeViolations(mod), [], "/moderation");
  await screenshot(mod, "moderation-laptop");
  await screenshot(mod, "moderation-laptop-full", true);
  await mod.setViewportSize(PHONE);
  assert.ok(await mod.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "/moderation fits a phone");
  await screenshot(mod, "moderation-phone");
  await card.locator("input[value=mute]").check();
  await card.scrollIntoViewIfNeeded();
  await screenshot(mod, "moderation-phone-actions");
  assert.deepEqual(await axeViolations(mod), [], "/moderation on a phone, an action chosen");
  await mod.setViewportSize(LAPTOP);

  // Mute for 60 minutes.
  await act(mod, card, "mute", why.mute, async (c) => {
    assert.equal(await c.locator("input[type=number]").inputValue(), "60");
    assert.equal(await c.locator("button[type=submit]").textContent(), `Mute ${offender.username}`);
  });
  assert.match(await mod.textContent("#mod-status"), new RegExp(`${moderator.username} muted ${offender.username}`));

  // The offender's next message is refused in the server's words; /settings has the notice.
  await guest.goto(watched);
  await guest.waitForSelector("#chat-input");
  await guest.fill("#chat-input", "what did I do?");
  await guest.press("#chat-input", "Enter");
  assert.match(await textMatching(guest, "#chat-error", /\S/), /mute/i);
  await guest.goto(BASE + "/settings");
  await guest.waitForSelector("#notices li[data-action=mute]");
  assert.ok((await guest.textContent("#notices li[data-action=mute]")).includes(`Reason: ${why.mute}`));
  assert.match(await guest.textContent("#muted-until"), /You may not write in chats until/);
  assert.deepEqual(await axeViolations(guest), [], "/settings with a notice");
  await guest.locator("#notices").scrollIntoViewIfNeeded();
  await screenshot(guest, "moderation-notices-phone");

  // Reported for the name: renamed (the chat across games shown, the player's lines marked).
  const renamed = freshName("ren");
  await reportFromPage(host, offender.username, "name", "That name is an insult.");
  const nameCard = await cardAbout(mod, offender.username);
  assert.equal(await nameCard.locator(".report-reason").textContent(), "An offensive username");
  assert.equal(await nameCard.locator("li.reported").count(), 0);
  assert.ok(await nameCard.locator("li.by-player").count() >= 1, "the player's chat lines are shown");
  await act(mod, nameCard, "rename", why.rename, (c) => c.locator('input[id$="-username"]').fill(renamed));

  // Reported for cheating: closed, the refund on by default.
  await reportFromPage(host, renamed, "cheating", "Plays at engine speed.");
  const closeCard = await cardAbout(mod, renamed);
  await act(mod, closeCard, "close", why.close, async (c) => {
    assert.ok(await c.locator("input[type=checkbox]").isChecked(), "the refund is on for cheating");
    assert.equal(await c.locator("button[type=submit]").textContent(), `Close the account of ${renamed}`);
  });

  // The new name's page says the account is closed and offers no Report or Block; signing in is refused.
  await host.goto(`${BASE}/@/${renamed}`);
  await host.waitForSelector("#account-closed");
  assert.equal(await host.textContent("#player-name"), renamed);
  assert.equal(await host.locator("#report-player, #block-player").count(), 0);
  await submitAccountForm(guest, "/sign-in", renamed, PASSWORD);
  assert.match(await textMatching(guest, "#sign-in-error", /\S/), /closed/i);

  // A tournament removed with its link pasted: its page says so.
  const tournament = await host.request.post(`${BASE}/api/tournaments`, { data: { name: "Donkeys only", game: "black-path",
    settings: { size: "1x2" }, time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 0 }, kind: "round_robin",
    starts_ms: Date.now() + 3600000 } });
  assert.equal(tournament.status(), 201, await tournament.text());
  const { id: tournamentId } = await tournament.json();
  await mod.fill("#remove-tournament-id", `${BASE}/tournament/${tournamentId}`);
  await mod.fill("#remove-tournament-reason", why["remove-tournament"]);
  await mod.click("#remove-tournament-submit");
  await textMatching(mod, "#mod-status", new RegExp(`removed the tournament ${tournamentId}`));
  assert.equal(await mod.inputValue("#remove-tournament-id"), "", "the form is emptied");
  await host.goto(`${BASE}/tournament/${tournamentId}`);
  assert.equal(await textMatching(host, "#tournament-state", /\S/), "Removed by the moderators");

  // The log: mute, rename, close and the removal, by the moderator, with their reasons.
  await mod.locator('#mod-log-list li[data-action="remove-tournament"]', { hasText: why["remove-tournament"] }).waitFor();
  for (const [action, reason] of Object.entries(why)) {
    const entry = mod.locator(`#mod-log-list li[data-action="${action}"]`, { hasText: reason });
    assert.equal(await entry.count(), 1, `the log has the ${action}`);
    assert.match(await entry.textContent(), new RegExp(`^${moderator.username} `));
  }
  assert.match(await mod.locator('#mod-log-list li[data-action="rename"]', { hasText: why.rename }).textContent(),
    new RegExp(`${offender.username} → ${renamed}`));
  assert.equal(await mod.locator(`article.report-card[data-player="${renamed}"]`).count(), 0);
  await screenshot(mod, "moderation-log-laptop", true);

  // The reporter unblocks on /settings.
  await host.goto(BASE + "/settings");
  await host.click(`#blocked-list li[data-name="${renamed}"] button`);
  await host.waitForSelector("#no-blocks");
  for (const page of [host, guest, mod]) assert.deepEqual(page.errors, []);
  for (const page of [host, guest, mod]) await page.context().close();
});
