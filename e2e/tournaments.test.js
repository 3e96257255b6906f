// A four-player round robin played to its end in four browser contexts: each player signs up,
// opens the tournament's page and enters; at the start every page goes to its player's game by
// itself, the players make scripted moves (Black Path on a 1 x 2 board: the first player wins
// with tile 3 answered by 1, loses with tile 1), each game page keeps the ending on screen and
// offers the next game once it is paired, which the player follows. The player who entered
// earlier wins every game, so the final standings are known: the finished page names the winner
// on the podium and orders the crosstable by rank. Screenshots of the tournament page (the
// podium) and the lists at both sizes, axe-core on both pages. The organiser then corrects a
// result from the pairings, and the standings follow.
//
// A Swiss of five over three rounds, played through the API (the same scripted moves): its page
// names the game by its title, ranks by Buchholz (its column first), links to the TRF export;
// screenshots mid-tournament at both sizes, axe-core. The create form offers Swiss with its
// rounds, sets the game's settings with the lobby's controls, and warns that Carreaux under the
// designer's rules is drawn every time until its rule is set to free.
//
// A Swiss of three with an hour's pause between rounds: once round 1's game ends, round 2 is
// paired at once, the page counts down to its beginning and the crosstable shows the bye of
// round 1; the organiser pairs round 2 by hand (the bye to the same player again), and the page
// says what that breaks of the Dutch system; screenshots at both sizes.
//
// A Swiss's byes asked for and taken back on its page, and a late entry.
//
// A tournament's chat, written by a player and the organiser, read by a visitor; the organiser
// reports the player's line.
//
// An Arena: berserk from the game page, score sheets, the countdown to its end.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, LAPTOP, launch, newPage, PHONE, screenshot } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PASSWORD = "correct horse battery";

/** Signs `name` up through the API from `page` (the context keeps the session cookie). */
async function signUp(page, name) {
  await page.goto(BASE + "/tournaments");
  const status = await page.evaluate(async ([username, password]) => (await fetch("/api/account", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username, password }),
  })).status, [name, PASSWORD]);
  assert.equal(status, 201, `sign-up of ${name}`);
}

/** A page of its own for each of `names`, signed up, in order. */
async function signedUp(names) {
  const pages = [];
  for (const name of names) {
    const page = await newPage(browser);
    await signUp(page, name);
    pages.push(page);
  }
  return pages;
}

/** Plays `me`'s games of the tournament as they come (the earlier entrant of `names` wins each)
 * until the tournament's page shows it finished. */
async function playEveryGame(page, me, names) {
  for (;;) {
    await page.waitForFunction(() => location.pathname.startsWith("/game/")
      || document.querySelector('#tournament-state[data-state="finished"]'), null, { timeout: 60000 });
    if (!new URL(page.url()).pathname.startsWith("/game/")) return;
    const game = new URL(page.url()).pathname.split("/").pop();
    const view = await (await fetch(`${BASE}/api/games/${game}`)).json();
    const [first, second] = view.seats.map((s) => names.indexOf(s.player));
    assert.ok(first >= 0 && second >= 0, JSON.stringify(view.seats));
    const firstWins = first < second;
    await page.waitForSelector("#tournament-back");
    if (names[first] === me) await page.click(`button[data-move="${firstWins ? 3 : 1}"]`, { timeout: 30000 });
    else if (firstWins) await page.click('button[data-move="1"]', { timeout: 30000 });
    // Over: the page stays on the ending until the player goes on, to the next game once it
    // is paired, or back to the finished tournament.
    await page.waitForSelector("#tournament-next-game, #tournament-back-note[data-done]", { timeout: 60000 });
    assert.ok(new URL(page.url()).pathname.endsWith(game), "the ending stays on screen");
    if (await page.$("#tournament-next-game")) await page.click("#tournament-next-game");
    else await page.click("#tournament-back");
    await page.waitForURL((url) => !url.pathname.endsWith(game), { timeout: 30000 });
  }
}

test("a four-player round robin is played to its end in four browsers", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const names = [0, 1, 2, 3].map((i) => `rr${suffix}p${"abcd"[i]}`);
  const pages = [];
  for (const [i, name] of names.entries()) {
    const page = await newPage(browser, i === 3 ? PHONE : undefined);
    await signUp(page, name);
    pages.push(page);
  }
  // The first player organises it through the API; it starts in a few seconds.
  const created = await pages[0].evaluate(async (body) => (await fetch("/api/tournaments", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  })).json(), {
    name: "Thursday club night", game: "black-path", settings: { size: "1x2" },
    time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 0 },
    kind: "round_robin", starts_ms: Date.now() + 12000,
  });
  assert.ok(created.id, JSON.stringify(created));
  const url = `${BASE}/tournament/${created.id}`;
  for (const page of pages) {
    await page.goto(url);
    await page.click("#tournament-join");
    await page.waitForSelector("#tournament-withdraw");
  }
  await pages[0].waitForFunction(() => document.querySelector(".tournament-head")?.textContent.includes("4 of at most"));
  assert.match(await pages[0].textContent("#tournament-countdown"), /\d+ s/);
  assert.deepEqual(await axeViolations(pages[0]), []);
  await screenshot(pages[0], "tournament-open-1366");
  // The lobby lists it.
  const lobby = await newPage(browser);
  await lobby.goto(BASE + "/");
  await lobby.waitForSelector(`#lobby-tournaments [data-tournament="${created.id}"]`);
  await lobby.locator(".tournaments-card").scrollIntoViewIfNeeded();
  await screenshot(lobby, "tournaments-lobby-1366");

  await Promise.all(pages.map((page, i) => playEveryGame(page, names[i], names)));

  const page = pages[0];
  await page.reload();
  await page.waitForSelector('#tournament-state[data-state="finished"]');
  const standings = await page.locator("#standings tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.dataset.player, Number(r.querySelector("[data-points]").dataset.points)]));
  assert.deepEqual(standings, names.map((n, i) => [n, 3 - i]));
  assert.equal(await page.locator("#tournament-rounds [data-round]").count(), 3);
  assert.equal(await page.locator("#crosstable tbody tr").count(), 4);
  assert.deepEqual(await page.locator("#crosstable tbody tr").evaluateAll((rows) => rows.map((r) => r.dataset.player)), names,
    "the crosstable in the order of the standings");
  assert.equal(await page.textContent("#podium-title"), `Winner: ${names[0]}`);
  assert.deepEqual(await page.locator("#tournament-podium [data-rank]").evaluateAll((places) => places.map((p) => p.dataset.rank)), ["1", "2", "3"]);
  assert.equal(await page.textContent("#crosstable tbody tr:first-child td:nth-child(4)"), "1");
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "tournament-1366", true);
  // The organiser corrects a result (the first player's win over the last becomes a loss): the
  // standings follow. Other players get no such control.
  assert.equal(await pages[1].locator(".result-correction").count(), 0);
  const board = page.locator("#tournament-rounds li", { hasText: names[0] }).filter({ hasText: names[3] });
  const aFirst = (await board.locator("a").textContent()).startsWith(names[0]);
  await board.locator(".result-correction").selectOption(aFirst ? "0-1" : "1-0");
  await page.waitForFunction(([a, d]) => {
    const points = (n) => Number(document.querySelector(`#standings tr[data-player="${n}"] [data-points]`)?.dataset.points);
    return points(a) === 2 && points(d) === 1;
  }, [names[0], names[3]]);
  assert.equal((await board.locator(".board-result").textContent()).trim(), aFirst ? "0-1" : "1-0");
  assert.deepEqual(await axeViolations(page), []);
  await page.locator("#tournament-rounds").scrollIntoViewIfNeeded();
  await screenshot(page, "tournament-corrected-1366");
  await pages[3].reload();
  await pages[3].waitForSelector('#tournament-state[data-state="finished"]');
  await pages[3].waitForSelector("#tournament-podium");
  await screenshot(pages[3], "tournament-390");
  await pages[3].locator("#tournament-crosstable").scrollIntoViewIfNeeded();
  await screenshot(pages[3], "tournament-crosstable-390");
  await page.goto(BASE + "/tournaments");
  await page.waitForSelector(`#tournaments-finished [data-tournament="${created.id}"]`);
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, "tournaments-1366");
  await pages[3].goto(BASE + "/tournaments");
  await pages[3].waitForSelector(`#tournaments-finished [data-tournament="${created.id}"]`);
  await screenshot(pages[3], "tournaments-390");
  for (const p of [...pages, lobby]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

/** The answer to `path` (a POST of `body` when given) asked from `page` (with its session). */
async function call(page, path, body) {
  return page.evaluate(async ([path, body]) => {
    const init = body ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {};
    const r = await fetch(path, init);
    return { status: r.status, body: r.headers.get("content-type")?.includes("json") ? await r.json() : await r.text() };
  }, [path, body ?? null]);
}

/** Plays move `move` in game `game` as `page`'s player (waiting for the game to be made). */
async function move(page, game, move) {
  for (let tries = 0; ; tries++) {
    const seats = await call(page, `/api/games/${game}/my-seats`);
    if (seats.status === 200) {
      const answer = await call(page, `/api/games/${game}/moves`, { token: seats.body.seats[0].token, move });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return;
    }
    assert.ok(tries < 100, `game ${game}: ${seats.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until tournament `id`, as `page` reads it, satisfies `done`; returns it then. */
async function until(page, id, done) {
  for (let tries = 0; ; tries++) {
    const view = (await call(page, `/api/tournaments/${id}`)).body;
    if (done(view)) return view;
    assert.ok(tries < 300, JSON.stringify(view));
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("a Swiss of five: its page ranks by Buchholz and exports TRF; the form offers Swiss", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const names = [0, 1, 2, 3, 4].map((i) => `sw${suffix}p${"abcde"[i]}`);
  const players = await signedUp(names);
  const organiser = await newPage(browser);
  await signUp(organiser, `sw${suffix}org`);
  const created = await call(organiser, "/api/tournaments", {
    name: "Swiss evening", game: "black-path", settings: { size: "1x2" },
    time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 0 },
    kind: "swiss", rounds: 3, starts_ms: Date.now() + 6000,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  for (const page of players) assert.equal((await call(page, `/api/tournaments/${id}/join`, {})).status, 200);
  // Rounds 1 and 2 played (the earlier entrant wins), round 3 left in play for the pictures.
  for (let round = 1; round <= 2; round++) {
    const view = await until(organiser, id, (v) => v.round === round && v.in_play.length > 0);
    for (const board of view.in_play) {
      const [a, b] = [names.indexOf(board.first), names.indexOf(board.second)];
      if (a < b) {
        await move(players[a], board.game_id, "3");
        await move(players[b], board.game_id, "1");
      } else {
        await move(players[a], board.game_id, "1");
      }
    }
  }
  const view = await until(organiser, id, (v) => v.round === 3 && v.in_play.length === 2);
  assert.equal(view.standings.reduce((sum, s) => sum + s.points, 0), 6, "two games and a bye a round");

  const phone = await newPage(browser, PHONE);
  for (const [page, size] of [[organiser, "1366"], [phone, "390"]]) {
    await page.goto(`${BASE}/tournament/${id}`);
    await page.waitForSelector("#standings tbody tr");
    const head = await page.textContent(".tournament-head");
    assert.match(head, /Black Path Game · .* · Swiss · casual/);
    assert.match(head, /Round 3 of 3/);
    assert.deepEqual(await page.locator("#standings thead th").allTextContents(),
      ["#", "Player", "Points", "BH-C1", "BH", "SB", "DE", "Games"], "a Swiss's own tie-breaks, FIDE's acronyms");
    assert.equal(await page.getAttribute("#standings thead abbr:text-is('BH-C1')", "title"),
      "Buchholz Cut-1: the opponents' points, the lowest left out");
    assert.equal(await page.getAttribute("#tournament-trf", "href"), `/api/tournaments/${id}/trf`);
    assert.equal(await page.locator("#tournament-rounds [data-round]").count(), 3);
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, `tournament-swiss-${size}`, size === "1366");
  }
  const trf = await call(organiser, `/api/tournaments/${id}/trf`);
  assert.equal(trf.status, 200);
  assert.match(trf.body, /^012 Swiss evening\n/);
  assert.match(trf.body, /\nXXR 3\n/);
  assert.equal(trf.body.split("\n").filter((l) => l.startsWith("001")).length, 5);

  // The form: a Swiss's rounds, and the note on Carreaux's designer's rules.
  await organiser.goto(BASE + "/tournaments");
  await organiser.click(".tournament-create summary");
  assert.equal(await organiser.isVisible("#tournament-rounds"), false);
  await organiser.selectOption("#tournament-kind", "swiss");
  assert.equal(await organiser.isVisible("#tournament-rounds"), true);
  await organiser.selectOption("#tournament-game", "carreaux");
  assert.match(await organiser.textContent("#tournament-drawn-note"), /drawn every time/);
  await organiser.selectOption("#set-rule", "free");
  assert.equal(await organiser.textContent("#tournament-drawn-note"), "");
  // The tie-breaks: each kind's own chosen, the cuts offered for a Swiss only.
  const chosen = () => organiser.locator("#tournament-tie-breaks select").evaluateAll((all) => all.map((s) => s.value));
  assert.deepEqual(await chosen(), ["BH-C1", "BH", "SB", "DE"]);
  await organiser.selectOption("#tournament-kind", "round_robin");
  assert.deepEqual(await chosen(), ["DE", "SB", "WIN", ""]);
  assert.equal(await organiser.locator("#tournament-tie-break-1 option[value='BH-C1']").count(), 0);
  await organiser.selectOption("#tournament-kind", "arena");
  assert.equal(await organiser.isVisible("#tournament-tie-breaks"), false);
  await organiser.selectOption("#tournament-kind", "swiss");
  await organiser.selectOption("#tournament-tie-break-4", "ARO");
  assert.deepEqual(await axeViolations(organiser), []);
  await screenshot(organiser, "tournaments-create-swiss-1366", true);
  await organiser.click("#tournament-form button[type=submit]");
  await organiser.waitForURL(/\/tournament\/[^/]+$/);
  const made = await call(organiser, `/api/tournaments/${organiser.url().split("/").pop()}`);
  assert.deepEqual(made.body.tie_breaks, ["BH-C1", "BH", "SB", "ARO"], "the form sends the tie-breaks chosen");
  for (const p of [...players, organiser, phone]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test("a Swiss's pause between rounds is counted down, the crosstable shows the bye, and the organiser pairs the waiting round by hand", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const names = [0, 1, 2].map((i) => `sp${suffix}p${"abc"[i]}`);
  const players = await signedUp(names);
  const created = await call(players[0], "/api/tournaments", {
    name: "Swiss with a pause", game: "black-path", settings: { size: "1x2" },
    time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 0 },
    kind: "swiss", rounds: 2, round_pause_s: 3600, starts_ms: Date.now() + 5000,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  for (const page of players) assert.equal((await call(page, `/api/tournaments/${id}/join`, {})).status, 200);
  const view = await until(players[0], id, (v) => v.round === 1 && v.in_play.length === 1);
  const [board] = view.in_play;
  const [a, b] = [names.indexOf(board.first), names.indexOf(board.second)];
  await move(players[a], board.game_id, "1");
  const paused = await until(players[0], id, (v) => v.next_round_ms !== null && v.next_round_ms !== undefined);
  assert.equal(paused.round, 2);
  assert.deepEqual(paused.in_play, []);
  const bye = names.find((n) => n !== board.first && n !== board.second);

  const phone = await newPage(browser, PHONE);
  for (const [page, size] of [[players[0], "1366"], [phone, "390"]]) {
    await page.goto(`${BASE}/tournament/${id}`);
    await page.waitForSelector("#tournament-next-round");
    assert.match(await page.textContent("#tournament-next-round"), /Round 2 begins in (59 min|1 h 0 min)/);
    assert.match(await page.textContent(".tournament-head"), /A pause of 1 h 0 min between rounds/);
    assert.equal(await page.textContent("#tournament-in-play .help"), "Round 2 is paired; its games begin after the pause.");
    assert.ok(await page.$("#tournament-broken"), "what the pairing breaks is said");
    // Only the organiser may change the pairings (the phone is a visitor's).
    assert.equal(Boolean(await page.$("#hand-pairing")), page === players[0]);
    const byeRow = page.locator("#crosstable tbody tr", { hasText: bye });
    assert.equal(await byeRow.locator("td.bye").textContent(), "R1");
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, `tournament-swiss-pause-${size}`, size === "1366");
  }
  // The organiser gives the bye of round 1 to the same player again: the two others meet
  // again too. The page says both, board by board.
  const organiser = players[0];
  await organiser.click("#hand-pairing summary");
  await organiser.locator('#hand-pairing select[data-seat="2"]').selectOption(bye);
  await organiser.click("#hand-pairing-save");
  const second = organiser.locator('#tournament-broken li[data-rule="second_bye"]');
  await second.waitFor();
  assert.equal(await second.textContent(), `Bye: ${bye} has had a bye before`);
  const rematch = await organiser.textContent('#tournament-broken li[data-rule="rematch"]');
  assert.match(rematch, new RegExp(`^Board 1: (${board.first} and ${board.second}|${board.second} and ${board.first}) have met before$`));
  const repaired = (await call(organiser, `/api/tournaments/${id}`)).body;
  const round2 = repaired.pairings.find((r) => r.round === 2).boards;
  assert.deepEqual(round2.map((b) => (b.second === null ? [b.first] : [b.first, b.second].sort())),
    [[board.first, board.second].sort(), [bye]]);
  assert.deepEqual(await axeViolations(organiser), []);
  await screenshot(organiser, "tournament-hand-pairing-1366", true);
  await organiser.setViewportSize(PHONE);
  await organiser.reload();
  await organiser.click("#hand-pairing summary");
  await organiser.locator("#hand-pairing-save").scrollIntoViewIfNeeded();
  await screenshot(organiser, "tournament-hand-pairing-390");
  for (const p of [...players, phone]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

// A Swiss of three rounds offering one half-point bye and late entries at half a point a missed
// round: a player asks on the page for a half-point bye in round 1 (then only a zero-point one is
// offered), asks for one in round 2 and takes it back; round 1 is paired without them and its
// pairings list the bye; a fourth player enters late with the page's button, in German on a
// phone, and the round they missed is listed as a late entry's bye. Screenshots at both sizes,
// axe-core.
test("a Swiss's byes asked for and taken back on its page; a late entrant enters with its button", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const names = [0, 1, 2, 3].map((i) => `sb${suffix}p${"abcd"[i]}`);
  const players = await signedUp(names);
  const created = await call(players[0], "/api/tournaments", {
    name: "Swiss with byes", game: "black-path", settings: { size: "1x2" },
    time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 0 },
    kind: "swiss", rounds: 3, half_point_byes: 1, late_entry: "half_point_byes", starts_ms: Date.now() + 8000,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  for (const page of players.slice(0, 3)) assert.equal((await call(page, `/api/tournaments/${id}/join`, {})).status, 200);
  const asker = players[2];
  await asker.goto(`${BASE}/tournament/${id}`);
  await asker.waitForSelector("#bye-ask");
  assert.equal(await asker.textContent("#tournament-byes .help"), "You play every round.");
  await asker.selectOption("#bye-round", "1");
  await asker.selectOption("#bye-points", "half");
  await asker.click("#bye-ask");
  await asker.waitForSelector('#my-byes li[data-round="1"]');
  assert.match(await asker.textContent('#my-byes li[data-round="1"]'), /^Round 1: half-point bye \(asked for\)/);
  // The one half-point bye is taken: only a zero-point one is offered now.
  assert.deepEqual(await asker.locator("#bye-points option").evaluateAll((os) => os.map((o) => o.value)), ["zero"]);
  await asker.selectOption("#bye-round", "2");
  await asker.click("#bye-ask");
  await asker.waitForSelector('#my-byes li[data-round="2"]');
  assert.match(await asker.textContent('#my-byes li[data-round="2"]'), /zero-point bye \(asked for\)/);
  await asker.click('button[data-take-back="2"]');
  await asker.waitForFunction(() => !document.querySelector('#my-byes li[data-round="2"]'));
  assert.deepEqual(await axeViolations(asker), []);
  await screenshot(asker, "tournament-swiss-byes-1366", true);
  // Round 1: the two others play; the bye is listed with the pairings.
  const first = await until(players[0], id, (v) => v.round === 1 && v.in_play.length === 1);
  assert.ok(!JSON.stringify(first.in_play).includes(names[2]), JSON.stringify(first.in_play));
  await asker.waitForSelector(`#tournament-rounds li.asked-bye[data-bye="${names[2]}"]`);
  assert.equal(await asker.textContent(`#tournament-rounds li.asked-bye[data-bye="${names[2]}"]`),
    `${names[2]}: half-point bye (asked for)`);
  // The fourth enters late, on a phone in German: half a point for round 1.
  const late = await newPage(browser, PHONE, { locale: "de-DE" });
  await signUp(late, `${names[3]}x`);
  await late.goto(`${BASE}/tournament/${id}`);
  await late.waitForSelector("#tournament-join");
  assert.equal(await late.textContent("#tournament-late-entry"),
    "Bis die letzte Runde gepaart ist, kann man sich noch anmelden; jede versäumte Runde zählt einen halben Punkt.");
  await late.click("#tournament-join");
  await late.waitForSelector(`#tournament-rounds li.asked-bye[data-bye="${names[3]}x"]`);
  assert.equal(await late.textContent(`#tournament-rounds li.asked-bye[data-bye="${names[3]}x"]`),
    `${names[3]}x: Freilos mit halbem Punkt (spät angemeldet)`);
  assert.ok(await late.isVisible("#bye-ask"), "an entrant now: byes may be asked for");
  assert.deepEqual(await axeViolations(late), []);
  await screenshot(late, "tournament-swiss-late-de-390");
  for (const p of [...players, late]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

// A tournament's chat: a player writes on the page, the organiser reads it on theirs within the
// page's polling and answers; a visitor who is not signed in reads both and is told how to
// write. Screenshots at both sizes, axe-core.
test("a tournament's chat: its players and organiser write, everyone reads", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const [player, organiser] = await signedUp([`tc${suffix}p`, `tc${suffix}o`]);
  const created = await call(organiser, "/api/tournaments", {
    name: "Chatty cup", game: "black-path", settings: { size: "1x2" },
    time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 0 },
    kind: "round_robin", starts_ms: Date.now() + 3600000,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  assert.equal((await call(player, `/api/tournaments/${id}/join`, {})).status, 200);
  for (const page of [player, organiser]) {
    await page.goto(`${BASE}/tournament/${id}`);
    await page.waitForSelector("#tournament-chat-text");
  }
  await player.fill("#tournament-chat-text", "Good luck, everyone!");
  await player.press("#tournament-chat-text", "Enter");
  await player.waitForSelector('#tournament-chat-log li[data-seq="1"].mine');
  assert.equal(await player.inputValue("#tournament-chat-text"), "", "the box is emptied");
  await organiser.waitForSelector('#tournament-chat-log li[data-seq="1"]', { timeout: 10000 });
  assert.equal(await organiser.textContent('#tournament-chat-log li[data-seq="1"]'), `tc${suffix}p Good luck, everyone! Report`);
  // Another account's line has its Report button; one's own has none.
  assert.equal(await player.$('#tournament-chat-log li[data-seq="1"] .chat-report'), null);
  await organiser.click('#tournament-chat-log li[data-seq="1"] .chat-report');
  await organiser.waitForSelector("#report-dialog");
  assert.equal(await organiser.textContent("#report-quote"), `tc${suffix}p Good luck, everyone!`);
  await organiser.click("#report-send");
  await organiser.waitForSelector("#report-sent");
  await organiser.click("#report-close");
  await organiser.fill("#tournament-chat-text", "Round 1 in an hour.");
  await organiser.click("#tournament-chat-form button");
  await organiser.waitForSelector('#tournament-chat-log li[data-seq="2"]');
  const visitor = await newPage(browser, PHONE);
  await visitor.goto(`${BASE}/tournament/${id}`);
  await visitor.waitForSelector('#tournament-chat-log li[data-seq="2"]');
  assert.equal(await visitor.isVisible("#tournament-chat-form"), false);
  assert.equal(await visitor.textContent("#tournament-chat-note"), "Sign in and enter to write here.");
  assert.equal(await visitor.$(".chat-report"), null, "nobody signed out reports");
  await visitor.locator("#tournament-chat").scrollIntoViewIfNeeded();
  for (const [page, size] of [[player, "1366"], [visitor, "390"]]) {
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, `tournament-chat-${size}`, size === "1366");
  }
  for (const p of [player, organiser, visitor]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

// An Arena of four through the API (Black Path 1 x 2, the earlier entrant winning): its page
// counts down to the end, shows the score sheets with a streak's doubled game marked, and the
// games in play; a player goes berserk with the button of their game page, and the mark by the
// clock shows it to a spectator too. Screenshots of the Arena page at both sizes, axe-core. A
// fifth player enters late with the page's button. The create form offers Arena with its
// duration. The late player pauses and comes back.
test("an Arena: berserk from the game page, streaks on the score sheets, the countdown to the end", async () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const names = [0, 1, 2, 3].map((i) => `ar${suffix}p${"abcd"[i]}`);
  const players = await signedUp(names);
  const created = await call(players[0], "/api/tournaments", {
    name: "Arena evening", game: "black-path", settings: { size: "1x2" },
    time_control: { kind: "fischer", initial_seconds: 60, increment_seconds: 2 },
    kind: "arena", minutes: 30, starts_ms: Date.now() + 6000,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  for (const page of players) assert.equal((await call(page, `/api/tournaments/${id}/join`, {})).status, 200);
  const first = await until(players[0], id, (v) => v.state === "running" && v.in_play.length === 2);
  const mine = first.in_play.find((b) => b.first === names[0] || b.second === names[0]);

  // The first player goes berserk from their game's page, before their first move.
  const own = players[0];
  for (let tries = 0; (await call(own, `/api/games/${mine.game_id}`)).status !== 200; tries++) {
    assert.ok(tries < 100, "the game is made");
    await new Promise((r) => setTimeout(r, 100));
  }
  await own.goto(`${BASE}/game/${mine.game_id}?tournament=${id}`);
  await own.click("#berserk", { timeout: 15000 });
  await own.waitForSelector(`.clock[data-seat="${mine.first === names[0] ? 0 : 1}"] .berserk-mark`);
  await own.waitForFunction(() => !document.querySelector("#berserk"));
  const spectator = await newPage(browser);
  await spectator.goto(`${BASE}/game/${mine.game_id}`);
  await spectator.waitForSelector(".berserk-mark");
  const game = (await call(spectator, `/api/games/${mine.game_id}`)).body;
  assert.deepEqual(game.clock.berserk, [mine.first === names[0], mine.second === names[0]]);
  assert.ok(game.clock.remaining_ms[mine.first === names[0] ? 0 : 1] <= 30000, JSON.stringify(game.clock));
  await screenshot(own, "arena-berserk-1366");

  // On the other board, Berserk clicked after one's first move (made elsewhere, before the page
  // looked again) is refused with the server's word, in German here, and the word stays when
  // the button goes. The page's looks at the game are held back until the refusal is read.
  const other = first.in_play.find((b) => b.game_id !== mine.game_id);
  const early = players[names.indexOf(other.first)];
  const german = await newPage(browser, PHONE, { locale: "de-DE" });
  await german.context().addCookies(await early.context().cookies());
  await early.context().close();
  await german.goto(`${BASE}/game/${other.game_id}?tournament=${id}`);
  await german.waitForSelector("#berserk", { timeout: 15000 });
  const looks = `${BASE}/api/games/${other.game_id}`;
  const held = [];
  let holding = true;
  await german.route(looks, (route) => (holding ? held.push(route) : route.continue()));
  await move(german, other.game_id, "3");
  await german.click("#berserk");
  const refusal = "Berserk geht nur vor deinem ersten Zug.";
  await german.waitForFunction((words) => document.querySelector(".tournament-back .error")?.textContent === words, refusal);
  holding = false;
  for (const route of held) await route.continue();
  await german.waitForFunction(() => !document.querySelector("#berserk"));
  assert.equal(await german.textContent(".tournament-back .error"), refusal, "the refusal stays when the button goes");
  await screenshot(german, "arena-berserk-refused-de-390");
  players[names.indexOf(other.first)] = german;

  // The first player's games, three won in a row (the third doubled); the other board goes on.
  for (let won = 0; won < 3; won++) {
    const view = await until(players[0], id, (v) => v.your_game
      && v.standings.find((s) => s.username === names[0]).sheet.length === won);
    const board = view.in_play.find((b) => b.game_id === view.your_game);
    const [a, b] = [names.indexOf(board.first), names.indexOf(board.second)];
    if (a < b) {
      await move(players[a], board.game_id, "3");
      await move(players[b], board.game_id, "1");
    } else {
      await move(players[a], board.game_id, "1");
    }
  }
  await until(players[0], id, (v) => v.standings[0].sheet.length === 3 && v.in_play.length === 2);

  const phone = await newPage(browser, PHONE);
  for (const [page, size] of [[spectator, "1366"], [phone, "390"]]) {
    await page.goto(`${BASE}/tournament/${id}`);
    await page.waitForSelector("#standings tbody tr");
    const head = await page.textContent(".tournament-head");
    assert.match(head, /Black Path Game · .* · Arena · casual/);
    assert.match(await page.textContent("#tournament-countdown"), /\d+ min \d+ s/);
    assert.equal(await page.isVisible("#tournament-rounds"), false);
    assert.equal(await page.isVisible("#tournament-crosstable"), false);
    const top = page.locator(`#standings tr[data-player="${names[0]}"]`);
    assert.deepEqual(await top.locator(".sheet-mark").allTextContents(), ["2", "2", "4"]);
    assert.equal(await top.locator(".sheet-mark.doubled").count(), 1);
    assert.equal(await top.locator(".on-fire").textContent(), "on fire");
    assert.equal(await top.locator("[data-points]").getAttribute("data-points"), "8");
    assert.equal(await page.locator("#tournament-in-play li").count(), 2);
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, `tournament-arena-${size}`, size === "1366");
  }

  // A player enters late from the page: an Arena takes players until its end.
  const lateName = `ar${suffix}pe`;
  const [late] = await signedUp([lateName]);
  await late.goto(`${BASE}/tournament/${id}`);
  await late.waitForSelector("#tournament-late-entry");
  assert.equal(await late.isVisible("#tournament-join"), true);
  await screenshot(late, "tournament-arena-late-entry-1366");
  await late.click("#tournament-join");
  await late.waitForSelector("#tournament-withdraw");
  const joined = await until(late, id, (v) => v.entered && v.players.some((p) => p.username === lateName));
  assert.equal(joined.entrants, 5);
  // Withdrawing from an Arena is a pause: the button says so, the table marks the player
  // paused, and the player comes back with a button. (The page is opened again, in case a
  // pairing sent it to a game meanwhile: it goes to each game once.)
  await late.goto(`${BASE}/tournament/${id}`);
  assert.equal((await late.textContent("#tournament-withdraw")).trim(), "Pause");
  await late.click("#tournament-withdraw");
  await late.waitForSelector("#tournament-join");
  assert.equal((await late.textContent("#tournament-join")).trim(), "Come back");
  await late.waitForSelector(`#standings tr[data-player="${lateName}"]:has-text("(paused)")`);
  await screenshot(late, "tournament-arena-paused-1366");
  await late.click("#tournament-join");
  await until(late, id, (v) => v.entered);
  assert.deepEqual(late.errors, []);
  await late.context().close();

  // The form offers Arena with its duration (in a tab of its own: the organiser's tournament
  // page goes to their next game by itself whenever a wave pairs them).
  const form = await own.context().newPage();
  await form.setViewportSize(LAPTOP);
  await form.goto(BASE + "/tournaments");
  await form.click(".tournament-create summary");
  assert.equal(await form.isVisible("#tournament-minutes"), false);
  await form.selectOption("#tournament-kind", "arena");
  assert.equal(await form.isVisible("#tournament-minutes"), true);
  assert.equal(await form.isVisible("#tournament-rounds"), false);
  assert.deepEqual(await axeViolations(form), []);
  await screenshot(form, "tournaments-create-arena-1366");
  for (const p of [...players, spectator, phone]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
