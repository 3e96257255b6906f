// The engine's answer about a position in words (web/analysis/engine.js asks for it): the side
// to move's chances on the one scale, the best move, the best line ply by ply, and what found
// them folded away. The position editor and the game page's analysis board show it alike.

import { capital, chanceWords } from "../game/review-panel.js";
import { sideName, t } from "../i18n.js";
import { el, sentence } from "../ui.js";

/** The engine's answer `found` as a heading and paragraphs; `describe` says a move of the line
 * in words, given the code of the position it is played in.
 * @param {import("./engine.js").EngineView} found
 * @param {(move: string, code: string) => string} [describe] */
export function engineAnswer(found, describe = (move) => move) {
  const side = capital(sideName(found.status.name ?? ""));
  return [
    el("h3", {}, t("Analysis of this position")),
    el("p", { id: "analysis-chances" }, t("{side} to move: {chance}.", { side, chance: chanceWords(found.chance) })),
    el("p", { id: "analysis-best", "data-move": found.line[0]?.move }, t("Best move: {move}", { move: found.line[0] ? describe(found.line[0].move, found.line[0].before) : "" })),
    el("p", {}, t("Best line:"), " ", el("span", { id: "analysis-line" }, found.line.map((ply, i) =>
      el("span", { class: "line-move", "data-move": ply.move }, `${i ? " · " : ""}${i + 1}. ${capital(sideName(ply.side))}: ${describe(ply.move, ply.before)}`)))),
    el("details", { class: "engine-details" }, el("summary", {}, t("How the computer found it")), el("p", { class: "help" }, found.effort)),
  ];
}

/** Whose turn it is in a position, or how the game has ended there, as a sentence.
 * @param {import("../ui.js").StatusView} status */
export function statusWords(status) {
  if (status.state === "to_move") return sentence(t("{name} to move", { name: sideName(status.name) }));
  if (status.state === "chance") return t("The die is to be rolled.");
  return t("The game is over: {result}.", { result: status.result });
}
