// Puzzles (docs/learn.md): the games' list at "/puzzles" with the daily puzzle, and a game's
// puzzles at "/puzzles/<game>" (one by id with "?id="): the puzzle's position on the game's real
// board (web/boards/playable.js), "Your move"; each move sent to the server, which judges it
// (POST /api/puzzles/<id>/moves) and answers the opponent's reply or the verdict: "Correct" or
// "Wrong" with the right answer shown on the board, and the player's and the puzzle's rating
// changes; then the next puzzle, near the player's rating. Without an account the browser
// keeps a random id of its own, so that its attempts are kept (unrated) and its next puzzle is
// one it has not tried.

import { drawPlayable, readPosition } from "../boards/playable.js";
import { namedByOrder, sideName, t, tn } from "../i18n.js";
import { api, el, fill } from "../ui.js";

/** @typedef {import("../analysis/engine.js").Position} Position */

/** A puzzle as the server poses it (`PuzzleView`).
 * @typedef {{ id: string, game: string, settings: [string, string][], code: string, side: string,
 *   moves: number, themes: string[], rating: number, plays: number, source_game: string | null }} Puzzle */

/** A rating before and after an attempt.
 * @typedef {{ before: number, after: number }} Change */

/** The server's answer to the moves of an attempt (`AttemptView`).
 * @typedef {{ state: "reply" | "solved" | "failed", reply: string | null, solution: string[] | null,
 *   attempt: number | null, rating: Change | null, puzzle_rating: Change | null }} Verdict */

/** Where this browser keeps its own random id. */
const BROWSER_KEY = "tafel:browser";

/** This browser's own random id (made once). */
function browserId() {
  let id = localStorage.getItem(BROWSER_KEY);
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(BROWSER_KEY, id);
  }
  return id;
}

/** The generator's themes (docs/learn.md, "Themes") in words; a theme not named here is shown
 * as it is. Functions, so that each is translated when shown. */
const THEME_WORDS = {
  race: () => t("a race"),
  capture: () => t("a capture"),
  "own-capture": () => t("a capture of one's own piece"),
  "multi-capture": () => t("a multiple capture"),
  promotion: () => t("a promotion"),
  quiet: () => t("a quiet move"),
  block: () => t("a block"),
  sowing: () => t("a sowing"),
  sacrifice: () => t("a sacrifice"),
  straight: () => t("a straight tile"),
  turn: () => t("a turning tile"),
  follow: () => t("a path that runs on"),
  "own-tile": () => t("a tile of one's own colour"),
  "opponent-tile": () => t("a tile of the opponent's colour"),
  "green-tile": () => t("a green tile"),
  finish: () => t("a winning move"),
  combination: () => t("a combination"),
  defence: () => t("a defence"),
};

/** A puzzle's themes in words: "Themes: a capture, a promotion" (nothing without themes).
 * @param {string[]} themes */
export function themeWords(themes) {
  const words = themes.map((theme) => Object.hasOwn(THEME_WORDS, theme) ? THEME_WORDS[/** @type {keyof typeof THEME_WORDS} */ (theme)]() : theme);
  return words.length ? t("Themes: {themes}", { themes: words.join(", ") }) : "";
}

/** A change in words: "1500 → 1562 (+62)".
 * @param {Change} change */
const changeWords = ({ before, after }) => `${before} → ${after} (${after >= before ? "+" : "−"}${Math.abs(after - before)})`;

/** Draws the games' puzzles and the daily puzzle into `app`.
 * @param {HTMLElement} app */
export async function puzzlesPage(app) {
  const [catalog, listed, daily] = await Promise.all([api("/api/catalog"), api("/api/puzzles"), api("/api/puzzles/daily").catch(() => null)]);
  /** @type {Map<string, { puzzles: number, rating: { rating: number } | null }>} */
  const byGame = new Map(listed.games.map((/** @type {any} */ g) => [g.game, g]));
  document.title = t("Puzzles · Tafel");
  app.replaceChildren(el("div", { class: "learn-index puzzles-index" },
    el("h1", {}, t("Puzzles")),
    el("p", { class: "help" }, t("Positions where one move is clearly best: find it. Your rating rises with every puzzle solved at the first attempt.")),
    daily ? dailyCard(catalog, daily) : "",
    el("ul", { class: "learn-courses", id: "puzzle-games" }, catalog.games.map((/** @type {any} */ game) => {
      const mine = byGame.get(game.name);
      const count = mine?.puzzles ?? 0;
      return el("li", { class: "card learn-course", "data-game": game.name },
        el("h2", {}, count ? el("a", { href: `/puzzles/${game.name}` }, game.title) : game.title),
        el("p", {}, tn(count, "{n} puzzle", "{n} puzzles")),
        mine?.rating ? el("p", { class: "puzzle-rating" }, t("Your puzzle rating: {rating}", { rating: mine.rating.rating })) : "",
        count ? el("a", { class: "button", href: `/puzzles/${game.name}`, "aria-label": `${t("Solve puzzles")}: ${game.title}` }, t("Solve puzzles")) : "");
    }))));
}

/** The daily puzzle's card: its game and rating, and the way to it.
 * @param {{ games: { name: string, title: string }[] }} catalog
 * @param {{ day: string, puzzle: Puzzle }} daily */
export function dailyCard(catalog, daily) {
  const { puzzle } = daily;
  const title = catalog.games.find((g) => g.name === puzzle.game)?.title ?? puzzle.game;
  return el("section", { class: "card daily-puzzle", id: "daily-puzzle", "aria-labelledby": "daily-title" },
    el("h2", { id: "daily-title" }, t("Daily puzzle")),
    el("p", {}, t("{game}, rated {rating}", { game: title, rating: puzzle.rating })),
    el("a", { class: "button", id: "daily-link", href: `/puzzles/${puzzle.game}?id=${encodeURIComponent(puzzle.id)}` }, t("Solve it")));
}

/** The page's state: the game, its board module, who plays, the puzzle shown, its start, the
 * line played so far (moves and replies) and the player's moves, the page's lasting parts.
 * @typedef {object} Session
 * @property {string} game
 * @property {import("../boards/common.js").BoardModule} board
 * @property {boolean} signedIn
 * @property {Puzzle | null} puzzle
 * @property {Position | null} start
 * @property {string[]} line
 * @property {string[]} mine
 * @property {ReturnType<typeof parts>} ui */

/** Draws the puzzles of `game` into `app`: the one named by `?id=`, else the next.
 * @param {HTMLElement} app
 * @param {string} game */
export async function puzzlePage(app, game) {
  const [catalog, board, listed] = await Promise.all([api("/api/catalog"), import(`../boards/${game}.js`), api("/api/puzzles")]);
  const title = catalog.games.find((/** @type {any} */ g) => g.name === game)?.title ?? game;
  document.title = t("{game} puzzles · Tafel", { game: title });
  const account = await api("/api/account").catch(() => null);
  /** @type {Session} */
  const session = { game, board, signedIn: account !== null, puzzle: null, start: null, line: [], mine: [], ui: parts() };
  const rating = listed.games.find((/** @type {any} */ g) => g.game === game)?.rating;
  showMyRating(session, rating?.rating ?? null);
  app.replaceChildren(el("div", { class: "learn-page puzzle-page" },
    el("div", { class: "game-head" },
      el("h1", {}, t("{game} puzzles", { game: title })),
      el("nav", { class: "game-links", "aria-label": t("Puzzles") },
        el("a", { href: "/puzzles", id: "all-puzzles" }, t("All puzzles")), " · ",
        el("a", { href: `/rules/${game}` }, t("The rules")), " · ",
        el("a", { href: "/" }, t("Lobby")))),
    el("div", { class: "game-layout learn-layout" },
      el("div", { class: "status-area" }, session.ui.mine),
      session.ui.boardArea,
      el("section", { class: "side learn-side", "aria-labelledby": "puzzle-title" }, ...Object.values(session.ui).filter((n) => n !== session.ui.boardArea && n !== session.ui.mine)))));
  await load(session, new URLSearchParams(location.search).get("id"));
}

/** The page's lasting elements. */
function parts() {
  return {
    mine: el("p", { class: "puzzle-rating", id: "my-rating" }),
    boardArea: el("div", { class: "board-area", id: "puzzle-board" }),
    title: el("h2", { id: "puzzle-title", tabindex: "-1" }),
    about: el("p", { class: "help", id: "puzzle-about" }),
    side: el("p", { class: "help", id: "puzzle-side" }),
    extra: el("div", { class: "board-extra", id: "puzzle-extra" }),
    task: el("p", { class: "status learn-task", id: "puzzle-task" }),
    boardless: el("div", { class: "controls", id: "puzzle-boardless" }),
    feedback: el("p", { class: "learn-feedback", id: "puzzle-feedback", role: "status", "aria-live": "polite" }),
    answer: el("p", { id: "puzzle-answer" }),
    themes: el("p", { class: "help", id: "puzzle-themes" }),
    origin: el("p", { class: "help", id: "puzzle-origin" }),
    changes: el("div", { id: "rating-changes" }),
    controls: el("div", { class: "controls", id: "puzzle-controls" }),
  };
}

/** Shows the player's puzzle rating in this game (none yet, or no account).
 * @param {Session} session
 * @param {number | null} rating */
function showMyRating(session, rating) {
  const { mine } = session.ui;
  mine.dataset.rating = rating === null ? "" : String(rating);
  fill(mine, !session.signedIn ? t("Sign in to get a puzzle rating.")
    : rating === null ? t("Your puzzle rating: not yet rated") : t("Your puzzle rating: {rating}", { rating }));
}

/** Loads puzzle `id` (none: the next for the player) and shows it, playable.
 * @param {Session} session
 * @param {string | null} id */
async function load(session, id) {
  const { ui, game } = session;
  fill(ui.feedback);
  ui.feedback.className = "learn-feedback";
  fill(ui.answer);
  fill(ui.themes);
  fill(ui.origin);
  fill(ui.changes);
  fill(ui.controls);
  let puzzle;
  try {
    puzzle = id ? await api(`/api/puzzles/${encodeURIComponent(id)}`)
      : await api(`/api/puzzles/next/${game}${session.signedIn ? "" : `?browser=${browserId()}`}`);
  } catch (e) {
    fill(ui.title, t("No puzzle"));
    fill(ui.task, e.message);
    ui.boardArea.replaceChildren();
    return;
  }
  Object.assign(session, { puzzle, line: [], mine: [] });
  fill(ui.title, t("Puzzle {id}", { id: puzzle.id }));
  fill(ui.about, t("Rated {rating}, played {plays} times", { rating: puzzle.rating, plays: puzzle.plays }));
  fill(ui.side, namedByOrder(puzzle.side)
    ? (puzzle.side === "first player" ? t("You move first") : t("You move second"))
    : t("You play {side}.", { side: sideName(puzzle.side) }));
  session.start = await readPosition(game, Object.fromEntries(puzzle.settings), puzzle.code, []);
  await show(session, null, true);
}

/** Shows the position after the line played so far, with `last` marked; playable if asked.
 * @param {Session} session
 * @param {import("../boards/playable.js").Reached | null} last
 * @param {boolean} playable */
async function show(session, last, playable) {
  const { ui } = session;
  const puzzle = /** @type {Puzzle} */ (session.puzzle);
  const position = await readPosition(session.game, Object.fromEntries(puzzle.settings), puzzle.code, session.line);
  fill(ui.task, playable ? t("Your move") : "");
  drawPlayable({ area: ui.boardArea, extra: ui.extra, boardless: ui.boardless },
    { game: session.game, board: session.board, position, last, onMove: playable ? (move) => play(session, move, position) : null });
}

/** Plays `move` in `position` (the line's end): the server judges it; the reply is played, or
 * the verdict shown.
 * @param {Session} session
 * @param {string} move
 * @param {Position} position */
async function play(session, move, position) {
  const { ui } = session;
  const puzzle = /** @type {Puzzle} */ (session.puzzle);
  const solver = position.status.seat ?? 0;
  /** @type {Verdict} */
  let verdict;
  try {
    verdict = await api(`/api/puzzles/${encodeURIComponent(puzzle.id)}/moves`, { method: "POST",
      body: JSON.stringify({ moves: [...session.mine, move], ...(session.signedIn ? {} : { browser: browserId() }) }) });
  } catch (e) {
    ui.feedback.className = "learn-feedback error";
    fill(ui.feedback, e.message);
    return;
  }
  session.mine.push(move);
  if (verdict.state === "reply" && verdict.reply) {
    const played = await readPosition(session.game, Object.fromEntries(puzzle.settings), puzzle.code, [...session.line, move]);
    session.line.push(move, verdict.reply);
    ui.feedback.className = "learn-feedback praise";
    fill(ui.feedback, t("Correct! Now the reply: keep going."));
    await show(session, { text: verdict.reply, seat: played.status.seat ?? 1 - solver, before: played.code }, true);
    return;
  }
  const solution = verdict.solution ?? [];
  const solved = verdict.state === "solved";
  // Solved, the board shows the winning move; failed, the right one in its place.
  const upTo = solved ? [...session.line, move] : solution.slice(0, session.line.length + 1);
  const right = /** @type {string} */ (upTo.pop());
  session.line = upTo;
  const before = await readPosition(session.game, Object.fromEntries(puzzle.settings), puzzle.code, upTo);
  session.line = [...upTo, right];
  await show(session, { text: right, seat: solver, before: before.code }, false);
  ui.feedback.className = `learn-feedback ${solved ? "praise" : "wrong"}`;
  fill(ui.feedback, solved ? t("Correct! Puzzle solved.") : t("Wrong: that was not the best move."));
  fill(ui.answer, t("The solution: {moves}", { moves: solution.join(", ") }));
  ui.answer.className = solved ? "" : "puzzle-solution";
  fill(ui.themes, themeWords(puzzle.themes));
  fill(ui.origin, puzzle.source_game ? el("a", { href: `/game/${encodeURIComponent(puzzle.source_game)}` }, t("The game it comes from")) : "");
  showChanges(session, verdict);
  fill(ui.controls, el("button", { type: "button", id: "next-puzzle", onclick: () => {
    history.replaceState(null, "", `/puzzles/${session.game}`);
    load(session, null).then(() => ui.title.focus());
  } }, t("Next puzzle")));
  document.getElementById("next-puzzle")?.scrollIntoView({ block: "nearest" });
}

/** Shows what the attempt did to the ratings.
 * @param {Session} session
 * @param {Verdict} verdict */
function showChanges(session, verdict) {
  const { ui } = session;
  if (verdict.rating && verdict.puzzle_rating) {
    fill(ui.changes,
      el("p", { id: "my-rating-change", "data-before": verdict.rating.before, "data-after": verdict.rating.after },
        t("Your rating: {change}", { change: changeWords(verdict.rating) })),
      el("p", { id: "puzzle-rating-change", "data-before": verdict.puzzle_rating.before, "data-after": verdict.puzzle_rating.after },
        t("The puzzle's rating: {change}", { change: changeWords(verdict.puzzle_rating) })));
    showMyRating(session, verdict.rating.after);
  } else {
    fill(ui.changes, el("p", { class: "help", id: "unrated" }, session.signedIn
      ? t("Only your first attempt at a puzzle changes the ratings.")
      : t("Attempts without an account change no rating.")));
  }
}
