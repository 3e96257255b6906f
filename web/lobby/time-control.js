// The clocks the lobby offers for a new game (none, Fischer, correspondence, or any Fischer
// clock from 1+0 up), the API's time control for a choice, and an open challenge's clock in
// words.

import { el } from "../ui.js";
import { t } from "../i18n.js";

/** @typedef {import("../ui.js").TimeControl} TimeControl */

/** The clocks offered: none, Fischer (minutes + seconds per move), correspondence.
 * @type {[string, () => string][]} */
const CLOCKS = [
  ["none", () => t("No clock")],
  ["fischer:180:0", () => t("3+0 (3 minutes each)")],
  ["fischer:300:3", () => t("5+3 (5 minutes, 3 seconds per move)")],
  ["fischer:900:10", () => "15+10"],
  ["correspondence:1", () => t("Correspondence, 1 day per move")],
  ["correspondence:3", () => t("Correspondence, 3 days per move")],
];

/** The clock's choice: a select ("No clock" chosen) and, for "Custom", the minutes each and
 * the seconds added per move, from 1+0 up to the server's limits (24 hours, 1 hour a move).
 * `nodes` go into the form; `value()` is the API's time control. */
export function clockPicker() {
  const select = el("select", { id: "clock" }, CLOCKS.map(([value, label]) => el("option", { value }, label())),
    el("option", { value: "custom" }, t("Custom: any minutes + seconds per move")));
  const minutes = el("input", { id: "clock-minutes", type: "number", min: 1, max: 1440, step: 1, value: 1, inputmode: "numeric" });
  const increment = el("input", { id: "clock-increment", type: "number", min: 0, max: 3600, step: 1, value: 0, inputmode: "numeric" });
  const custom = el("div", { class: "custom-clock", id: "custom-clock", hidden: true },
    el("div", {}, el("label", { for: "clock-minutes" }, t("Minutes each")), minutes),
    el("div", {}, el("label", { for: "clock-increment" }, t("Seconds added per move")), increment));
  select.addEventListener("change", () => { custom.hidden = select.value !== "custom"; });
  const value = () => (select.value === "custom"
    ? { kind: "fischer", initial_seconds: Math.round(Number(minutes.value) * 60), increment_seconds: Math.round(Number(increment.value)) }
    : timeControl(select.value));
  return { nodes: [select, custom], value };
}

/** The API's time control for a value of the clock's select.
 * @param {string} choice
 * @returns {TimeControl} */
function timeControl(choice) {
  const [kind, a, b] = choice.split(":");
  if (kind === "fischer") return { kind, initial_seconds: Number(a), increment_seconds: Number(b) };
  if (kind === "correspondence") return { kind, days_per_move: Number(a) };
  return { kind: "none" };
}

/** A challenge's time control in words: "no clock", "5+3", "1 d per move".
 * @param {TimeControl} control */
export function clockWords(control) {
  if (control.kind === "none") return t("no clock");
  if (control.kind === "fischer") return `${control.initial_seconds / 60}+${control.increment_seconds}`;
  return t("{days} d per move", { days: control.days_per_move });
}
