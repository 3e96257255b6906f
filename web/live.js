// A game's live connection: the WebSocket that pushes every change of the game, reopened by
// itself after it is lost (the server restarted, the network dropped), with the state of the
// connection reported so that the page can say so.

/**
 * Follows game `id`: `onView(view)` gets every view the server pushes (one at once on each
 * (re)connection), `onError(message)` the server's error messages, `onState(state)` "open" or
 * "lost". Retries after 0.5 s, doubling up to 5 s.
 */
export function follow(id, { onView, onError, onState }) {
  let delay = 500;
  let lost = false;
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws`);
    socket.onopen = () => {
      delay = 500;
      if (lost) { lost = false; onState("open"); }
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") onView(message.view);
      else if (message.type === "error") onError(message.error);
    };
    socket.onclose = () => {
      if (!lost) { lost = true; onState("lost"); }
      setTimeout(open, delay);
      delay = Math.min(5000, delay * 2);
    };
  }
  open();
}
