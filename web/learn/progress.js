// The tutorials' progress (docs/learn.md): the steps done of each game's course, kept in this
// browser's localStorage for everyone and, for a signed-in account, on the server too
// (GET /api/learn/progress, PUT /api/learn/progress/{game}). The server keeps the larger of
// what it has and what is sent, so sending this browser's progress merges it into the
// account's (on the first page of the tutorials after signing in, and after every step).

import { whoAmI } from "../account/header.js";
import { api, request } from "../ui.js";

const KEY = "tafel:learn";

/** Steps done, by game name.
 * @typedef {Record<string, number>} Progress */

/** This browser's progress.
 * @returns {Progress} */
export function localProgress() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "{}");
    return stored && typeof stored === "object" ? stored : {};
  } catch {
    return {};
  }
}

/** Keeps `steps` done of `game` in this browser, unless it has more already.
 * @param {string} game
 * @param {number} steps */
function keepLocally(game, steps) {
  const progress = localProgress();
  if ((progress[game] ?? 0) >= steps) return;
  localStorage.setItem(KEY, JSON.stringify({ ...progress, [game]: steps }));
}

/** The progress of this browser merged with the signed-in account's, if one is signed in:
 * each game's larger count, kept here and sent to the account where the browser had more.
 * @returns {Promise<Progress>} */
export async function mergedProgress() {
  const mine = localProgress();
  if (!(await whoAmI())) return mine;
  const answer = await request("/api/learn/progress").catch(() => null);
  if (!answer?.ok) return mine;
  /** @type {{ progress: Progress }} */
  const { progress: theirs } = await answer.json();
  for (const [game, steps] of Object.entries(theirs)) keepLocally(game, steps);
  await Promise.all(Object.entries(mine).filter(([game, steps]) => steps > (theirs[game] ?? 0))
    .map(([game, steps]) => sendSteps(game, steps)));
  return localProgress();
}

/** Sends `steps` done of `game` to the signed-in account (nothing when nobody is signed in).
 * @param {string} game
 * @param {number} steps */
async function sendSteps(game, steps) {
  if (!(await whoAmI())) return;
  const answer = await request(`/api/learn/progress/${encodeURIComponent(game)}`, { method: "PUT", body: JSON.stringify({ steps }) }).catch(() => null);
  if (answer && !answer.ok && answer.status !== 401) console.error(`the progress was not kept: ${answer.status}`);
}

/** Records that `steps` steps of `game`'s course are done: here, and for the account.
 * @param {string} game
 * @param {number} steps */
export async function recordSteps(game, steps) {
  keepLocally(game, steps);
  await sendSteps(game, steps);
}

/** A game's course (web/learn/courses/<game>.json; docs/learn.md says how one is written).
 * @typedef {{ game: string, steps: import("./course.js").Step[] }} Course */

/** Loads `game`'s course.
 * @param {string} game
 * @returns {Promise<Course>} */
export const loadCourse = (game) => api(`/assets/learn/courses/${game}.json`);
