// A Swiss round waiting to begin (paired at once when the round before ended; its games begin
// after the pause between rounds): what its pairing breaks of the Dutch system, said to
// everyone, and for the organiser a form that pairs it otherwise. Choosing a player for a seat
// swaps them with whoever sat there, so the form always pairs every player once; the server
// checks it again and the page then says what the new pairing breaks.

import { el } from "../ui.js";
import { t } from "../i18n.js";
import { points } from "./words.js";

/** A rule the waiting round breaks (`BrokenView` of
 * crates/tafel-server/src/http/api/tournaments/pairings.rs).
 * @typedef {{ board: number, rule: string, players: string[], side: string | null, half_points: number | null }} Broken */

/** The seats being chosen, per tournament and round, kept across the page's redraws.
 * @type {Map<string, string[]>} */
const drafts = new Map();

/** What broken rule `b` says, in words.
 * @param {Broken} b */
export function brokenWords(b) {
  const [first, second] = b.players;
  switch (b.rule) {
    case "rematch": return t("{first} and {second} have met before", { first, second });
    case "second_bye": return t("{name} has had a bye before", { name: first });
    case "colour": return b.side === "first"
      ? t("{name} moves first too often (three times running, or two more than second)", { name: first })
      : t("{name} moves second too often (three times running, or two more than first)", { name: first });
    case "score_gap": return t("{first} and {second} have different scores ({points} apart)",
      { first, second, points: points((b.half_points ?? 0) / 2) });
    case "preference": return b.side === "first"
      ? t("{name} would rather move second", { name: first })
      : t("{name} would rather move first", { name: first });
    default: return b.rule;
  }
}

/** Round `round`'s part of the page while it waits to begin: what its pairing breaks and, for
 * the organiser, the form that pairs it otherwise.
 * @param {import("./page.js").TournamentView} view
 * @param {{ round: number, boards: import("./page.js").Board[] }} round
 * @param {boolean} organiser
 * @param {import("./page.js").Act} act */
export function waitingRound(view, round, organiser, act) {
  const broken = view.broken ?? [];
  return [
    el("h4", { class: "broken-title" }, t("What this pairing breaks of the Dutch system")),
    broken.length
      ? el("ul", { class: "broken-rules", id: "tournament-broken" }, broken.map((b) => el("li", { "data-rule": b.rule, "data-board": b.board },
        b.board ? t("Board {board}", { board: b.board }) : t("Bye"), ": ", brokenWords(b))))
      : el("p", { class: "help", id: "tournament-broken" }, t("Nothing: every rule is kept.")),
    organiser && handForm(view, round, act),
  ];
}

/** The organiser's form: a seat per player (each board's two, then the bye), and Save.
 * @param {import("./page.js").TournamentView} view
 * @param {{ round: number, boards: import("./page.js").Board[] }} round
 * @param {import("./page.js").Act} act */
function handForm(view, round, act) {
  const games = round.boards.filter((b) => b.second !== null && b.second !== undefined);
  const bye = round.boards.find((b) => b.second === null || b.second === undefined);
  const paired = [...games.flatMap((b) => [b.first, /** @type {string} */ (b.second)]), ...(bye ? [bye.first] : [])];
  const key = `${view.id}:${round.round}`;
  const kept = drafts.get(key);
  const seats = kept && kept.length === paired.length && kept.every((n) => paired.includes(n)) ? kept : paired.slice();
  /** @type {HTMLSelectElement[]} */
  const selects = [];
  const seat = (/** @type {number} */ i, /** @type {string} */ label) => {
    const select = el("select", {
      class: "hand-seat", "data-seat": i, "aria-label": label, title: label,
      onchange: () => {
        const chosen = select.value;
        const from = seats.indexOf(chosen);
        seats[from] = seats[i];
        seats[i] = chosen;
        drafts.set(key, seats);
        selects.forEach((s, j) => { s.value = seats[j]; });
      },
    }, paired.map((name) => el("option", { value: name }, name)));
    select.value = seats[i];
    selects.push(/** @type {HTMLSelectElement} */ (select));
    return select;
  };
  const save = (/** @type {Event} */ e) => {
    // Let go of the form, so that the pairings are drawn again as the server answers.
    /** @type {HTMLElement} */ (e.target).blur();
    const number = (/** @type {string} */ name) => view.players.find((p) => p.username === name)?.number;
    const boards = games.map((_, k) => ({ first: number(seats[2 * k]), second: number(seats[2 * k + 1]) }));
    if (bye) boards.push({ first: number(seats[seats.length - 1]), second: null });
    drafts.delete(key);
    act(`rounds/${round.round}/pairings`, { boards }, "PUT");
  };
  return el("details", { class: "hand-pairing", id: "hand-pairing", open: kept !== undefined },
    el("summary", {}, t("Change the pairings")),
    el("p", { class: "help" }, t("Until the round begins. Choosing a player swaps them with whoever sat there.")),
    el("ol", { class: "hand-boards" }, games.map((_, k) => el("li", {},
      seat(2 * k, t("Board {board}, first", { board: k + 1 })), " – ",
      seat(2 * k + 1, t("Board {board}, second", { board: k + 1 }))))),
    bye && el("p", {}, t("Bye"), ": ", seat(paired.length - 1, t("Bye"))),
    el("button", { id: "hand-pairing-save", onclick: save }, t("Save the pairings")));
}
