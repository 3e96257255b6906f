// The clocks the lobby offers for a new game (none, Fischer, correspondence), the API's time
// control for a choice, and an open challenge's clock in words.

import { el } from "../ui.js";

/** The clocks offered: none, Fischer (minutes + seconds per move), correspondence. */
const CLOCKS = [
  ["none", "No clock"],
  ["fischer:180:0", "3+0 (3 minutes each)"],
  ["fischer:300:3", "5+3 (5 minutes, 3 seconds per move)"],
  ["fischer:900:10", "15+10"],
  ["correspondence:1", "Correspondence, 1 day per move"],
  ["correspondence:3", "Correspondence, 3 days per move"],
];

/** The clock's select, "No clock" chosen. */
export const clockSelect = () => el("select", { id: "clock" }, CLOCKS.map(([value, label]) => el("option", { value }, label)));

/** The API's time control for a value of the clock's select. */
export function timeControl(choice) {
  const [kind, a, b] = choice.split(":");
  if (kind === "fischer") return { kind, initial_seconds: Number(a), increment_seconds: Number(b) };
  if (kind === "correspondence") return { kind, days_per_move: Number(a) };
  return { kind: "none" };
}

/** A challenge's time control in words: "no clock", "5+3", "1 d per move". */
export function clockWords(control) {
  if (control.kind === "none") return "no clock";
  if (control.kind === "fischer") return `${control.initial_seconds / 60}+${control.increment_seconds}`;
  return `${control.days_per_move} d per move`;
}
