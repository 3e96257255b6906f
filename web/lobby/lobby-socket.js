// The lobby's WebSocket (docs/api.md, "Someone to play now: seeks"): the seeks listed now, which
// of them are this page's own, and the messages that seek, take and withdraw. The seeks' list and
// the quick pairing both read it; each is told of every change. A refusal is shown where the
// request that caused it was made. The game made from a seek opens at once.

import { language, t } from "../i18n.js";
import { sentence, tokens } from "../ui.js";

/** A seek as the lobby lists it: `rating` is the seeker's rating in the game, rounded (null
 * without an account or a rated game of it yet).
 * @typedef {{ id: string, game: string, settings: Record<string, string>, time_control: import("../ui.js").TimeControl, rated: boolean, rating_min: number | null, rating_max: number | null, rating: number | null, account: boolean, name: string }} Seek */

/** A message to the lobby's socket (`seek`, `take`, `withdraw`). @typedef {{ type: string } & Record<string, unknown>} LobbyMessage */

/** What the lobby's socket offers its readers (see `lobbySocket`).
 * @typedef {object} LobbySocket
 * @property {() => Seek[]} seeks the seeks listed now, oldest first
 * @property {(seek: Seek) => boolean} isMine whether a seek is this page's own
 * @property {(listener: () => void) => void} listen calls `listener` after every change of the list
 * @property {(message: LobbyMessage, errorBox: HTMLElement) => void} send sends a message; a
 *   refusal (or a lost connection) is shown in `errorBox` */

/** Opens the lobby's socket; `yourName()` gives the name a person without an account seeks and
 * takes with.
 * @param {() => string | null} yourName
 * @returns {LobbySocket} */
export function lobbySocket(yourName) {
  /** @type {{ seeks: Seek[], mine: Set<string>, socket: WebSocket | null, errorBox: HTMLElement | null, listeners: (() => void)[] }} */
  const state = { seeks: [], mine: new Set(), socket: null, errorBox: null, listeners: [] };
  connect(state);
  return {
    seeks: () => state.seeks,
    isMine: (seek) => state.mine.has(seek.id),
    listen: (listener) => { state.listeners.push(listener); },
    send(message, errorBox) {
      state.errorBox?.replaceChildren();
      state.errorBox = errorBox;
      const named = message.type === "withdraw" ? message : { ...message, name: yourName() || undefined };
      if (state.socket?.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(named));
      else errorBox.textContent = t("Not connected to the lobby; trying again…");
    },
  };
}

/** Opens the socket, and again two seconds after it closes (at once, after a random pause of up
 * to a quarter of a second, when the server said `reconnect`: it is stopping).
 * @param {{ seeks: Seek[], mine: Set<string>, socket: WebSocket | null, errorBox: HTMLElement | null, listeners: (() => void)[] }} state */
function connect(state) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/lobby/ws?lang=${language()}`); // the page's language, which a WebSocket cannot say in a header
  state.socket = socket;
  let restarting = false;
  const changed = () => { for (const listener of state.listeners) listener(); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "seeks") { state.seeks = message.seeks; changed(); }
    else if (message.type === "seeking") { state.mine.add(message.seek.id); changed(); }
    else if (message.type === "error") { if (state.errorBox) state.errorBox.textContent = sentence(message.error); }
    else if (message.type === "reconnect") { restarting = true; socket.close(); }
    else if (message.type === "game") {
      tokens.save(message.id, { [message.seat]: { kind: "seat", token: message.token, joined: true } });
      location.href = `/game/${message.id}`;
    }
  };
  socket.onclose = () => {
    state.mine.clear();
    changed();
    setTimeout(() => connect(state), restarting ? 50 + Math.random() * 200 : 2000);
  };
}
