// The optional chime when it becomes this screen's turn in a game with another person: the
// player's choice (off unless turned on, kept in localStorage), its checkbox, and the sound.

import { el } from "../ui.js";
import { t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */

/** Whether the player asked for the chime. */
const sound = {
  on: () => localStorage.getItem("tafel:sound") === "on",
  set: (/** @type {boolean} */ on) => localStorage.setItem("tafel:sound", on ? "on" : "off"),
};

/** @type {AudioContext | null} */
let audio = null;
/** A short two-note chime, made with the Web Audio API (no sound file). */
function chime() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.15);
      osc.stop(now + i * 0.15 + 0.3);
    }
  } catch {
    // No audio here: the tab title still tells.
  }
}

/** Chimes (if asked for) when it has just become this screen's turn with another person
 * playing; returns whether it just did become so.
 * @param {Game} game */
export function chimeOnMyTurn(game) {
  const { view, seats } = game;
  const myTurn = view.status.state === "to_move" && view.started && seats.mine(view.status.seat) && seats.othersPlay(view);
  const began = myTurn && !game.wasMyTurn;
  if (began && sound.on()) chime();
  game.wasMyTurn = myTurn;
  return began;
}

/** The checkbox that turns the chime on (and plays it once, to hear it). */
export function soundToggle() {
  return el("label", { class: "sound-toggle" }, el("input", { type: "checkbox", id: "sound", checked: sound.on(),
    onchange: (/** @type {Event} */ e) => {
      const { checked } = /** @type {HTMLInputElement} */ (e.target);
      sound.set(checked);
      if (checked) chime();
    } }), " ", t("Sound when it is my turn"));
}
