// "Play someone now": the seeks listed live through the lobby's WebSocket. A seek is made
// from the new-game form's game, settings and clock (its button stands where Start does when
// that choice is made); anyone else takes it in one click and both players land in the game.
// A seek lasts while its owner stays in the lobby.

import { language, t } from "../i18n.js";
import { settingsLine } from "./settings.js";
import { api, el, sentence, tokens } from "../ui.js";
import { clockWords } from "./time-control.js";

/** What the seeks' card keeps: the catalog, the player's own seeks, the lobby's socket.
 * @typedef {{ catalog: { games: import("../ui.js").CatalogGame[] }, mine: Set<string>, socket: WebSocket | null, signedIn: boolean }} SeeksState */

/** A message to the lobby's socket (`seek`, `take`, `withdraw`). @typedef {{ type: string } & Record<string, unknown>} LobbyMessage */

/** A seek as the lobby lists it.
 * @typedef {{ id: string, game: string, settings: Record<string, string>, time_control: import("../ui.js").TimeControl, rated: boolean, rating_min: number | null, rating_max: number | null, account: boolean, name: string }} Seek */

/** The card with the seeks (`card`) and the controls that make one (`controls`: the button,
 * "Rated", the error): `catalog` names the games, `chosen()` gives the form's game, settings and
 * clock, `yourName()` the name shown for a person without an account.
 * @param {{ games: import("../ui.js").CatalogGame[] }} catalog
 * @param {() => object} chosen
 * @param {() => string | null} yourName */
export function seeksCard(catalog, chosen, yourName) {
  /** @type {SeeksState} */
  const state = { catalog, mine: new Set(), socket: null, signedIn: false };
  const list = el("ul", { class: "recent", id: "seeks" }, el("li", { class: "help" }, t("Looking for seeks…")));
  const error = el("p", { class: "error", role: "alert", id: "seek-error" });
  const rated = el("input", { type: "checkbox", id: "seek-rated" });
  const ratedLabel = el("label", { class: "check", id: "seek-rated-label", hidden: true }, rated, " ", t("Rated"));
  const send = (/** @type {LobbyMessage} */ message) => {
    error.textContent = "";
    const named = message.type === "withdraw" ? message : { ...message, name: yourName() || undefined };
    if (state.socket?.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(named));
    else error.textContent = t("Not connected to the lobby; trying again…");
  };
  const seekButton = el("button", { id: "seek", onclick: () => send({ type: "seek", seek: { ...chosen(), rated: rated.checked } }) },
    t("Seek an opponent"));
  api("/api/account").then(() => { state.signedIn = true; ratedLabel.hidden = false; }).catch(() => {});
  connect(state, list, error, send);
  const card = el("section", { class: "card seeks-card", "aria-labelledby": "seeks-title" },
    el("h2", { id: "seeks-title" }, t("Play someone now")),
    el("p", { class: "help" }, t("Take a seek to play at once, or choose “Play someone now” to seek with the game, settings and clock chosen; a seek stays listed while you are on this page.")),
    list);
  return { card, controls: [seekButton, ratedLabel, error] };
}

/** Opens the lobby's WebSocket, and again two seconds after it closes (at once, after a random
 * pause of up to a quarter of a second, when the server said `reconnect`: it is stopping).
 * @param {SeeksState} state
 * @param {HTMLElement} list
 * @param {HTMLElement} error
 * @param {(message: LobbyMessage) => void} send */
function connect(state, list, error, send) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/lobby/ws?lang=${language()}`); // the page's language, which a WebSocket cannot say in a header
  state.socket = socket;
  let restarting = false;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "seeks") show(state, list, message.seeks, send);
    else if (message.type === "seeking") state.mine.add(message.seek.id);
    else if (message.type === "error") error.textContent = sentence(message.error);
    else if (message.type === "reconnect") { restarting = true; socket.close(); }
    else if (message.type === "game") {
      tokens.save(message.id, { [message.seat]: { kind: "seat", token: message.token, joined: true } });
      location.href = `/game/${message.id}`;
    }
  };
  socket.onclose = () => {
    state.mine.clear();
    setTimeout(() => connect(state, list, error, send), restarting ? 50 + Math.random() * 200 : 2000);
  };
}

/** Shows `seeks`: the player's own with Withdraw, the others with Play.
 * @param {SeeksState} state
 * @param {HTMLElement} list
 * @param {Seek[]} seeks
 * @param {(message: LobbyMessage) => void} send */
function show(state, list, seeks, send) {
  if (!seeks.length) {
    list.replaceChildren(el("li", { class: "help" }, t("Nobody is seeking a game now.")));
    return;
  }
  list.replaceChildren(...seeks.map((seek) => {
    const entry = state.catalog.games.find((g) => g.name === seek.game);
    const title = entry?.title || seek.game;
    const settings = settingsLine(entry, seek.settings);
    const range = seek.rating_min !== null || seek.rating_max !== null
      ? ` · ${t("ratings {min}–{max}", { min: seek.rating_min ?? t("any"), max: seek.rating_max ?? t("any") })}` : "";
    const who = seek.account ? el("a", { href: `/@/${encodeURIComponent(seek.name)}` }, seek.name) : seek.name;
    const mine = state.mine.has(seek.id);
    return el("li", { "data-seek": seek.id },
      el("div", { class: "recent-head" }, el("span", {}, title), el("span", { class: "help" }, clockWords(seek.time_control))),
      el("div", { class: "help" }, who, ` · ${seek.rated ? t("rated") : t("casual")}${range}${settings ? ` · ${settings}` : ""}`),
      el("div", { class: "controls" }, mine
        ? el("button", { class: "secondary", "data-withdraw": seek.id, onclick: () => send({ type: "withdraw", id: seek.id }) }, t("Withdraw"))
        : el("button", { "data-take": seek.id, onclick: () => send({ type: "take", id: seek.id }) }, t("Play {name}", { name: seek.name }))));
  }));
}
