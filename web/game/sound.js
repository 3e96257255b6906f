// Move sounds, as lichess has them: a short knock for every move that arrives (one's own and
// the opponent's), a heavier one for a move that captured (the board marked a capture), a
// chime when the game ends. On unless turned off (the choice kept in localStorage, its
// checkbox on the game page), and never before the user's first gesture on the page (the
// browser would refuse the sound anyway). Made with the Web Audio API, no sound file.

import { el } from "../ui.js";
import { t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

const KEY = "tafel:sound";

/** Whether the player wants the sounds (on unless turned off). */
const soundsOn = () => localStorage.getItem(KEY) !== "off";

/** The notes of each sound: [frequency in Hz, start in s, length in s, loudness 0..1].
 * @type {Record<string, [number, number, number, number][]>} */
const SOUNDS = {
  move: [[520, 0, 0.07, 0.25]],
  capture: [[330, 0, 0.09, 0.3], [250, 0.07, 0.12, 0.3]],
  end: [[660, 0, 0.25, 0.2], [880, 0.15, 0.3, 0.2]],
};

/** @type {AudioContext | null} */
let audio = null;

/** Plays sound `name` of SOUNDS, if the page may make a sound (after a user gesture).
 * @param {keyof typeof SOUNDS} name */
function play(name) {
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [freq, start, length, loudness] of SOUNDS[name]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(loudness, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    // No audio here: the board shows the move anyway.
  }
}

/** Sounds what arrived since the page was last drawn (when it follows the game): the end's
 * chime when the game has just ended (by a move, a resignation, a clock), else a capture's or
 * a move's knock for new moves; `drawn` is the board just drawn.
 * @param {Game} game
 * @param {Drawn} drawn */
export function soundNewMoves(game, drawn) {
  const now = { moves: game.view.moves.length, over: game.view.status.state === "over" };
  const before = game.heard;
  game.heard = now;
  if (!before || game.shownPly !== null || !soundsOn()) return;
  if (now.over && !before.over) play("end");
  else if (now.moves > before.moves) play(drawn.svg.querySelector(".lm-capture") ? "capture" : "move");
}

/** The checkbox that turns the move sounds off or on (and plays one, to hear it). */
export function soundToggle() {
  return el("label", { class: "sound-toggle" }, el("input", { type: "checkbox", id: "sound", checked: soundsOn(),
    onchange: (/** @type {Event} */ e) => {
      const { checked } = /** @type {HTMLInputElement} */ (e.target);
      localStorage.setItem(KEY, checked ? "on" : "off");
      if (checked) play("move");
    } }), " ", t("Move sounds"));
}
