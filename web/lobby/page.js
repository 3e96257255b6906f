// The lobby at "/": the new-game form, "Play someone now" (the quick pairing and the seeks), the
// players one follows (./following.js), the open challenges, the tournaments running or about to
// start, the recent games, and the import of a record; the daily puzzle (web/puzzles/page.js).

import { t } from "../i18n.js";
import { api, el } from "../ui.js";
import { importCard } from "./import.js";
import { lobbySocket } from "./lobby-socket.js";
import { followingCard } from "./following.js";
import { botsCard, challengesCard, recentCard } from "./lists.js";
import { newGameForm } from "./new-game.js";
import { quickPairing } from "./quick-pairing.js";
import { seekControls } from "./seek-form.js";
import { seeksCard } from "./seeks.js";
import { tournamentsCard } from "../tournaments/list.js";
import { dailyCard } from "../puzzles/page.js";

/** The width under which the lobby is one column (style.css, the lobby's @media rule). */
const ONE_COLUMN = "(max-width: 50rem)";

/** Draws the lobby into `app`.
 * @param {HTMLElement} app */
export async function lobby(app) {
  const catalog = await api("/api/catalog");
  // The header's tagline is in the page's language (the server words it).
  const tagline = document.querySelector("header.site .tagline")?.textContent || catalog.tagline;
  document.title = t("Tafel · play {tagline}", { tagline });
  /** @type {Promise<{ username: string } | null>} */
  const account = api("/api/account").catch(() => null);
  const newGame = newGameForm(catalog, account);
  const socket = lobbySocket(newGame.yourName);
  const seeks = seeksCard(catalog, socket, quickPairing(catalog, socket, account));
  newGame.placeSeek(seekControls(socket, newGame.chosen, account.then((signedIn) => signedIn !== null)));
  const lists = el("div", { class: "lobby-lists" }, seeks, challengesCard(newGame.yourName), botsCard(), tournamentsCard(), recentCard(),
    el("p", { class: "lobby-links" }, el("a", { href: "/learn", id: "lobby-learn-link" }, t("Learn to play")),
      " · ", el("a", { href: "/puzzles", id: "lobby-puzzles-link" }, t("Puzzles")),
      " · ", el("a", { href: "/leaderboard", id: "leaderboards-link" }, t("Leaderboards")),
      " · ", el("a", { href: "/editor", id: "editor-link" }, t("Position editor"))));
  // On a phone "Play someone now" brings the quick pairing and the seeks up under the choices;
  // otherwise they head the second column.
  const oneColumn = matchMedia(ONE_COLUMN);
  const placeSeeks = () => {
    if (newGame.mode() === "someone" && oneColumn.matches) newGame.someoneSlot.append(seeks);
    else lists.prepend(seeks);
  };
  newGame.onMode(placeSeeks);
  oneColumn.addEventListener("change", placeSeeks);
  app.replaceChildren(el("div", { class: "lobby" }, newGame.card, lists, importCard()));
  // The daily puzzle heads the lists once it is known (none when there are no puzzles).
  api("/api/puzzles/daily").then((daily) => lists.insertBefore(dailyCard(catalog, daily), seeks.parentNode === lists ? seeks.nextSibling : lists.firstChild), () => {});
  newGame.show();
  followingCard(account).then((card) => {
    if (card && seeks.parentElement === lists) seeks.after(card);
    else if (card) lists.prepend(card);
  });
}
