// Every step of every tutorial (web/learn/courses/<game>.json, docs/learn.md) checked against
// the running server, with the page's own judge of tasks (web/learn/tasks.js): a course for
// each game, of 4 to 7 steps, each step with its words, a position code the game reads as legal
// under the step's settings with somebody to move, and a task of a known kind that at least one
// legal move does (every legal move is tried); a `moves` task names only legal moves. So a
// course broken by a change of a game's rules or codes fails here. (Every text's German:
// i18n.test.js.)

import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { test } from "node:test";
import { KINDS, taskDone } from "../web/learn/tasks.js";
import { BASE } from "./lib.js";

const COURSES = new URL("../web/learn/courses/", import.meta.url);

/** The words every step has. */
const WORDS = ["title", "text", "task", "hint", "praise"];

/** The server's reading of `code` of `game` under `settings` after `moves`, or its refusal.
 * @returns {Promise<{ ok: boolean, body: any }>} */
async function read(game, settings, code, moves = []) {
  const response = await fetch(`${BASE}/api/positions`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game, settings, code, moves }) });
  return { ok: response.ok, body: await response.json() };
}

/** Every course file, read. */
async function courses() {
  const files = (await readdir(COURSES)).filter((f) => f.endsWith(".json")).sort();
  return Promise.all(files.map(async (file) => ({ file, course: JSON.parse(await readFile(new URL(file, COURSES), "utf8")) })));
}

test("every game has a course of 4 to 7 steps, and no course names a game there is not", async () => {
  const catalog = await (await fetch(`${BASE}/api/catalog`)).json();
  const games = catalog.games.map((g) => g.name).sort();
  const found = await courses();
  assert.deepEqual(found.map(({ file }) => file.replace(/\.json$/, "")), games);
  for (const { file, course } of found) {
    assert.equal(`${course.game}.json`, file);
    assert.ok(course.steps.length >= 4 && course.steps.length <= 7, `${file}: ${course.steps.length} steps`);
  }
});

test("every step's position is legal with somebody to move, and its task is done by some legal move", async () => {
  let steps = 0;
  for (const { file, course } of await courses()) {
    for (const [i, step] of course.steps.entries()) {
      const where = `${file}, step ${i + 1}`;
      for (const key of WORDS) assert.ok(typeof step[key] === "string" && step[key].trim(), `${where}: no ${key}`);
      assert.ok(step.wrong === undefined || (typeof step.wrong === "string" && step.wrong.trim()), `${where}: wrong`);
      assert.equal(typeof step.settings, "object", `${where}: settings`);
      assert.ok(KINDS.includes(step.check?.kind), `${where}: the task's kind ${step.check?.kind}`);
      const start = await read(course.game, step.settings, step.code);
      assert.ok(start.ok, `${where}: the code is refused: ${start.body.error}`);
      assert.equal(start.body.status.state, "to_move", `${where}: nobody is to move`);
      const { legal } = start.body;
      if (step.check.kind === "moves") {
        for (const move of step.check.moves) assert.ok(legal.includes(move), `${where}: ${move} is not legal (${legal.join(" ")})`);
      }
      const ask = async (moves) => {
        const answer = await read(course.game, step.settings, step.code, moves);
        assert.ok(answer.ok, `${where}: ${moves.join(" ")}: ${answer.body.error}`);
        return answer.body;
      };
      const doing = [];
      for (const move of legal) if (await taskDone(step.check, start.body, move, await ask([move]), ask)) doing.push(move);
      assert.ok(doing.length > 0, `${where}: no legal move does the task (${legal.join(" ")})`);
      steps++;
    }
  }
  assert.ok(steps >= 24, `only ${steps} steps checked`);
});

test("the judge of tasks: each kind on positions the server reads", async () => {
  // EinStein, White to move with a 1 next to Black's corner (the course's "Reach the corner").
  const code = "w1:..b2../.w1.../b3..../...b1./....w6";
  const ask = async (moves) => (await read("einstein", {}, code, moves)).body;
  const start = await ask([]);
  const won = await ask(["b4-a5"]);
  const on = await ask(["b4-a4"]);
  const judge = (check, move, after) => taskDone(check, start, move, after, ask);
  assert.equal(await judge({ kind: "wins" }, "b4-a5", won), true);
  assert.equal(await judge({ kind: "wins" }, "b4-a4", on), false);
  assert.equal(await judge({ kind: "safe" }, "b4-a4", on), true);
  assert.equal(await judge({ kind: "moves", moves: ["b4-a5"] }, "b4-a4", on), false);
  assert.equal(await judge({ kind: "fewer", pattern: "b[1-6]" }, "b4-a4", on), false);
  assert.equal(await judge({ kind: "matches", pattern: "^b:" }, "b4-a4", on), true);
  assert.equal(await judge({ kind: "forces" }, "b4-a5", won), true);
  assert.equal(await judge({ kind: "no such kind" }, "b4-a5", won), false);
});
