// Browser notifications of one's turn in a game with another person, while the page is hidden
// (another tab or window in front): asked for with a button, never required; the choice is
// kept in localStorage and the browser's permission is asked for only on that click.

import { el } from "../ui.js";
import { pageTitle } from "./status.js";
import { t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */

const KEY = "tafel:notify";

/** Whether notifications can be shown: asked for here and allowed by the browser. */
const allowed = () => "Notification" in window && Notification.permission === "granted" && localStorage.getItem(KEY) === "on";

/** Whether it has just become this screen's turn with another person playing (since the page
 * was last drawn).
 * @param {Game} game */
function turnBegan(game) {
  const { view, seats } = game;
  const myTurn = view.status.state === "to_move" && view.started && seats.mine(view.status.seat) && seats.othersPlay(view);
  const began = myTurn && !game.wasMyTurn;
  game.wasMyTurn = myTurn;
  return began;
}

/** Shows a notification when it has just become this screen's turn, if the page is hidden and
 * they are on.
 * @param {Game} game */
export function notifyTurn(game) {
  if (!turnBegan(game) || !document.hidden || !allowed()) return;
  try {
    const note = new Notification(pageTitle(game), { body: game.ui.lastLine.textContent, tag: `tafel-${game.id}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch {
    // Some browsers show notifications only from a service worker: the title still tells.
  }
}

/** The button that turns the notifications on (asking the browser) or off, for a player in a
 * game with another person; nothing where the browser has no notifications.
 * @param {Game} game */
export function notifyToggle(game) {
  const { view, seats } = game;
  if (!("Notification" in window) || !seats.all().length || !seats.othersPlay(view) || view.status.state === "over") return null;
  if (Notification.permission === "denied") {
    return el("p", { class: "help", id: "notify-denied" }, t("Notifications of your turn are blocked in this browser's settings."));
  }
  const on = allowed();
  return el("button", { class: "secondary", id: "notify", type: "button", "aria-pressed": String(on), onclick: async () => {
    if (on) localStorage.setItem(KEY, "off");
    else localStorage.setItem(KEY, (await Notification.requestPermission()) === "granted" ? "on" : "off");
    game.render({ animate: false });
  } }, on ? t("Notifications of my turn: on") : t("Notify me of my turn when this page is hidden"));
}
