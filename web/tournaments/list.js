// The tournaments' lists: a small card for the lobby (the next ones to start and those running,
// with a link to all) and the full lists at "/tournaments".

import { api, el } from "../ui.js";
import { t } from "../i18n.js";
import { countdown, gameTitles, startWords, stateWords, summaryWords } from "./words.js";

/** @typedef {import("./words.js").TournamentSummary} TournamentSummary */
/** The three lists (`/api/tournaments`).
 * @typedef {{ upcoming: TournamentSummary[], running: TournamentSummary[], finished: TournamentSummary[] }} Lists */

/** One tournament of a list: its name (a link), what it is (its game's title from `titles`), and
 * when it starts or how far it is.
 * @param {TournamentSummary} tournament
 * @param {number} now
 * @param {Map<string, string>} titles */
export function tournamentItem(tournament, now, titles) {
  const when = tournament.state === "open"
    ? t("starts in {time}", { time: countdown(tournament.starts_ms, now) })
    : stateWords(tournament);
  return el("li", { "data-tournament": tournament.id },
    el("div", { class: "recent-head" },
      el("a", { href: `/tournament/${tournament.id}` }, tournament.name),
      el("span", { class: "help" }, when)),
    el("div", { class: "help" }, summaryWords(tournament, titles), " · ",
      t("{n} players", { n: tournament.entrants }), " · ", startWords(tournament.starts_ms)));
}

/** The lobby's card: up to five tournaments running or about to start, and a link to all. */
export function tournamentsCard() {
  const list = el("ul", { class: "recent", id: "lobby-tournaments" });
  Promise.all([/** @type {Promise<Lists>} */ (api("/api/tournaments")), gameTitles()]).then(([lists, titles]) => {
    const shown = [...lists.running, ...lists.upcoming].slice(0, 5);
    if (!shown.length) list.replaceChildren(el("li", { class: "help" }, t("No tournaments now.")));
    else list.replaceChildren(...shown.map((x) => tournamentItem(x, Date.now(), titles)));
  }).catch((e) => list.replaceChildren(el("li", { class: "error" }, e.message)));
  return el("section", { class: "card tournaments-card", "aria-labelledby": "tournaments-title" },
    el("h2", { id: "tournaments-title" }, t("Tournaments")), list,
    el("p", { class: "lobby-links" }, el("a", { href: "/tournaments", id: "tournaments-link" }, t("All tournaments"))));
}

/** The three lists of "/tournaments", drawn into `node`.
 * @param {Element} node */
export async function showLists(node) {
  const [lists, titles] = await Promise.all([/** @type {Promise<Lists>} */ (api("/api/tournaments")), gameTitles()]);
  const now = Date.now();
  /** @type {(id: string, title: string, items: TournamentSummary[], empty: string) => HTMLElement} */
  const section = (id, title, items, empty) => el("section", { class: "card", "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title` }, title),
    el("ul", { class: "recent", id }, items.length
      ? items.map((x) => tournamentItem(x, now, titles))
      : el("li", { class: "help" }, empty)));
  node.replaceChildren(
    section("tournaments-upcoming", t("Upcoming"), lists.upcoming, t("None planned.")),
    section("tournaments-running", t("Running"), lists.running, t("None running.")),
    section("tournaments-finished", t("Finished"), lists.finished, t("None finished yet.")));
}
