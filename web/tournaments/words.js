// What the tournament pages say about a tournament in a few words: its game's title, its kind,
// its state, the time to its start, a result.

import { api } from "../ui.js";
import { t } from "../i18n.js";
import { clockWords } from "../lobby/time-control.js";

/** A tournament as the lists show it (`TournamentSummary` of
 * crates/tafel-server/src/http/api/tournaments.rs): `kind` "round_robin",
 * "double_round_robin", "swiss" or "arena"; `state` "open", "running", "finished",
 * "cancelled" or "removed" (by the moderators); times in milliseconds since 1970.
 * @typedef {object} TournamentSummary
 * @property {string} id
 * @property {string} name
 * @property {string} organiser
 * @property {string} game
 * @property {Record<string, string>} settings
 * @property {import("../ui.js").TimeControl} time_control
 * @property {boolean} rated
 * @property {string} kind
 * @property {number} max_entrants
 * @property {number} starts_ms
 * @property {string} state
 * @property {number} round
 * @property {number} rounds
 * @property {number} round_pause_s
 * @property {number} entrants
 * @property {number} minutes an Arena's
 * @property {number | null} [ends_ms] an Arena's
 * @property {string | null} [late_entry] a Swiss's: "closed", "zero_point_byes" or "half_point_byes"
 * @property {number} half_point_byes a Swiss's: the half-point byes a player may ask for
 * @property {string[]} tie_breaks the tie-breaks in order, by FIDE's acronyms ("BH-C1", "SB", "DE"...) */

/** @type {Promise<Map<string, string>> | null} */
let titles = null;

/** The games' titles by registry name, from the catalog (asked once per page load; an empty map
 * if the catalog cannot be read, and the registry names are shown instead). */
export function gameTitles() {
  titles ??= api("/api/catalog")
    .then((/** @type {{ games: import("../ui.js").CatalogGame[] }} */ catalog) => new Map(catalog.games.map((g) => [g.name, g.title])))
    .catch(() => new Map());
  return titles;
}

/** The kind in words.
 * @param {string} kind */
export function kindWords(kind) {
  switch (kind) {
    case "double_round_robin": return t("Double round robin");
    case "swiss": return t("Swiss");
    case "arena": return t("Arena");
    default: return t("Round robin");
  }
}

/** The state in words, with the round while it runs.
 * @param {TournamentSummary} tournament */
export function stateWords(tournament) {
  switch (tournament.state) {
    case "open": return t("Open for entries");
    case "running":
      return tournament.kind === "arena"
        ? t("Running: players are paired again as soon as they are free")
        : t("Round {round} of {rounds}", { round: tournament.round, rounds: tournament.rounds });
    case "finished": return t("Finished");
    case "removed": return t("Removed by the moderators");
    default: return t("Cancelled: fewer than two players entered");
  }
}

/** "2 h 5 min", "3 min 20 s", "45 s": the time left until `ms` from `now`.
 * @param {number} ms
 * @param {number} now */
export function countdown(ms, now) {
  const s = Math.max(0, Math.round((ms - now) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return t("{h} h {m} min", { h, m });
  if (m > 0) return t("{m} min {s} s", { m, s: s % 60 });
  return t("{s} s", { s });
}

/** "5 min", "1 h 0 min", "30 s": a duration of `seconds`, as [`countdown`] words it. */
export const durationWords = (/** @type {number} */ seconds) => countdown(seconds * 1000, 0);

/** The game's title (from `titles`, [`gameTitles`]), clock, kind and whether rated, in one line.
 * @param {TournamentSummary} tournament
 * @param {Map<string, string>} titles */
export function summaryWords(tournament, titles) {
  const rated = tournament.rated ? t("rated") : t("casual");
  const game = titles.get(tournament.game) ?? tournament.game;
  return `${game} · ${clockWords(tournament.time_control)} · ${kindWords(tournament.kind)} · ${rated}`;
}

/** The start, as the reader's clock shows it.
 * @param {number} ms */
export function startWords(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Points as the tables show them: "2½". */
export const points = (/** @type {number} */ x) => String(x).replace(".5", "½").replace(/^0½$/, "½");
