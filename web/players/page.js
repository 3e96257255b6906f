// A player's page at "/@/NAME": ratings per game (provisional ones marked "?"), win/draw/loss
// counts, the rating history chart, and every game with opponent, result, date and link,
// filtered by game and result, a page at a time; all records at once as a download.

import { api, botBadge, el, fill } from "../ui.js";
import { challengeForm } from "./challenge.js";
import { ratingChart } from "./chart.js";
import { sideName, t, tn } from "../i18n.js";

const PER_PAGE = 20;

/** Draws the page of player `name` into `app`.
 * @param {HTMLElement} app */
export async function playerPage(app, name) {
  const [player, history, catalog] = await Promise.all([
    api(`/api/players/${encodeURIComponent(name)}`),
    api(`/api/players/${encodeURIComponent(name)}/ratings`),
    api("/api/catalog"),
  ]);
  document.title = `${player.username} · Tafel`;
  const titles = Object.fromEntries(catalog.games.map((g) => [g.name, g.title]));
  const state = { name: player.username, page: 1, titles };
  state.gameFilter = el("select", { id: "filter-game" }, el("option", { value: "" }, t("All games")),
    catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  state.resultFilter = el("select", { id: "filter-result" }, el("option", { value: "" }, t("All results")),
    ["win", "draw", "loss"].map((r) => el("option", { value: r }, { win: t("Won"), draw: t("Drawn"), loss: t("Lost") }[r])));
  state.list = el("div", { id: "player-games" });
  for (const select of [state.gameFilter, state.resultFilter]) {
    select.addEventListener("change", () => { state.page = 1; showGames(state); });
  }
  const total = player.total;
  app.replaceChildren(el("div", { class: "player-page" },
    el("section", { class: "card", "aria-labelledby": "player-name" },
      el("h1", { id: "player-name" }, player.username, player.bot ? [" ", botBadge()] : null),
      el("p", { class: "counts", id: "counts" }, t("{won} won · {drawn} drawn · {lost} lost", { won: total.win, drawn: total.draw, lost: total.loss })),
      ratingsTable(player.ratings),
      history.length ? ratingChart(history, titles) : el("p", { class: "help" }, t("No rated games yet.")),
      el("p", {}, el("a", { href: "/leaderboard", id: "leaderboard-link" }, t("Leaderboards")), " · ",
        el("a", { href: `/api/players/${encodeURIComponent(player.username)}/records`, id: "records", download: "" },
          t("Download every game (records)")))),
    player.bot ? challengeForm(player.username, catalog) : null,
    el("section", { class: "card", "aria-labelledby": "games-title" },
      el("h2", { id: "games-title" }, t("Games")),
      el("div", { class: "filters" },
        el("label", { for: "filter-game" }, t("Game")), state.gameFilter,
        el("label", { for: "filter-result" }, t("Result")), state.resultFilter),
      state.list)));
  await showGames(state);
}

/** The table of ratings, or a note that there are none. */
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

/** The player's result in one game, in words. */
function outcomeText(game) {
  if (game.outcome === "win") return t("Won");
  if (game.outcome === "loss") return t("Lost");
  if (game.outcome === "draw") return t("Drawn");
  return game.result ? t("No result") : t("Playing");
}

/** The current page of games, with the filters applied. */
async function showGames(state) {
  const query = new URLSearchParams({ page: String(state.page), per_page: String(PER_PAGE) });
  if (state.gameFilter.value) query.set("game", state.gameFilter.value);
  if (state.resultFilter.value) query.set("result", state.resultFilter.value);
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
      .map((p) => [p.account ? el("a", { href: `/@/${encodeURIComponent(p.player)}` }, p.player) : (p.player || sideName(p.name)),
        p.bot ? [" ", botBadge()] : null]);
    const change = g.rating_after === null ? "" : ` (${g.rating_before} → ${g.rating_after})`;
    return el("tr", { "data-id": g.id },
      el("td", {}, el("a", { href: `/game/${g.id}` }, g.title)),
      el("td", {}, opponents.length ? opponents.flatMap((o, i) => (i ? [", ", o] : [o])) : "—"),
      el("td", { class: `outcome ${g.outcome || ""}` }, outcomeText(g), g.rated ? el("span", { class: "help" }, ` ${t("rated")}${change}`) : ""),
      el("td", {}, el("time", { datetime: g.created_at }, g.created_at.slice(0, 10))));
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
