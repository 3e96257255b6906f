// A player's page at "/@/NAME": ratings per game (provisional ones marked "?"), win/draw/loss
// counts, the rating history chart, and every game with opponent, result, date and link,
// filtered by game and result, a page at a time; all records at once as a download. A signed-in
// visitor may follow the player (web/account/follows.js), challenge them (./challenge.js), report
// them (web/moderation/report.js) or block them (web/account/blocks.js); anyone may challenge a
// bot; a closed account's page says it is closed.

import { api, botBadge, el, fill } from "../ui.js";
import { whoAmI } from "../account/header.js";
import { blockedNames, blockToggle } from "../account/blocks.js";
import { followed, followToggle } from "../account/follows.js";
import { reportButton } from "../moderation/report.js";
import { challengeForm } from "./challenge.js";
import { ratingChart } from "./chart.js";
import { shortDate, sideName, t, tn } from "../i18n.js";

const PER_PAGE = 20;

/** The games' part of the page: the player, the page shown, the games' titles, the filters
 * and the list.
 * @typedef {{ name: string, page: number, titles: Record<string, string>, gameFilter: HTMLSelectElement,
 *   resultFilter: HTMLSelectElement, list: HTMLDivElement }} GamesState */

/** Draws the page of player `name` into `app`.
 * @param {HTMLElement} app
 * @param {string} name */
export async function playerPage(app, name) {
  const [player, history, catalog, me] = await Promise.all([
    api(`/api/players/${encodeURIComponent(name)}`),
    api(`/api/players/${encodeURIComponent(name)}/ratings`),
    api("/api/catalog"),
    whoAmI(),
  ]);
  const actions = me && me.username !== player.username && !player.closed ? await playerActions(player.username) : null;
  document.title = `${player.username} · Tafel`;
  const games = /** @type {{ games: import("../ui.js").CatalogGame[] }} */ (catalog).games;
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  const results = [["win", t("Won")], ["draw", t("Drawn")], ["loss", t("Lost")]];
  /** @type {GamesState} */
  const state = {
    name: player.username, page: 1, titles,
    gameFilter: el("select", { id: "filter-game" }, el("option", { value: "" }, t("All games")),
      games.map((g) => el("option", { value: g.name }, g.title))),
    resultFilter: el("select", { id: "filter-result" }, el("option", { value: "" }, t("All results")),
      results.map(([value, words]) => el("option", { value }, words))),
    list: el("div", { id: "player-games" }),
  };
  for (const select of [state.gameFilter, state.resultFilter]) {
    select.addEventListener("change", () => { state.page = 1; showGames(state); });
  }
  const total = player.total;
  app.replaceChildren(el("div", { class: "player-page" },
    el("section", { class: "card", "aria-labelledby": "player-name" },
      el("h1", { id: "player-name" }, player.username, player.bot ? [" ", botBadge()] : null),
      player.closed ? el("p", { class: "note", id: "account-closed" }, t("This account is closed.")) : null,
      actions,
      el("p", { class: "counts", id: "counts" }, t("{won} won · {drawn} drawn · {lost} lost", { won: total.win, drawn: total.draw, lost: total.loss })),
      ratingsTable(player.ratings),
      history.length ? ratingChart(history, titles) : el("p", { class: "help" }, t("No rated games yet.")),
      el("p", {}, el("a", { href: "/leaderboard", id: "leaderboard-link" }, t("Leaderboards")), " · ",
        el("a", { href: `/api/players/${encodeURIComponent(player.username)}/records`, id: "records", download: "" },
          t("Download every game (records)")))),
    !player.closed && (actions || (!me && player.bot)) ? challengeForm(player.username, catalog) : null,
    el("section", { class: "card", "aria-labelledby": "games-title" },
      el("h2", { id: "games-title" }, t("Games")),
      el("div", { class: "filters" },
        el("label", { for: "filter-game" }, t("Game")), state.gameFilter,
        el("label", { for: "filter-result" }, t("Result")), state.resultFilter),
      state.list)));
  await showGames(state);
}

/** What a signed-in visitor may do on someone else's page: follow or unfollow them, report
 * them, block or unblock them (and challenge them, below).
 * @param {string} name */
async function playerActions(name) {
  const [blocked, following] = await Promise.all([blockedNames(), followed()]);
  const block = blockToggle(name, blocked.includes(name));
  const follow = followToggle(name, following.some((p) => p.username === name));
  return el("div", { class: "player-actions" },
    el("div", { class: "player-buttons" }, follow.button, reportButton({ player: name }, { id: "report-player" }), block.button),
    follow.status, block.status);
}

/** The table of ratings, or a note that there are none.
 * @param {{ game: string, title: string, rating: number, deviation: number, provisional: boolean, games: number }[]} ratings */
function ratingsTable(ratings) {
  if (!ratings.length) return el("p", { class: "help", id: "ratings" }, t("Not rated in any game yet."));
  return el("div", { class: "table-scroll" }, el("table", { class: "ratings", id: "ratings" },
    el("caption", {}, t("Ratings (Glicko-2; ? while provisional)")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Game")), el("th", { scope: "col" }, t("Rating ± deviation")),
      el("th", { scope: "col" }, t("Games")))),
    el("tbody", {}, ratings.map((r) => el("tr", { "data-game": r.game },
      el("td", {}, el("a", { href: `/leaderboard?game=${r.game}` }, r.title)),
      el("td", {}, el("span", { class: "rating" }, `${r.rating}${r.provisional ? "?" : ""}`), ` ±${r.deviation}`),
      el("td", {}, r.games))))));
}

/** A game of a player's list: the player's seat and outcome ("win", "draw", "loss", or null
 * while it is played or without a result), the rating before and after a rated one.
 * @typedef {{ id: string, title: string, seat: number, outcome: string | null, result: string | null, rated: boolean,
 *   rating_before: number | null, rating_after: number | null, created_at: string,
 *   players: { seat: number, name: string, player?: string | null, account?: boolean, bot?: boolean }[] }} PlayerGame */

/** The player's result in one game, in words.
 * @param {PlayerGame} game */
function outcomeText(game) {
  if (game.outcome === "win") return t("Won");
  if (game.outcome === "loss") return t("Lost");
  if (game.outcome === "draw") return t("Drawn");
  return game.result ? t("No result") : t("Playing");
}

/** The current page of games, with the filters applied.
 * @param {GamesState} state */
async function showGames(state) {
  const query = new URLSearchParams({ page: String(state.page), per_page: String(PER_PAGE) });
  if (state.gameFilter.value) query.set("game", state.gameFilter.value);
  if (state.resultFilter.value) query.set("result", state.resultFilter.value);
  /** @type {{ total: number, games: PlayerGame[] }} */
  let answer;
  try {
    answer = await api(`/api/players/${encodeURIComponent(state.name)}/games?${query}`);
  } catch (e) {
    fill(state.list, el("p", { class: "error", role: "alert" }, e.message));
    return;
  }
  const pages = Math.max(1, Math.ceil(answer.total / PER_PAGE));
  const rows = answer.games.map((g) => {
    const opponents = g.players.filter((p) => p.seat !== g.seat)
      .map((p) => [p.account ? el("a", { href: `/@/${encodeURIComponent(p.player ?? "")}` }, p.player) : (p.player || sideName(p.name)),
        p.bot ? [" ", botBadge()] : null]);
    const change = g.rating_after === null ? "" : ` (${g.rating_before} → ${g.rating_after})`;
    return el("tr", { "data-id": g.id },
      el("td", {}, el("a", { href: `/game/${g.id}` }, g.title)),
      el("td", {}, opponents.length ? opponents.flatMap((o, i) => (i ? [", ", o] : [o])) : "—"),
      el("td", { class: `outcome ${g.outcome || ""}` }, outcomeText(g), g.rated ? el("span", { class: "help" }, ` ${t("rated")}${change}`) : ""),
      el("td", {}, el("time", { datetime: g.created_at }, shortDate(g.created_at))));
  });
  fill(state.list,
    answer.total === 0 ? el("p", { class: "help", id: "no-games" }, t("No games.")) :
      el("div", { class: "table-scroll" }, el("table", { class: "games" },
        el("thead", {}, el("tr", {}, [t("Game"), t("Opponent"), t("Result"), t("Date")].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows))),
    el("p", { class: "pager" },
      el("button", { class: "secondary", id: "previous", disabled: state.page <= 1,
        onclick: () => { state.page -= 1; showGames(state); } }, t("Newer")),
      ` ${tn(answer.total, "Page {page} of {pages} ({n} game)", "Page {page} of {pages} ({n} games)", { page: state.page, pages })} `,
      el("button", { class: "secondary", id: "next", disabled: state.page >= pages,
        onclick: () => { state.page += 1; showGames(state); } }, t("Older"))));
}
