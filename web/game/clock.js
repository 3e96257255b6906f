// The game's clocks: one per seat with the time left, the running one ticking down between the
// server's views, low time marked, a seat that went berserk (an Arena game) marked.

import { botBadge, el } from "../ui.js";
import { sideName, t, tn } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */

/** "4:59", "1:02:03", "2 d 03 h" for a clock's time left.
 * @param {number} ms */
function formatClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86400);
  if (days >= 1) return t("{days} d {hours} h", { days, hours: String(Math.floor((s % 86400) / 3600)).padStart(2, "0") });
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The time control in words: "5+3", "3 days per move", or null without clocks.
 * @param {import("../ui.js").TimeControl | undefined} control */
export function controlName(control) {
  if (!control || control.kind === "none") return null;
  if (control.kind === "fischer") {
    const minutes = control.initial_seconds / 60;
    const initial = Number.isInteger(minutes) ? `${minutes}` : `${control.initial_seconds} s`;
    return `${initial}+${control.increment_seconds}`;
  }
  return tn(control.days_per_move, "{n} day per move", "{n} days per move");
}

/** The clocks of the game, one per seat (none without a time control).
 * @param {Game} game */
export function clockBox(game) {
  const { view } = game;
  const { clock } = view;
  if (!clock) return null;
  const box = el("div", { class: "clocks", id: "clocks", role: "group", "aria-label": t("Clocks, {control}", { control: controlName(clock.control) }) },
    view.seats.map((s) => el("div", { class: `clock${clock.running === s.seat ? " running" : ""}`, "data-seat": s.seat },
      el("span", { class: "clock-name" }, s.player || sideName(s.name), s.bot ? [" ", botBadge()] : null,
        clock.berserk?.[s.seat] ? [" ", el("span", { class: "berserk-mark", title: t("Berserk: half the time, no increment, a point more for a win") }, t("berserk"))] : null),
      el("span", { class: "time num", "aria-label": t("{side}'s time", { side: sideName(s.name) }) }, formatClock(clock.remaining_ms[s.seat])))));
  tick(box, game);
  return box;
}

/** Shows the running clock's time as of now in `box`.
 * @param {Element | null} box
 * @param {Game} game */
function tick(box, { view, receivedAt }) {
  const { clock } = view;
  const running = clock?.running;
  if (!box || !clock || running === null || running === undefined) return;
  const left = clock.remaining_ms[running] - (performance.now() - receivedAt);
  const node = box.querySelector(`.clock[data-seat="${running}"] .time`);
  const text = formatClock(left);
  if (node && node.textContent !== text) node.textContent = text;
  box.querySelector(`.clock[data-seat="${running}"]`)?.classList.toggle("low", left < 10000);
}

/** Keeps the running clock ticking between the server's views.
 * @param {Game} game */
export function keepClocksRunning(game) {
  setInterval(() => tick(document.getElementById("clocks"), game), 200);
}
