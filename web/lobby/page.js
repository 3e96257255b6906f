// The lobby at "/": the new-game form, the seeks (someone to play now), the open challenges,
// the tournaments running or about to start, the recent games, and the import of a record.

import { t } from "../i18n.js";
import { api, el } from "../ui.js";
import { importCard } from "./import.js";
import { botsCard, challengesCard, recentCard } from "./lists.js";
import { newGameForm } from "./new-game.js";
import { seeksCard } from "./seeks.js";
import { tournamentsCard } from "../tournaments/list.js";

/** Draws the lobby into `app`.
 * @param {HTMLElement} app */
export async function lobby(app) {
  const catalog = await api("/api/catalog");
  // The header's tagline is in the page's language (the server words it).
  const tagline = document.querySelector("header.site .tagline")?.textContent || catalog.tagline;
  document.title = t("Tafel · play {tagline}", { tagline });
  const newGame = newGameForm(catalog);
  const recent = recentCard();
  const challenges = challengesCard(newGame.yourName);
  const seeks = seeksCard(catalog, newGame.chosen, newGame.yourName);
  newGame.placeSeek(seeks.controls);
  app.replaceChildren(el("div", { class: "lobby" },
    newGame.card,
    el("div", { class: "lobby-lists" }, seeks.card, challenges, botsCard(), tournamentsCard(), recent,
      el("p", { class: "lobby-links" }, el("a", { href: "/leaderboard", id: "leaderboards-link" }, t("Leaderboards")),
      " · ", el("a", { href: "/editor", id: "editor-link" }, t("Position editor")))),
    importCard()));
  newGame.show();
}
