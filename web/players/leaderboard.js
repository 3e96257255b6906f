// The leaderboards at "/leaderboard?game=NAME": per game, the 50 best players as lichess lists
// them (people, a deviation of at most 75, a rated game in the last 7 days).

import { api, el, fill } from "../ui.js";
import { t } from "../i18n.js";

/** Draws the leaderboard of the game in the address (the first game by default) into `app`.
 * @param {HTMLElement} app */
export async function leaderboardPage(app) {
  /** @type {{ games: import("../ui.js").CatalogGame[] }} */
  const catalog = await api("/api/catalog");
  const wanted = new URLSearchParams(location.search).get("game");
  const select = el("select", { id: "leaderboard-game" },
    catalog.games.map((g) => el("option", { value: g.name, selected: g.name === wanted }, g.title)));
  const table = el("div", { id: "leaderboard" });
  select.addEventListener("change", () => {
    history.replaceState(null, "", `/leaderboard?game=${select.value}`);
    show(select.value, table);
  });
  app.replaceChildren(el("section", { class: "card leaderboard-page", "aria-labelledby": "leaderboard-title" },
    el("h1", { id: "leaderboard-title" }, t("Leaderboards")),
    el("p", { class: "help" }, t("The 50 best players of each game: people (not bots) whose rating is known within ±75 and who played a rated game in the last 7 days.")),
    el("label", { for: "leaderboard-game" }, t("Game")), select, table));
  document.title = t("Leaderboards · Tafel");
  await show(select.value, table);
}

/** The leaderboard of `game` drawn into `table`.
 * @param {string} game
 * @param {Element} table */
async function show(game, table) {
  let board;
  try {
    board = await api(`/api/leaderboard/${game}`);
  } catch (e) {
    fill(table, el("p", { class: "error", role: "alert" }, e.message));
    return;
  }
  if (!board.players.length) {
    fill(table, el("p", { class: "help", id: "leaderboard-empty" }, t("Nobody has played {game} rated often and lately enough to be listed yet.", { game: board.title })));
    return;
  }
  fill(table, el("table", { class: "leaders" },
    el("caption", {}, board.title),
    el("thead", {}, el("tr", {}, ["#", t("Player"), t("Rating"), t("Games")].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, board.players.map((/** @type {{ rank: number, username: string, rating: number, deviation: number, games: number }} */ p) => el("tr", { "data-player": p.username },
      el("td", {}, p.rank),
      el("td", {}, el("a", { href: `/@/${encodeURIComponent(p.username)}` }, p.username)),
      el("td", {}, `${p.rating} ±${p.deviation}`),
      el("td", {}, p.games))))));
}
