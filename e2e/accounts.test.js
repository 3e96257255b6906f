// Accounts in a real browser: the header's account part on every page; sign up, sign out, sign
// in, a wrong password as the server words it; an anonymous game against the computer claimed
// at sign-up and shown under the username; the account's seat opened on another device; the
// settings page (change the password, delete the account, its seat then a deleted player's;
// where one is signed in, another browser and every other one signed out; one's data
// downloaded; two-step sign-in set up, used with a code and a recovery code, new recovery
// codes, turned off);
// axe-core on the new views; screenshots of sign in, sign up, settings and a forgotten password
// at both sizes.

import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, before, test } from "node:test";
import {
  axeViolations, BASE, boardPly, freshName, submitAccountForm, cellsOf, createGame, LAPTOP, launch, newPage, PHONE, play, screenshot,
  waitForReply, waitForTurn,
} from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PASSWORD = "a long walk on the beach";
const NEW_PASSWORD = "another long walk at dusk";
async function noViolations(page, what) {
  assert.deepEqual(await axeViolations(page), [], what);
}

test("sign up claims the game played before, sign out, a wrong password, sign in, another device", async () => {
  const page = await newPage(browser);
  // The header offers signing in and up on every page.
  await page.goto(BASE + "/rules/kauri");
  await page.waitForSelector("#sign-in-link");
  assert.equal(await page.getAttribute("#sign-up-link", "href"), "/sign-up");

  // A game against the computer without an account: a few moves.
  await createGame(page, "black-path", { seats: ["local", "computer:1"] });
  const gameUrl = page.url();
  for (let i = 0; i < 3; i++) {
    if (await waitForTurn(page) !== "move") break;
    const [cell] = await cellsOf(page, "movable");
    const ply = await boardPly(page);
    await play(page, [cell]);
    await waitForReply(page, ply + 1);
  }
  assert.match(await page.textContent("#players li[data-seat='0']"), /person at this screen/);

  // Sign up: the game becomes the account's.
  const name = freshName("e2e");
  await submitAccountForm(page, "/sign-up", name, PASSWORD);
  await page.waitForSelector("#welcome");
  assert.equal(await page.textContent("#claimed"), "1 game you played in this browser was added to your account.");
  assert.equal(await page.textContent("#account-name"), name);
  await page.goto(gameUrl);
  await page.waitForSelector("#board");
  assert.match(await page.textContent("#players li[data-seat='0']"), new RegExp(`^[^:]+: ${name}, at this screen \\(you\\)`));

  // The menu: profile, settings, sign out.
  await page.click("#account-name");
  assert.equal(await page.getAttribute("#account-menu a[href^='/@/']", "href"), `/@/${name}`);
  await noViolations(page, "the open account menu");
  await screenshot(page, "account-menu-laptop");
  await page.click("#sign-out");
  await page.waitForURL(BASE + "/");
  await page.waitForSelector("#sign-in-link");

  // A wrong password, in the server's words; then the right one.
  await submitAccountForm(page, "/sign-in", name, "not the password at all");
  await page.waitForFunction(() => document.querySelector("#sign-in-error")?.textContent);
  assert.equal(await page.textContent("#sign-in-error"), "That username and password do not match an account.");
  await noViolations(page, "sign-in with an error");
  await page.fill("#password", PASSWORD);
  await page.click("#sign-in-submit");
  await page.waitForSelector("#welcome");
  assert.equal(await page.textContent("#account-name"), name);

  // Another device (a fresh browser context, no tokens): the session opens the seat.
  const other = await newPage(browser);
  await submitAccountForm(other, "/sign-in", name, PASSWORD);
  await other.waitForSelector("#welcome");
  await other.goto(gameUrl);
  await other.waitForSelector("#board");
  await other.waitForSelector("#you.player"); // a player of the game, not a spectator
  assert.match(await other.textContent("#you"), /^You (play|move) /); // "You play Blue", "You move first"
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
  await other.context().close();
});

test("settings: change the password, delete the account; its seat shows a deleted player", async () => {
  const page = await newPage(browser);
  await page.goto(BASE + "/settings");
  await page.waitForSelector("main a[href='/sign-in']");
  const name = freshName("set");
  await submitAccountForm(page, "/sign-up", name, PASSWORD);
  await page.waitForSelector("#welcome");
  await createGame(page, "black-path", { seats: ["local", "computer:1"] });
  const gameUrl = page.url();

  await page.goto(BASE + "/settings");
  await page.waitForSelector("#change-password");
  await noViolations(page, "settings");
  await page.fill("#current-password", "not the password at all");
  await page.fill("#new-password", NEW_PASSWORD);
  await page.click("#change-password-submit");
  await page.waitForFunction(() => document.querySelector("#change-password-error")?.textContent);
  assert.equal(await page.textContent("#change-password-error"), "The current password is not right.");
  await page.fill("#current-password", PASSWORD);
  await page.click("#change-password-submit");
  await page.waitForFunction(() => document.querySelector("#password-changed")?.textContent);
  assert.match(await page.textContent("#password-changed"), /password is changed/);

  await page.fill("#delete-password", NEW_PASSWORD);
  await page.check("#delete-confirm");
  await page.click("#delete-account-submit");
  await page.waitForSelector("#deleted");
  await page.waitForSelector("#sign-in-link");
  await page.goto(gameUrl);
  await page.waitForSelector("#board");
  await page.waitForFunction(() => /a deleted player/.test(document.querySelector("#players li[data-seat='0']")?.textContent), null, { timeout: 10000 });
  assert.deepEqual(page.errors, []);
});

test("settings: where one is signed in; another browser signed out, then every other; one's data", async () => {
  const agents = {
    laptop: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    phone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    office: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  };
  const laptop = await newPage(browser, LAPTOP, { userAgent: agents.laptop });
  const phone = await newPage(browser, PHONE, { userAgent: agents.phone });
  const office = await newPage(browser, LAPTOP, { userAgent: agents.office });
  const name = freshName("ses");
  await submitAccountForm(laptop, "/sign-up", name, PASSWORD);
  await laptop.waitForSelector("#welcome");
  for (const page of [phone, office]) {
    await submitAccountForm(page, "/sign-in", name, PASSWORD);
    await page.waitForSelector("#welcome");
  }
  const lines = (page) => page.locator("#sessions li.session").evaluateAll((ls) => ls.map((l) => l.querySelector("strong").textContent + (l.querySelector(".badge") ? " (this)" : "")));
  await laptop.goto(BASE + "/settings");
  await laptop.waitForSelector("#sessions li.session");
  assert.deepEqual((await lines(laptop)).sort(), ["Chrome on Windows", "Firefox on Linux (this)", "Safari on iOS"]);
  await noViolations(laptop, "settings with sessions");
  await screenshot(laptop, "account-sessions-laptop", true);
  await phone.goto(BASE + "/settings");
  await phone.waitForSelector("#sessions li.session");
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "sessions fit a phone");
  await phone.locator("#sessions").scrollIntoViewIfNeeded();
  await screenshot(phone, "account-sessions-phone");

  // The phone is signed out from the laptop: its next page asks it to sign in.
  await laptop.click("button[aria-label='Sign out Safari on iOS']");
  await laptop.waitForFunction(() => document.querySelectorAll("#sessions li.session").length === 2);
  await phone.goto(BASE + "/settings");
  await phone.waitForSelector("main a[href='/sign-in']");
  // Everywhere else: the office is signed out, the laptop stays.
  await laptop.click("#sign-out-elsewhere");
  await laptop.waitForFunction(() => document.querySelectorAll("#sessions li.session").length === 1);
  assert.deepEqual(await lines(laptop), ["Firefox on Linux (this)"]);
  assert.match(await laptop.textContent("#sessions"), /signed in nowhere else/);
  await office.goto(BASE + "/settings");
  await office.waitForSelector("main a[href='/sign-in']");
  await laptop.reload();
  await laptop.waitForSelector("#sessions li.session");
  // One's data: a file named for the account, with its rows and no secret.
  const [download] = await Promise.all([laptop.waitForEvent("download"), laptop.click("#download-data")]);
  assert.equal(download.suggestedFilename(), `tafel-${name}.json`);
  const text = await (await import("node:fs/promises")).readFile(await download.path(), "utf8");
  const data = JSON.parse(text);
  assert.equal(data.tables.account[0].username, name);
  assert.equal(data.tables.sessions.length, 1);
  assert.doesNotMatch(text, /argon2|password_hash|id_hash/);
  for (const page of [laptop, phone, office]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

/** The code an authenticator app shows at `ms` for the base32 `secret` (RFC 6238: HMAC-SHA-1,
 * 30-second steps, six digits), as the test's own app. */
function totp(secret, ms) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret.replace(/[\s=]/g, "")].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0")).join("");
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[19] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1e6).padStart(6, "0");
}

test("two-step sign-in: set up from the settings, then a code and a recovery code at sign-in, then off", async () => {
  const laptop = await newPage(browser, LAPTOP);
  const phone = await newPage(browser, PHONE);
  const name = freshName("two");
  await submitAccountForm(laptop, "/sign-up", name, PASSWORD);
  await laptop.waitForSelector("#welcome");
  await submitAccountForm(phone, "/sign-in", name, PASSWORD);
  await phone.waitForSelector("#welcome");
  // Set up on the phone (to look at it there); the laptop sets up anew and turns it on.
  for (const page of [phone, laptop]) {
    await page.goto(BASE + "/settings");
    await page.fill("#second-factor-password", PASSWORD);
    await page.click("#second-factor-setup-submit");
    await page.waitForSelector("#second-factor-qr");
  }
  await phone.locator("#second-factor").scrollIntoViewIfNeeded();
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "the QR code fits a phone");
  await screenshot(phone, "account-second-factor-setup-phone");
  await noViolations(laptop, "two-step sign-in set up");
  await laptop.locator("#second-factor").scrollIntoViewIfNeeded();
  await screenshot(laptop, "account-second-factor-setup-laptop");
  const secret = (await laptop.textContent("#second-factor-secret")).replace(/\s/g, "");
  await laptop.fill("#second-factor-code", totp(secret, Date.now() - 10 * 60000));
  await laptop.click("#second-factor-on-submit");
  await laptop.waitForFunction(() => document.querySelector("#second-factor-on-error")?.textContent);
  assert.match(await laptop.textContent("#second-factor-on-error"), /code is not right/);
  await laptop.fill("#second-factor-code", totp(secret, Date.now()));
  await laptop.click("#second-factor-on-submit");
  await laptop.waitForSelector("#recovery-codes");
  const recovery = await laptop.locator("#recovery-codes li").allTextContents();
  assert.equal(recovery.length, 10);
  await screenshot(laptop, "account-second-factor-codes-laptop");
  await laptop.click("#recovery-codes-kept");
  await laptop.waitForSelector("#second-factor-off");
  assert.match(await laptop.textContent("#second-factor-state"), /10 recovery codes are left/);
  await noViolations(laptop, "two-step sign-in on");
  await laptop.evaluate(() => document.querySelector("#second-factor").scrollIntoView());
  await screenshot(laptop, "account-second-factor-on-laptop");
  // New recovery codes, with one of the first ten: the others are gone.
  await laptop.fill("#second-factor-off-password", PASSWORD);
  await laptop.fill("#second-factor-off-code", recovery[9]);
  await laptop.click("#new-recovery-codes");
  await laptop.waitForSelector("#recovery-codes");
  const renewed = await laptop.locator("#recovery-codes li").allTextContents();
  assert.equal(renewed.length, 10);
  assert.ok(renewed.every((code) => !recovery.includes(code)));
  recovery.splice(0, recovery.length, ...renewed);
  await laptop.click("#recovery-codes-kept");
  await laptop.waitForSelector("#second-factor-off");

  // Signing in asks for the code after the password; the next step's code signs in.
  const signIn = async (page, code) => {
    await submitAccountForm(page, "/sign-in", name, PASSWORD);
    await page.waitForSelector("#code", { state: "visible" });
    assert.match(await page.textContent("#sign-in-error"), /two steps/);
    await page.fill("#code", code);
    await page.click("#sign-in-submit");
    await page.waitForSelector("#welcome");
  };
  await phone.goto(BASE + "/sign-in");
  await phone.fill("#username", name);
  await phone.fill("#password", PASSWORD);
  await phone.click("#sign-in-submit");
  await phone.waitForSelector("#code", { state: "visible" });
  await noViolations(phone, "sign-in asking for a code");
  await screenshot(phone, "account-second-factor-sign-in-phone");
  await signIn(phone, totp(secret, Date.now() + 30000));
  const other = await newPage(browser, PHONE);
  await signIn(other, recovery[0]);

  // Off with the password and a recovery code; the password alone signs in again.
  await laptop.reload();
  await laptop.waitForSelector("#second-factor-off");
  assert.match(await laptop.textContent("#second-factor-state"), /9 recovery codes are left/);
  await laptop.fill("#second-factor-off-password", PASSWORD);
  await laptop.fill("#second-factor-off-code", recovery[1]);
  await laptop.click("#second-factor-off-submit");
  await laptop.waitForSelector("#second-factor-setup");
  await submitAccountForm(other, "/sign-in", name, PASSWORD);
  await other.waitForSelector("#welcome");
  for (const page of [laptop, phone, other]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("the account pages at laptop and phone size: axe-core clean, screenshots", async () => {
  for (const [size, viewport] of [["laptop", LAPTOP], ["phone", PHONE]]) {
    const page = await newPage(browser, viewport);
    await page.goto(BASE + "/sign-in");
    await page.waitForSelector("#sign-in");
    assert.equal(await page.getAttribute("#password", "autocomplete"), "current-password");
    assert.equal(await page.getAttribute("#username", "autocomplete"), "username");
    await noViolations(page, `sign-in (${size})`);
    await screenshot(page, `account-sign-in-${size}`);
    await page.goto(BASE + "/sign-up");
    await page.waitForSelector("#sign-up");
    assert.equal(await page.getAttribute("#password", "autocomplete"), "new-password");
    await page.fill("#username", "ab");
    await page.fill("#password", "a long walk on the beach");
    await page.click("#sign-up-submit");
    await page.waitForFunction(() => document.querySelector("#sign-up-error")?.textContent);
    assert.match(await page.textContent("#sign-up-error"), /3 to 20/);
    await noViolations(page, `sign-up (${size})`);
    await screenshot(page, `account-sign-up-${size}`);
    await submitAccountForm(page, "/sign-up", freshName("shot"), PASSWORD);
    await page.waitForSelector("#welcome");
    await page.goto(BASE + "/settings");
    await page.waitForSelector("#delete-account");
    await noViolations(page, `settings (${size})`);
    await screenshot(page, `account-settings-${size}`, true);
    // No part of the page is wider than the screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `settings fits (${size})`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("a forgotten password on a server without mail: the link from sign-in, the operator's word, a wrong link", async () => {
  for (const [size, viewport] of [["laptop", LAPTOP], ["phone", PHONE]]) {
    const page = await newPage(browser, viewport);
    await page.goto(BASE + "/sign-in");
    await page.click("#forgot-password");
    await page.waitForSelector("#reset-request");
    assert.equal(new URL(page.url()).pathname, "/reset-password");
    await page.fill("#who", "somebody");
    await page.click("#reset-request-submit");
    await page.waitForFunction(() => document.querySelector("#reset-request-error")?.textContent);
    // The e2e server runs without --smtp: the page says to ask its operator.
    assert.match(await page.textContent("#reset-request-error"), /sends no mail: ask its operator/);
    await noViolations(page, `reset request (${size})`);
    await screenshot(page, `account-reset-request-${size}`);
    // A link's token is taken out of the address bar at once; a wrong one is refused. (Opened
    // afresh, as from a mail: from the same page, a new fragment would not load it again.)
    await page.goto("about:blank");
    await page.goto(BASE + "/reset-password#token=0123456789abcdef0123456789abcdef");
    await page.waitForSelector("#new-password-form");
    assert.equal(new URL(page.url()).hash, "");
    await page.fill("#new-password", NEW_PASSWORD);
    await page.click("#new-password-form-submit");
    await page.waitForFunction(() => document.querySelector("#new-password-form-error")?.textContent);
    assert.match(await page.textContent("#new-password-form-error"), /used, expired or wrong/);
    await noViolations(page, `new password (${size})`);
    await screenshot(page, `account-reset-link-${size}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
