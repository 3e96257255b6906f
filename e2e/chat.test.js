// Chat in a game (issue #31): the host and the invited guest talk in the players' room while
// they play scripted moves; a spectator's room stays apart (the spectator writes once signed in,
// the players do not see it until the game is over); a player mutes the opponent, and the mute
// is remembered after a reload. axe-core on the page with the chat; screenshots at both sizes.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boxOf, LAPTOP, launch, newPage, openNewGame, PHONE, play, screenshot, waitForTurn, chatTexts, sayInChat, waitForChat } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test("chat: host and guest talk, the spectators' room stays apart, a mute hides the opponent", async () => {
  const host = await newPage(browser);
  const created = await openNewGame(host, { game: "carreaux", seats: [{ kind: "local", name: "Hal" }, { kind: "invite" }] });
  const id = created.id;
  const guest = await newPage(browser, PHONE);
  await guest.goto(`${BASE}/game/${id}#invite=${created.seats[1].invite}`);
  await guest.fill("#join-name", "Ada");
  await guest.click("#join");
  await guest.waitForFunction(() => document.querySelector("#you")?.textContent.startsWith("You play"));
  for (const page of [host, guest]) {
    await page.waitForSelector("#chat-input");
    assert.equal(await page.textContent("#chat-title"), "Chat with the players");
  }

  // They play and talk.
  assert.equal(await waitForTurn(host), "move");
  await play(host, ["b6"]);
  await sayInChat(host, "players", "good luck, have fun");
  await waitForChat(guest, "players", "good luck, have fun");
  assert.equal(await waitForTurn(guest), "move");
  await play(guest, ["c6"]);
  await sayInChat(guest, "players", "you too!");
  await waitForChat(host, "players", "you too!");
  assert.deepEqual(await chatTexts(host, "players"), ["good luck, have fun", "you too!"]);
  assert.match(await guest.textContent("#chat-players"), /Hal\s*good luck, have fun\s*Ada\s*you too!/);

  // A spectator reads the spectators' room only, and writes once signed in.
  const spectator = await newPage(browser);
  await spectator.goto(`${BASE}/game/${id}`);
  await spectator.waitForSelector("#chat-sign-in");
  assert.equal(await spectator.textContent("#chat-title"), "Spectators' chat");
  assert.equal(await spectator.locator("#chat-players").count(), 0, "the players' room is not the spectator's");
  assert.doesNotMatch(await spectator.textContent("#chat"), /good luck|you too/);
  const signedUp = await spectator.evaluate(() => fetch("/api/account", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: `Kibitz${Date.now() % 100000}`, password: "correct horse battery" }) }).then((r) => r.status));
  assert.equal(signedUp, 201);
  await spectator.reload();
  await spectator.waitForSelector("#chat-input");
  await sayInChat(spectator, "spectators", "Hal should take the corner");
  assert.equal(await spectator.getAttribute("#chat-spectators li", "class"), "mine", "the spectator's own message is marked");
  // The players hear the next message of their own room, never the spectator's.
  await sayInChat(guest, "players", "ready?");
  await waitForChat(host, "players", "ready?");
  for (const page of [host, guest]) {
    assert.equal(await page.locator("#chat-spectators").count(), 0, "no spectators' room for a player during the game");
    assert.doesNotMatch(await page.textContent("#chat"), /take the corner/);
  }
  await screenshot(spectator, "chat-spectator-1366");
  assert.deepEqual(await axeViolations(spectator), []);
  await spectator.setViewportSize(PHONE);
  await screenshot(spectator, "chat-spectator-390");

  // The host mutes the opponent: Ada's messages go, the host's own stay; remembered on reload.
  await host.check("#chat-mute-players");
  assert.deepEqual(await chatTexts(host, "players"), ["good luck, have fun"]);
  await guest.fill("#chat-input", "can you hear me?");
  await guest.press("#chat-input", "Enter");
  await waitForChat(guest, "players", "can you hear me?");
  await host.waitForFunction(() => document.querySelector(".chat-muted")?.textContent.includes("3"));
  assert.deepEqual(await chatTexts(host, "players"), ["good luck, have fun"]);
  await host.reload();
  await host.waitForSelector("#chat-mute-players:checked");
  assert.deepEqual(await chatTexts(host, "players"), ["good luck, have fun"]);
  assert.match(await host.textContent(".chat-muted"), /Messages hidden: 3/);
  await screenshot(host, "chat-muted-1366");
  await host.uncheck("#chat-mute-players");
  assert.deepEqual(await chatTexts(host, "players"), ["good luck, have fun", "you too!", "ready?", "can you hear me?"]);

  // The page with the chat: axe at both sizes, the board and the status still on a phone's
  // first screen, screenshots.
  await screenshot(host, "chat-1366");
  assert.deepEqual(await axeViolations(host), []);
  await guest.reload();
  await guest.waitForSelector("#chat-input");
  for (const selector of ["#turn", "#board"]) {
    const box = await boxOf(guest, selector);
    assert.ok(box && box.top >= 0 && box.top < PHONE.height, `${selector} at ${JSON.stringify(box)} starts on the phone's first screen`);
  }
  assert.equal(await guest.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, "no sideways scrolling");
  await screenshot(guest, "chat-390");
  await guest.locator("#chat").scrollIntoViewIfNeeded();
  await screenshot(guest, "chat-panel-390");
  assert.deepEqual(await axeViolations(guest), []);
  const send = await boxOf(guest, "#chat-send");
  assert.ok(send.height >= 32, `the send button is ${send.height} px tall on a phone`);

  // Once the game is over the players read the spectators' room too.
  await guest.click("#resign");
  await guest.click("#resign-confirm");
  await guest.waitForSelector("#chat-spectators");
  await waitForChat(guest, "spectators", "Hal should take the corner");
  await waitForChat(host, "spectators", "Hal should take the corner");
  await host.setViewportSize(LAPTOP);
  await screenshot(host, "chat-over-1366");
  assert.deepEqual(await axeViolations(host), []);
  for (const page of [host, guest, spectator]) assert.deepEqual(page.errors, []);
  for (const page of [host, guest, spectator]) await page.context().close();
});
