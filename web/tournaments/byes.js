// A Swiss's byes on its page: an entrant asks to sit out a round not yet paired (for half a
// point, as many times as the organiser offers, or for nothing) and takes the bye back until its
// round is paired; each round's pairings list its byes, those asked for and the rounds a late
// entrant missed.

import { el } from "../ui.js";
import { t } from "../i18n.js";

/** A bye of the page (`ByeView` of crates/tafel-server/src/http/api/tournaments/byes.rs).
 * @typedef {{ round: number, username: string, half_points: number, requested: boolean }} Bye */

/** What a bye is, in words: "half-point bye (asked for)".
 * @param {Bye} bye */
export const byeWords = (bye) => (bye.half_points ? t("half-point bye") : t("zero-point bye"))
  + " " + (bye.requested ? t("(asked for)") : t("(entered late)"));

/** The lines of round `round`'s byes for its pairings.
 * @param {Bye[]} byes
 * @param {number} round */
export const byeLines = (byes, round) => byes.filter((b) => b.round === round)
  .map((b) => el("li", { class: "asked-bye", "data-bye": b.username }, `${b.username}: ${byeWords(b)}`));

/** The signed-in entrant's byes in a Swiss open or running, for the page's byes section: those
 * it has (one asked for can be taken back until its round is paired), and a form to ask for
 * one; `null` elsewhere.
 * @param {import("./page.js").TournamentView} view
 * @param {{ username: string } | null} me
 * @param {import("./page.js").Act} act */
export function byeSection(view, me, act) {
  const underWay = view.state === "open" || view.state === "running";
  if (view.kind !== "swiss" || !me || !view.entered || !underWay) return null;
  const mine = view.byes.filter((b) => b.username === me.username);
  const halfLeft = view.half_point_byes - mine.filter((b) => b.requested && b.half_points === 1).length;
  const free = [];
  for (let round = view.round + 1; round <= view.rounds; round += 1) {
    if (!mine.some((b) => b.round === round)) free.push(round);
  }
  const round = el("select", { id: "bye-round", "aria-label": t("Round") },
    free.map((r) => el("option", { value: r }, t("Round {round}", { round: r }))));
  const half = el("select", { id: "bye-points", "aria-label": t("Points") },
    halfLeft > 0 && el("option", { value: "half" }, t("half a point ({n} left)", { n: halfLeft })),
    el("option", { value: "zero" }, t("no point")));
  const ask = () => act("byes", { round: Number(round.value), half_point: half.value === "half" });
  return el("div", { class: "tournament-byes" },
    el("h2", { id: "byes-title" }, t("Byes")),
    mine.length
      ? el("ul", { class: "recent", id: "my-byes" }, mine.map((b) => el("li", { "data-round": b.round },
        t("Round {round}", { round: b.round }), ": ", byeWords(b),
        b.requested && b.round > view.round ? [" ", el("button", {
          class: "secondary", "data-take-back": b.round, onclick: () => act(`byes/${b.round}`, null, "DELETE"),
        }, t("Take back"))] : "")))
      : el("p", { class: "help" }, t("You play every round.")),
    free.length > 0 && el("div", { class: "controls" },
      el("span", {}, t("Sit out")), round, t("for"), half,
      el("button", { id: "bye-ask", class: "secondary", onclick: ask }, t("Ask for a bye"))));
}
