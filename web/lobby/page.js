// The lobby at "/": the new-game form, the seeks (someone to play now), the open challenges,
// the tournaments running or about to start, the recent games, and the import of a record.

import { api, el } from "../ui.js";
import { importCard } from "./import.js";
import { challengesCard, recentCard } from "./lists.js";
import { newGameForm } from "./new-game.js";
import { seeksCard } from "./seeks.js";
import { tournamentsCard } from "../tournaments/list.js";

/** Draws the lobby into `app`. */
export async function lobby(app) {
  const catalog = await api("/api/catalog");
  document.title = `Tafel · play ${catalog.tagline}`;
  const newGame = newGameForm(catalog);
  const recent = recentCard();
  const challenges = challengesCard(newGame.yourName);
  const seeks = seeksCard(catalog, newGame.chosen, newGame.yourName);
  app.replaceChildren(el("div", { class: "lobby" },
    newGame.card,
    el("div", { class: "lobby-lists" }, seeks, challenges, tournamentsCard(), recent,
      el("p", { class: "lobby-links" }, el("a", { href: "/leaderboard", id: "leaderboards-link" }, "Leaderboards"))),
    importCard()));
  newGame.show();
}
