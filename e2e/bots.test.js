// A bot in a real browser (docs/bots.md): a scripted engine (crates/tafel-cli/tests/engines/
// first.sh, the first legal move every time) connected with `tafel bot` to this server; a person
// signs up, finds the bot's page labelled BOT, challenges it to EinStein with the form, is taken
// to the game with their seat, and plays scripted moves (the first legal one) until the game is
// over; the seats show the bot's label. Screenshots of the bot's page and of the game at both
// sizes.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, test } from "node:test";
import { BASE, freshName, LAPTOP, launch, newPage, PHONE, screenshot, submitAccountForm, waitForTurn } from "./lib.js";

const PASSWORD = "a long walk on the beach";
const ENGINE = new URL("../crates/tafel-cli/tests/engines/first.sh", import.meta.url).pathname;
const TAFEL_BIN = process.env.TAFEL_BIN || new URL("../target/release/tafel", import.meta.url).pathname;

let browser;
let bot;
before(async () => { browser = await launch(); });
after(async () => {
  bot?.kill();
  await browser?.close();
});

/** Sends `body` to `path` with `cookie`; the answer's JSON and its session cookie. */
async function post(path, body, cookie = "") {
  const response = await fetch(BASE + path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  assert.ok(response.ok, `${path}: ${response.status} ${JSON.stringify(json)}`);
  return { json, cookie: response.headers.get("set-cookie")?.split(";")[0] || cookie };
}

/** Makes a bot account and connects the scripted engine to it with `tafel bot`. */
async function startBot() {
  const name = freshName("bot");
  const { cookie } = await post("/api/account", { username: name, password: PASSWORD });
  await post("/api/account/bot", undefined, cookie);
  const { json } = await post("/api/bot/token", undefined, cookie);
  bot = spawn(TAFEL_BIN, ["bot", "--server", BASE, "--token", json.token, "--engine", `bash ${ENGINE}`],
    { env: { ...process.env, TAFEL_BIN }, stdio: ["ignore", "inherit", "inherit"] });
  return name;
}

/** Plays the first legal move of this screen's turn: its button, or typed in the move box,
 * or the move offered beside the board when there is no cell to click. */
async function playFirstLegal(page) {
  const legal = await page.evaluate(async () => {
    const id = location.pathname.split("/").pop();
    return (await (await fetch(`/api/games/${id}`)).json()).legal;
  });
  const before = Number(await page.getAttribute("#board", "data-ply"));
  const button = page.locator(`#legal button[data-move="${legal[0]}"]`);
  if (await button.count()) await button.click();
  else if (await page.locator("#move-input").count()) {
    await page.fill("#move-input", legal[0]);
    await page.press("#move-input", "Enter");
  } else await page.locator(".boardless button").first().click();
  await page.waitForFunction((p) => Number(document.querySelector("#board")?.dataset.ply) > p, before, { timeout: 60000 });
}

test("a person challenges a bot from its page and plays a whole game against it", async () => {
  const name = await startBot();
  const page = await newPage(browser, LAPTOP);
  const person = freshName("ann");
  await submitAccountForm(page, "/sign-up", person, PASSWORD);
  await page.waitForSelector("#account-name");

  await page.goto(`${BASE}/@/${name}`);
  await page.waitForSelector("#challenge-form");
  assert.equal(await page.textContent("#player-name .bot-badge"), "BOT");
  await screenshot(page, "bot-page-laptop", true);
  await page.setViewportSize(PHONE);
  await screenshot(page, "bot-page-phone", true);
  await page.setViewportSize(LAPTOP);

  await page.selectOption("#challenge-game", "einstein");
  await page.selectOption("#challenge-side", "first");
  await page.selectOption("#clock", "fischer:300:3");
  await page.check("#challenge-rated");
  await page.click("#challenge-send");
  await page.waitForURL(/\/game\//, { timeout: 30000 });
  await page.waitForSelector("#board");
  const badge = page.locator("#players li .bot-badge");
  await badge.waitFor();
  assert.equal(await badge.count(), 1, "one seat is the bot's");
  assert.match(await page.textContent("#players"), new RegExp(name));

  let moves = 0;
  for (;;) {
    const turn = await waitForTurn(page);
    if (turn === "over") break;
    if (moves === 2) {
      // The bot follows the game at its seat: nobody is counted as watching.
      await page.waitForFunction(() => document.querySelector("#spectators")?.textContent === "", null, { timeout: 5000 });
      // The last move names the bot as a bot.
      assert.match(await page.textContent("#last-move-line"), new RegExp(`${name} \\((Black|White), bot\\)`));
      await screenshot(page, "bot-game-laptop");
      await page.setViewportSize(PHONE);
      await screenshot(page, "bot-game-phone", true);
      await page.setViewportSize(LAPTOP);
    }
    await playFirstLegal(page);
    moves += 1;
    assert.ok(moves < 200, "an EinStein game ends long before 200 moves of one side");
  }
  assert.ok(moves > 0, "the person played");
  await page.waitForSelector("#result");
  const game = await page.evaluate(async () => {
    const id = location.pathname.split("/").pop();
    return (await fetch(`/api/games/${id}`)).json();
  });
  assert.equal(game.status.state, "over");
  assert.equal(game.seats.filter((s) => s.bot).length, 1);
  await screenshot(page, "bot-game-over-laptop");
  // The person's own page lists the game with the bot labelled as the opponent.
  await page.goto(`${BASE}/@/${person}`);
  const row = page.locator(`tr[data-id="${game.id}"]`);
  await row.waitFor();
  assert.equal(await row.locator(".bot-badge").textContent(), "BOT");
  await page.close();
});
