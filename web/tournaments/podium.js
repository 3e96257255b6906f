// The end of a tournament on its page: the winner named, and the podium (the first three
// places; players who share a place stand on it together), from the standings the server ranks.

import { el } from "../ui.js";
import { t, tn } from "../i18n.js";

/** The podium of finished tournament `view`, or null while it is not finished (or nobody
 * played).
 * @param {{ state: string, standings: { rank: number, username: string, points: number }[] }} view
 * @param {(points: number) => string} points how the tables write points */
export function podium(view, points) {
  if (view.state !== "finished" || !view.standings.length) return null;
  const winners = view.standings.filter((s) => s.rank === 1).map((s) => s.username);
  const places = [1, 2, 3].map((rank) => view.standings.filter((s) => s.rank === rank)).filter((p) => p.length);
  return el("section", { class: "podium", id: "tournament-podium", "aria-labelledby": "podium-title" },
    el("h2", { id: "podium-title" }, winners.length > 1
      ? t("Winners: {names}", { names: winners.join(", ") })
      : t("Winner: {name}", { name: winners[0] })),
    el("ol", { class: "podium-places" }, places.map((place) => el("li", { class: `podium-place place-${place[0].rank}`, "data-rank": place[0].rank },
      el("span", { class: "podium-rank" }, t("{rank}.", { rank: place[0].rank })), " ",
      place.map((s, i) => [i ? ", " : "", el("a", { href: `/@/${encodeURIComponent(s.username)}` }, s.username)]),
      " ", el("span", { class: "podium-points" }, tn(place[0].points, "{points} point", "{points} points", { points: points(place[0].points) }))))));
}
