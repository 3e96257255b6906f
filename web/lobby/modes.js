// The lobby's three big choices, as on lichess: play the computer, play a friend, play someone
// now. Each shows its one or two questions (the computer's level and your side; where the friend
// sits and your side; nothing for a seek) and fills the seats below from them, so that a
// newcomer needs nothing else before Start; the seats stay open to change one by one.

import { t } from "../i18n.js";
import { el } from "../ui.js";
import { DEFAULT_LEVEL, levelWords } from "./levels.js";
import { seatLabel } from "./seats.js";

/** The three choices: the value, the button's words and the line under them. */
const MODES = [
  ["computer", t("Play the computer"), t("at a level you choose")],
  ["friend", t("Play a friend"), t("at this screen, or online with a link")],
  ["someone", t("Play someone now"), t("an opponent online who is waiting too")],
];

/** The choices' buttons and their questions; `changed(mode)` is called when the choice or an
 * answer changes. `mode()` is the choice made, `offer(names, levels)`
 * fills the questions for the seats and levels of the game chosen (keeping the answers where
 * they still apply), `seats(count)` the seat values the answers ask for. `buttons` and
 * `questions` go into the form.
 * @param {(mode: string) => void} changed */
export function modeChooser(changed) {
  const state = { mode: "computer" };
  const buttons = MODES.map(([value, title, line]) => el("button", {
    type: "button", class: "mode", id: `mode-${value}`, "aria-pressed": String(value === state.mode),
    onclick: () => choose(value),
  }, el("strong", {}, title), el("span", {}, line)));
  const level = el("select", { id: "level", onchange: () => changed(state.mode) });
  const side = el("select", { id: "side", onchange: () => changed(state.mode) });
  const where = el("select", { id: "friend-where", onchange: () => changed(state.mode) },
    el("option", { value: "invite" }, t("Online: I send a link")),
    el("option", { value: "local" }, t("Here, at this screen")));
  const levelBox = el("div", { class: "question", id: "level-question" }, el("label", { for: "level" }, t("Level")), level);
  const whereBox = el("div", { class: "question", id: "where-question", hidden: true }, el("label", { for: "friend-where" }, t("Your friend plays")), where);
  const sideBox = el("div", { class: "question", id: "side-question" }, el("label", { for: "side" }, t("You play")), side);
  const questions = el("div", { class: "questions" }, levelBox, whereBox, sideBox);
  /** @param {string} value */
  function choose(value) {
    state.mode = value;
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.id === `mode-${value}`));
    levelBox.hidden = value !== "computer";
    whereBox.hidden = value !== "friend";
    sideBox.hidden = value === "someone";
    changed(value);
  }
  return {
    buttons: el("div", { class: "modes", role: "group", "aria-label": t("How to play") }, buttons),
    questions,
    mode: () => state.mode,
    /** @param {string[]} names
     * @param {import("../ui.js").LevelView[]} levels */
    offer(names, levels) {
      const keepSide = side.value;
      side.replaceChildren(...names.map((name, i) => el("option", { value: i }, seatLabel(name))));
      if (keepSide !== "" && Number(keepSide) < names.length) side.value = keepSide;
      const keepLevel = level.value || String(DEFAULT_LEVEL);
      level.replaceChildren(...levels.map((l) => el("option", { value: l.level, disabled: Boolean(l.notice) },
        `${levelWords(l.level)}${l.notice ? ` ${t("(unavailable)")}` : ""}`)));
      const usable = levels.filter((l) => !l.notice).map((l) => String(l.level));
      level.value = usable.includes(keepLevel) ? keepLevel : usable.filter((l) => Number(l) <= DEFAULT_LEVEL).pop() || usable[0] || "";
    },
    /** @param {number} count */
    seats(count) {
      const mine = Number(side.value) || 0;
      const other = state.mode === "computer" ? `computer:${level.value}` : where.value;
      return Array.from({ length: count }, (_, i) => (i === mine ? "local" : other));
    },
  };
}
