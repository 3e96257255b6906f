// "Play someone now": the quick pairing's tiles (web/lobby/quick-pairing.js) and the seeks
// listed live through the lobby's socket (web/lobby/lobby-socket.js), each in words: the game,
// the clock, who seeks with their rating, rated or casual, the range of ratings wanted, the
// settings that differ from the game's defaults. Anyone else takes a seek in one click and both
// players land in the game; one's own seek has Withdraw. A seek lasts while its owner stays in
// the lobby.

import { t } from "../i18n.js";
import { notDefaults, settingsLine } from "./settings.js";
import { el } from "../ui.js";
import { clockWords } from "./time-control.js";

/** @typedef {import("./lobby-socket.js").Seek} Seek */

/** The card "Play someone now": `quickPairing` (the tiles) above the seeks of `socket`, which
 * `catalog` names in words.
 * @param {{ games: import("../ui.js").CatalogGame[] }} catalog
 * @param {import("./lobby-socket.js").LobbySocket} socket
 * @param {HTMLElement} quickPairing */
export function seeksCard(catalog, socket, quickPairing) {
  const list = el("ul", { class: "recent", id: "seeks" }, el("li", { class: "help" }, t("Looking for seeks…")));
  const error = el("p", { class: "error", role: "alert", id: "seeks-error" });
  socket.listen(() => show(catalog, socket, list, error));
  return el("section", { class: "card seeks-card", "aria-labelledby": "seeks-title" },
    el("h2", { id: "seeks-title" }, t("Play someone now")),
    quickPairing,
    el("h3", { id: "seeks-list-title" }, t("Seeks waiting")),
    list,
    el("p", { class: "help", id: "seeks-last" }, t("A seek stays listed while you are on this page.")),
    error);
}

/** Shows the seeks: the player's own with Withdraw, the others with Play.
 * @param {{ games: import("../ui.js").CatalogGame[] }} catalog
 * @param {import("./lobby-socket.js").LobbySocket} socket
 * @param {HTMLElement} list
 * @param {HTMLElement} error */
function show(catalog, socket, list, error) {
  const seeks = socket.seeks();
  if (!seeks.length) {
    list.replaceChildren(el("li", { class: "help" }, t("Nobody is seeking a game now.")));
    return;
  }
  list.replaceChildren(...seeks.map((seek) => {
    const entry = catalog.games.find((g) => g.name === seek.game);
    return el("li", { "data-seek": seek.id },
      el("div", { class: "recent-head" }, el("span", {}, entry?.title || seek.game), el("span", { class: "help" }, clockWords(seek.time_control))),
      el("div", { class: "seek-line" }, el("div", { class: "help seek-words" }, seekWords(entry, seek)),
        el("div", { class: "controls" }, socket.isMine(seek)
          ? el("button", { class: "secondary", "data-withdraw": seek.id, onclick: () => socket.send({ type: "withdraw", id: seek.id }, error) }, t("Withdraw"))
          : el("button", { "data-take": seek.id, onclick: () => socket.send({ type: "take", id: seek.id }, error) }, t("Play {name}", { name: seek.name })))));
  }));
}

/** A seek in words: "Ann (1623) · rated · ratings 1400–any · Board size: 6".
 * @param {import("../ui.js").CatalogGame | undefined} entry
 * @param {Seek} seek */
function seekWords(entry, seek) {
  const name = seek.account ? el("a", { href: `/@/${encodeURIComponent(seek.name)}` }, seek.name) : seek.name;
  const rating = seek.rating !== null ? String(seek.rating) : seek.account ? t("no rating yet") : null;
  const ranged = seek.rating_min !== null || seek.rating_max !== null;
  const words = [
    seek.rated ? t("rated") : t("casual"),
    ranged ? t("ratings {min}–{max}", { min: seek.rating_min ?? t("any"), max: seek.rating_max ?? t("any") }) : "",
    settingsLine(entry, notDefaults(entry, seek.settings)),
  ].filter(Boolean);
  return [name, rating ? el("span", { class: "seek-rating" }, ` (${rating})`) : null, ` · ${words.join(" · ")}`];
}
