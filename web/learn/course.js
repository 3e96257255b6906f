// A game's tutorial at "/learn/<game>" (docs/learn.md): its course (web/learn/courses/<game>.json)
// step by step on the game's own board (web/boards/<game>.js): each step's idea in words, its
// position read by the server and playable by clicks on exactly the legal moves it gives
// (web/boards/playable.js); the move played is judged by the step's
// task on the server's reading of the position reached (web/learn/tasks.js). A task done shows
// its praise, records the step (web/learn/progress.js) and offers the next; a wrong move is
// explained and the position put back; a hint on request.

import { drawPlayable, readPosition } from "../boards/playable.js";
import { courseText, namedByOrder, sideName, t } from "../i18n.js";
import { api, el, fill } from "../ui.js";
import { loadCourse, mergedProgress, recordSteps } from "./progress.js";
import { taskDone } from "./tasks.js";

/** @typedef {import("../analysis/engine.js").Position} Position */

/** A step of a course, as its file has it (docs/learn.md).
 * @typedef {object} Step
 * @property {string} title
 * @property {string} text the idea, in a few sentences
 * @property {string} task what to do, as the learner reads it
 * @property {Record<string, string>} settings the game's settings (the defaults for those not named)
 * @property {string} code the position, in the game's code under those settings
 * @property {import("./tasks.js").Task} check the task as the server's answer is judged by
 * @property {string} hint
 * @property {string} praise
 * @property {string} [wrong] what a wrong move is told (else a word for every step) */

/** The page's state: the game, its board module and course, the steps done, the step shown
 * and its position as the server read it, the page's lasting elements.
 * @typedef {object} Lesson
 * @property {string} game
 * @property {import("../boards/common.js").BoardModule} board
 * @property {Step[]} steps
 * @property {number} done steps done, from the first
 * @property {number} at the step shown
 * @property {Position | null} start
 * @property {ReturnType<typeof parts>} ui */

/** Draws the tutorial of `game` into `app`.
 * @param {HTMLElement} app
 * @param {string} game */
export async function coursePage(app, game) {
  /** @type {[{ games: import("../ui.js").CatalogGame[] }, import("./progress.js").Course, import("../boards/common.js").BoardModule, import("./progress.js").Progress]} */
  const [catalog, course, board, progress] = await Promise.all([
    api("/api/catalog"), loadCourse(game), import(`../boards/${game}.js`), mergedProgress()]);
  const title = catalog.games.find((g) => g.name === game)?.title ?? game;
  document.title = t("Learn {game} · Tafel", { game: title });
  const done = Math.min(progress[game] ?? 0, course.steps.length);
  /** @type {Lesson} */
  const lesson = { game, board, steps: course.steps, done, at: done < course.steps.length ? done : 0, start: null, ui: parts() };
  app.replaceChildren(layout(lesson, title));
  await showStep(lesson, lesson.at);
}

/** The page's lasting elements. */
function parts() {
  return {
    steps: el("ol", { class: "learn-steps", id: "learn-steps" }),
    boardArea: el("div", { class: "board-area", id: "learn-board" }),
    title: el("h2", { id: "step-title", tabindex: "-1" }),
    text: el("p", { class: "step-text", id: "step-text" }),
    side: el("p", { class: "help", id: "step-side" }),
    task: el("p", { class: "status learn-task", id: "step-task" }),
    feedback: el("p", { class: "learn-feedback", id: "feedback", role: "status", "aria-live": "polite" }),
    hint: el("p", { class: "learn-hint", id: "hint", hidden: true }),
    extra: el("div", { class: "board-extra", id: "learn-extra" }),
    boardless: el("div", { class: "controls", id: "learn-boardless" }),
    controls: el("div", { class: "controls", id: "learn-controls" }),
  };
}

/** The frame: the title and links, the steps, the board, and beside it (under it on a phone)
 * the step's words, task, feedback and buttons.
 * @param {Lesson} lesson
 * @param {string} title */
function layout(lesson, title) {
  const { ui, game } = lesson;
  return el("div", { class: "learn-page" },
    el("div", { class: "game-head" },
      el("h1", {}, t("Learn {game}", { game: title })),
      el("nav", { class: "game-links", "aria-label": t("Tutorials") },
        el("a", { href: "/learn", id: "all-courses" }, t("All courses")), " · ",
        el("a", { href: `/rules/${game}` }, t("The rules")), " · ",
        el("a", { href: "/" }, t("Lobby")))),
    el("div", { class: "game-layout learn-layout" },
      el("nav", { class: "status-area", "aria-label": t("Steps") }, ui.steps),
      ui.boardArea,
      el("section", { class: "side learn-side", "aria-labelledby": "step-title" },
        ui.title, ui.text, ui.side, ui.extra, ui.task, ui.boardless, ui.feedback, ui.hint, ui.controls)));
}

/** The steps as buttons: those done and the next one open, the one shown marked.
 * @param {Lesson} lesson */
function drawSteps(lesson) {
  fill(lesson.ui.steps, lesson.steps.map((step, i) => {
    const done = i < lesson.done;
    const label = done ? t("Step {n}: {title} (done)", { n: i + 1, title: courseText(step.title) })
      : t("Step {n}: {title}", { n: i + 1, title: courseText(step.title) });
    return el("li", {}, el("button", { type: "button", class: `secondary learn-step${done ? " done" : ""}`, "data-step": i,
      "aria-current": i === lesson.at ? "step" : null, "aria-label": label, disabled: i > lesson.done,
      onclick: () => showStep(lesson, i) }, done ? `✓ ${i + 1}` : String(i + 1)));
  }));
}

/** Reads the step's position after `moves` (none: the step's own), as the server reads it.
 * @param {Lesson} lesson
 * @param {Step} step
 * @param {string[]} moves
 * @returns {Promise<Position>} */
const positionOf = (lesson, step, moves) => readPosition(lesson.game, step.settings, step.code, moves);

/** Shows step `i`: its words, and its position on the board, playable.
 * @param {Lesson} lesson
 * @param {number} i */
async function showStep(lesson, i) {
  const { ui } = lesson;
  const step = lesson.steps[i];
  lesson.at = i;
  drawSteps(lesson);
  fill(ui.title, t("Step {n} of {count}: {title}", { n: i + 1, count: lesson.steps.length, title: courseText(step.title) }));
  fill(ui.text, courseText(step.text));
  fill(ui.task, courseText(step.task));
  fill(ui.feedback);
  ui.feedback.className = "learn-feedback";
  fill(ui.hint, courseText(step.hint));
  ui.hint.hidden = true;
  fill(ui.controls, el("button", { type: "button", class: "secondary", id: "show-hint", onclick: () => { ui.hint.hidden = false; } }, t("Hint")));
  lesson.start = await positionOf(lesson, step, []);
  const { status } = lesson.start;
  if (status.state !== "to_move") fill(ui.side);
  else if (!namedByOrder(status.name)) fill(ui.side, t("You play {side}.", { side: sideName(status.name) }));
  else fill(ui.side, status.name === "first player" ? t("You move first") : t("You move second"));
  drawPosition(lesson, lesson.start, null);
}

/** Draws `position` on the board: playable when it is the step's own position, else with the
 * move that reached it (`last`) marked.
 * @param {Lesson} lesson
 * @param {Position} position
 * @param {string | null} last */
function drawPosition(lesson, position, last) {
  const { ui } = lesson;
  const start = /** @type {Position} */ (lesson.start);
  const reached = last && start.status.seat !== undefined ? { text: last, seat: start.status.seat, before: start.code } : null;
  drawPlayable({ area: ui.boardArea, extra: ui.extra, boardless: ui.boardless },
    { game: lesson.game, board: lesson.board, position, last: reached, onMove: last ? null : (move) => tryMove(lesson, move) });
}

/** Plays `move` in the step's position: the task judged on the server's reading of the position
 * reached; done, the step is recorded and the next offered; not done, the position is put back
 * with a word on why.
 * @param {Lesson} lesson
 * @param {string} move */
async function tryMove(lesson, move) {
  const { ui } = lesson;
  const step = lesson.steps[lesson.at];
  const start = /** @type {Position} */ (lesson.start);
  const ask = (/** @type {string[]} */ moves) => positionOf(lesson, step, moves);
  const at = lesson.at;
  let after;
  let done;
  try {
    after = await ask([move]);
    done = await taskDone(step.check, start, move, after, ask);
    if (lesson.at !== at || lesson.start !== start) return; // another step was opened meanwhile
  } catch (e) {
    ui.feedback.className = "learn-feedback error";
    fill(ui.feedback, e.message);
    return;
  }
  if (!done) {
    ui.feedback.className = "learn-feedback wrong";
    fill(ui.feedback, step.wrong ? courseText(step.wrong) : t("Not this one: that move does not do the task. The position is back; try again."));
    drawPosition(lesson, start, null);
    return;
  }
  drawPosition(lesson, after, move);
  ui.feedback.className = "learn-feedback praise";
  fill(ui.feedback, courseText(step.praise));
  const reached = lesson.at + 1;
  if (reached > lesson.done) {
    lesson.done = reached;
    drawSteps(lesson);
    await recordSteps(lesson.game, reached);
  }
  const again = el("button", { type: "button", class: "secondary", id: "step-again", onclick: () => showStep(lesson, lesson.at) }, t("Try this step again"));
  const last = lesson.at + 1 >= lesson.steps.length;
  fill(ui.controls, last
    ? [el("p", { class: "banner won", id: "course-done" }, t("Course complete! You know the rules: now play a game.")),
      el("a", { class: "button", href: "/", id: "play-now" }, t("Play a game")), " ",
      el("a", { class: "button secondary", href: "/learn" }, t("All courses")), " ", again]
    : [el("button", { type: "button", id: "next-step", onclick: () => showStep(lesson, lesson.at + 1).then(() => ui.title.focus()) }, t("Next step")), " ", again]);
  (document.getElementById("next-step") ?? document.getElementById("course-done"))?.scrollIntoView({ block: "nearest" });
}
