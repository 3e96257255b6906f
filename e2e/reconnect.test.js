// A lost connection: the game page says so in a banner, a click meanwhile gets an explanation
// instead of silence, and once the server is back the page reconnects by itself and play goes
// on. The test runs its own `tafel serve` (TAFEL_BIN, by default the release build) on a free
// port with a temporary database, and stops and restarts it.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { boardPly, cellsOf, launch, newPage, openNewGame, play, screenshot, waitForTurn } from "./lib.js";

const BIN = process.env.TAFEL_BIN || new URL("../target/release/tafel", import.meta.url).pathname;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A port nobody listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
}

/** Starts `tafel serve` and resolves once it says where it serves. */
function serve(port, database) {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ["serve", "--port", String(port), "--database", database], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(() => { child.kill(); reject(new Error(`tafel serve did not start: ${output}`)); }, 20000);
    const read = (chunk) => {
      output += chunk;
      if (/http:\/\/[0-9.:]+/.test(output)) { clearTimeout(timer); resolve(child); }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (status) => { clearTimeout(timer); reject(new Error(`tafel serve exited (${status}): ${output}`)); });
  });
}

/** Stops a server started by `serve` and waits for it to exit. */
function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

test("after a server restart the page reconnects by itself; meanwhile a banner says so", async () => {
  const dir = await mkdtemp(join(tmpdir(), "tafel-reconnect-"));
  const port = await freePort();
  const database = `sqlite://${dir}/tafel.db`;
  const base = `http://127.0.0.1:${port}`;
  let server = await serve(port, database);
  try {
    const page = await newPage(browser);
    await openNewGame(page, { game: "carreaux", seats: [{ kind: "local" }, { kind: "local" }] }, base);
    assert.equal(await waitForTurn(page), "move");
    assert.equal(await page.isVisible("#connection"), false);

    await stop(server);
    await page.waitForSelector("#connection", { state: "visible", timeout: 15000 });
    assert.match(await page.textContent("#connection"), /connection to the server is lost.*reconnecting/i);
    // A move tried meanwhile is explained next to the board, and the board stays playable.
    await page.click('#board .movable[data-cell="b6"]');
    await page.waitForSelector("#error:not(:empty)");
    assert.match(await page.textContent("#error"), /cannot be reached/);
    await screenshot(page, "connection-lost");

    server = await serve(port, database);
    await page.waitForSelector("#connection", { state: "hidden", timeout: 20000 });
    assert.equal(await page.textContent("#error"), "");
    assert.deepEqual(await cellsOf(page, "movable"), ["a5", "b6"]);
    await play(page, ["b6"]);
    assert.equal(await boardPly(page), 1);
    assert.deepEqual(page.errors, []);
  } finally {
    await stop(server);
    await rm(dir, { recursive: true, force: true });
  }
});
