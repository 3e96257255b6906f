// The analysis on the game page (docs/analysis.md): fetching the review of the moves played
// (after the game by itself, or on a spectator's request during it), the panel meanwhile, the
// best move of the position shown drawn on the board, and the hint (the best move on request,
// where hints were turned on before a game against the computer).

import { api, el, errorWords, request, responseBody, seatHeaders } from "../ui.js";
import { analysisPanel, capital, chanceWords, drawBestMove, marksByPly, reviewAt } from "./review-panel.js";
import { boardIntoView } from "./board-view.js";
import { showPly } from "./move-list.js";
import { describe } from "./state.js";
import { sideName, t, tn } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/**
 * Fetches the analysis of game `id`, asking again while the server computes it; `progress`
 * is told the server's `{done, total}` meanwhile. `tokens` are the seats' secrets this browser
 * holds (the server refuses players during a game). Resolves to the review.
 * @param {string} id
 * @param {string[]} tokens
 * @param {(progress: { done: number, total: number }) => void} progress
 * @returns {Promise<import("./review-panel.js").Review>}
 */
async function fetchAnalysis(id, tokens, progress) {
  for (;;) {
    let response;
    try {
      response = await request(`/api/games/${id}/analysis`, { headers: seatHeaders(tokens) });
    } catch {
      throw new Error(t("The server cannot be reached."));
    }
    const body = await responseBody(response);
    if (response.status === 200) return body;
    if (response.status !== 202) throw new Error(errorWords(response, body));
    progress(body);
    const wait = Number(response.headers.get("retry-after")) || 1;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/** Whether this browser may see the analysis: after the game, or as a spectator.
 * @param {Game} game */
const mayAnalyse = ({ view, seats }) => view.status.state === "over" || seats.all().length === 0;

/** Whether the review covers every move played.
 * @param {Game} game */
const reviewed = (game) => game.reviewedMoves === game.view.moves.length;

/** Fetches the analysis of the moves played so far (the server computes it once).
 * @param {Game} game */
async function analyse(game) {
  if (game.analysing || !mayAnalyse(game)) return;
  game.analysing = true;
  game.reviewedMoves = game.view.moves.length;
  game.analysisNote = t("Analysing the game…");
  game.render({ animate: false });
  try {
    game.review = await fetchAnalysis(game.id, game.seats.all(), ({ done, total }) => {
      game.analysisNote = total ? tn(total, "Analysing the game: {done} of {n} move…", "Analysing the game: {done} of {n} moves…", { done }) : t("Analysing the game…");
      const note = document.getElementById("analysis-note");
      if (note) note.textContent = game.analysisNote;
    });
    game.analysisNote = "";
  } catch (e) {
    game.analysisNote = t("No analysis: {reason}", { reason: e.message });
  } finally {
    game.analysing = false;
    game.render({ animate: false });
  }
}

/** A finished game's analysis comes by itself (computed once on the server).
 * @param {Game} game */
export function analyseFinishedGame(game) {
  if (game.view.status.state === "over" && !game.analysing && !reviewed(game)) analyse(game);
}

/** The analysis panel for the position `v`: the chart and the losses once there, else the
 * progress, or the button that asks for it (spectators during a game).
 * @param {Game} game
 * @param {GameView} v */
export function analysisArea(game, v) {
  const { view } = game;
  if (game.review && reviewed(game)) {
    return analysisPanel(game.review, view, v.ply, (ply) => { showPly(game, ply); boardIntoView(game); }, (m) => describe(game, m, v));
  }
  if (!mayAnalyse(game)) return null;
  return el("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-title" },
    el("h2", { id: "analysis-title" }, t("Analysis")),
    game.analysisNote ? el("p", { class: "help", id: "analysis-note", role: "status" }, game.analysisNote) : null,
    !game.analysing && view.status.state !== "over"
      ? el("button", { class: "secondary", id: "analyse", onclick: () => analyse(game) }, t("Analyse the moves so far"))
      : null);
}

/** The marks of the reviewed moves for the move list, once the review covers every move.
 * @param {Game} game */
export const reviewMarks = (game) => (reviewed(game) ? marksByPly(game.review) : undefined);

/** Draws on the board the best move of the position `v`: the review's (when this screen is
 * not to move), or the hint asked for.
 * @param {Game} game
 * @param {GameView} v
 * @param {Drawn} drawn
 * @param {boolean} myMove */
export function showBestMove(game, v, drawn, myMove) {
  const review = reviewed(game) ? reviewAt(game.review, v.ply) : null;
  if (review && !myMove) drawBestMove(drawn, review.best);
  else if (myMove && game.hint?.ply === v.ply && v.status.state === "to_move" && v.seats[v.status.seat]?.hints) drawBestMove(drawn, game.hint.best);
}

/** Asks the server for the best move of this screen's position.
 * @param {Game} game */
async function askHint(game) {
  game.showError("");
  try {
    const token = game.seats.token(game.view.status.seat);
    game.hint = await api(`/api/games/${game.id}/hint`, { method: "POST", body: JSON.stringify({ token }) });
    game.render({ animate: false });
  } catch (e) {
    game.showError(e.message);
  }
}

/** The hint button and the hint found, where this screen is to move with hints on.
 * @param {Game} game
 * @param {GameView} v
 * @param {boolean} myMove */
export function hintArea(game, v, myMove) {
  if (!myMove || v.status.state !== "to_move" || !v.seats[v.status.seat]?.hints) return null;
  const { hint } = game;
  const found = hint && hint.ply === v.ply
    ? el("p", { class: "hint-line", id: "hint-line", role: "status" }, t("Hint: {move}. {side} to move: {chance}.", { move: describe(game, hint.best, v), side: capital(sideName(v.status.name)), chance: chanceWords(hint.chance) }))
    : null;
  return el("div", { class: "hint-area" }, el("button", { class: "secondary", id: "hint", onclick: () => askHint(game) }, t("Hint: show the best move")), found);
}
