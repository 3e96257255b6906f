// The game page's live connection: the WebSocket that pushes every change of the game, reopened by
// itself after it is lost (the server restarted, the network dropped), with the state of the
// connection reported so that the page can say so.

import { language } from "../i18n.js";

/**
 * Follows game `id`: `onView(view)` gets every view the server pushes (one at once on each
 * (re)connection), `onEvent(message)` the other messages (`presence`, `joined`, `rematch`, `answered`),
 * `onError(message, status)` the server's error messages (with the HTTP status the same request would have had), `onState(state)` "open" or "lost".
 * `hello()` gives the seat tokens this browser holds, sent on each (re)connection so that the
 * server counts this viewer as their player rather than a spectator; the returned `greet()`
 * sends them again (after joining a seat), and `onHello()` is called after each (what this
 * viewer may read may have changed). Whether the page is hidden is said too (on opening and on
 * every change). Retries after 0.5 s, doubling up to 5 s. A server that stops (a restart, an
 * upgrade) says `reconnect` first: the socket is opened again at once (after a random pause of
 * up to a quarter of a second, so that its viewers do not all arrive together), through the
 * load balancer to another instance, without reporting the connection lost.
 * @param {string} id
 * @param {object} handlers
 * @param {(view: import("../ui.js").GameView) => void} handlers.onView
 * @param {(message: import("./online.js").TableEvent | { type: "chat", message: import("./chat.js").Message }) => void} handlers.onEvent
 * @param {(message: string, status: number) => void} handlers.onError
 * @param {(state: "open" | "lost") => void} handlers.onState
 * @param {() => string[]} handlers.hello
 * @param {() => void} [handlers.onHello]
 */
export function follow(id, { onView, onEvent, onError, onState, hello, onHello }) {
  let delay = 500;
  let lost = false;
  let restarting = false;
  /** @type {WebSocket | null} */
  let socket = null;
  const send = (/** @type {object} */ message) => { if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); };
  const greet = () => {
    const tokens = hello();
    if (tokens.length) send({ type: "hello", tokens });
    onHello?.();
  };
  // A hidden page (another tab in front) is said, so that the other players see "away".
  const sayAway = () => send({ type: "away", away: document.hidden });
  document.addEventListener("visibilitychange", sayAway);
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The page's language, which a WebSocket cannot say in a header: the views pushed are worded in it.
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws?lang=${language()}`);
    socket.onopen = () => {
      delay = 500;
      greet();
      if (document.hidden) sayAway();
      if (lost) { lost = false; onState("open"); }
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") onView(message.view);
      else if (message.type === "error") onError(message.error, message.status);
      else if (message.type === "reconnect") { restarting = true; socket?.close(); }
      else onEvent(message);
    };
    socket.onclose = () => {
      if (restarting) {
        restarting = false;
        setTimeout(open, 50 + Math.random() * 200);
        return;
      }
      if (!lost) { lost = true; onState("lost"); }
      setTimeout(open, delay);
      delay = Math.min(5000, delay * 2);
    };
  }
  open();
  return { greet };
}
