// What the game page shows around the board when people play together: who you are ("You play
// Black" / "You are watching"), the ticking clocks, and the table's controls (resign, draw
// offers, takebacks by consent, rematch), plus the optional chime when it is your turn.

import { el } from "./ui.js";

/** "4:59", "1:02:03", "2 d 03 h" for a clock's time left. */
export function formatClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86400);
  if (days >= 1) return `${days} d ${String(Math.floor((s % 86400) / 3600)).padStart(2, "0")} h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The time control in words: "5+3", "3 days per move", or null without clocks. */
export function controlName(control) {
  if (!control || control.kind === "none") return null;
  if (control.kind === "fischer") {
    const minutes = control.initial_seconds / 60;
    const initial = Number.isInteger(minutes) ? `${minutes}` : `${control.initial_seconds} s`;
    return `${initial}+${control.increment_seconds}`;
  }
  return `${control.days_per_move} ${control.days_per_move === 1 ? "day" : "days"} per move`;
}

/** The clocks of `view` (received at `receivedAt`, from performance.now()), one per seat;
 * `tick` keeps the running one going down. */
export function clockBox(view, receivedAt) {
  if (!view.clock) return null;
  const box = el("div", { class: "clocks", id: "clocks", role: "group", "aria-label": `Clocks, ${controlName(view.clock.control)}` },
    view.seats.map((s) => el("div", { class: `clock${view.clock.running === s.seat ? " running" : ""}`, "data-seat": s.seat },
      el("span", { class: "clock-name" }, s.player || s.name),
      el("span", { class: "time num", "aria-label": `${s.name}'s time` }, formatClock(view.clock.remaining_ms[s.seat])))));
  tick(box, view, receivedAt);
  return box;
}

/** Shows the running clock's time as of now. */
export function tick(box, view, receivedAt) {
  const running = view.clock?.running;
  if (!box || running === null || running === undefined) return;
  const left = view.clock.remaining_ms[running] - (performance.now() - receivedAt);
  const node = box.querySelector(`.clock[data-seat="${running}"] .time`);
  const text = formatClock(left);
  if (node && node.textContent !== text) node.textContent = text;
  box.querySelector(`.clock[data-seat="${running}"]`)?.classList.toggle("low", left < 10000);
}

/** "You play Black", "You play White and Black", "You are watching" (with the number of
 * spectators when known). */
export function youLine(view, mine, spectators) {
  const names = view.seats.filter((s) => mine(s.seat)).map((s) => s.name);
  const watching = spectators ? ` · ${spectators} watching` : "";
  const text = names.length
    ? `You play ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]}`
    : "You are watching";
  return el("p", { class: `you${names.length ? " player" : " spectator"}`, id: "you" }, text,
    el("span", { class: "help", id: "spectators" }, watching));
}

/**
 * The table's controls for a player: resign (with a confirmation), draw offers and takebacks
 * where another person plays (answered by buttons when asked), and the rematch once the game
 * is over. `mine(seat)` says whether this browser holds a seat; `act(what, action)` posts it.
 */
export function tableControls(view, mine, act, { confirming, setConfirming, othersPlay, ownMovePlayed }) {
  const mySeats = view.seats.filter((s) => mine(s.seat)).map((s) => s.seat);
  if (!mySeats.length) return null;
  const nameOf = (seat) => view.seats[seat].player || view.seats[seat].name;
  const box = el("div", { class: "table-controls", id: "table-controls", role: "group", "aria-label": "Game actions" });
  if (view.status.state === "over") {
    box.append(el("button", { class: "secondary", id: "rematch", onclick: () => act("rematch") },
      view.rematch ? "Go to the rematch" : "Rematch"));
    return box;
  }
  if (!view.started) return null;
  const p = view.proposals || {};
  const agreed = (list) => mySeats.every((s) => list.includes(s));
  if (othersPlay && p.draw) {
    if (agreed(p.draw)) {
      box.append(el("p", { class: "proposal", id: "draw-offered" }, "You offered a draw; waiting for the answer. "),
        el("button", { class: "secondary", id: "draw-decline", onclick: () => act("draw", "decline") }, "Withdraw the offer"));
    } else {
      box.append(el("p", { class: "proposal", id: "draw-offer-notice" }, `${nameOf(p.draw[0])} offers a draw.`),
        el("button", { id: "draw-accept", onclick: () => act("draw", "accept") }, "Accept the draw"),
        el("button", { class: "secondary", id: "draw-decline", onclick: () => act("draw", "decline") }, "Decline"));
    }
  }
  if (othersPlay && p.takeback) {
    if (agreed(p.takeback.accepted)) {
      box.append(el("p", { class: "proposal", id: "takeback-asked" }, "You asked to take back your last move; waiting for the answer. "),
        el("button", { class: "secondary", id: "takeback-decline", onclick: () => act("takeback", "decline") }, "Withdraw the request"));
    } else {
      box.append(el("p", { class: "proposal", id: "takeback-notice" }, `${nameOf(p.takeback.by)} asks to take back their last move.`),
        el("button", { id: "takeback-accept", onclick: () => act("takeback", "accept") }, "Accept the takeback"),
        el("button", { class: "secondary", id: "takeback-decline", onclick: () => act("takeback", "decline") }, "Decline"));
    }
  }
  const row = el("div", { class: "controls" });
  if (othersPlay && !p.draw) row.append(el("button", { class: "secondary", id: "draw-offer", onclick: () => act("draw", "offer") }, "Offer a draw"));
  if (othersPlay && !p.takeback && ownMovePlayed) {
    row.append(el("button", { class: "secondary", id: "takeback", onclick: () => act("takeback", "request") }, "Ask to take back"));
  }
  if (confirming) {
    row.append(el("span", { class: "proposal" }, "Resign this game?"),
      el("button", { class: "danger", id: "resign-confirm", onclick: () => { setConfirming(false); act("resign"); } }, "Yes, resign"),
      el("button", { class: "secondary", id: "resign-cancel", onclick: () => setConfirming(false) }, "No"));
  } else {
    row.append(el("button", { class: "secondary", id: "resign", onclick: () => setConfirming(true) }, "Resign"));
  }
  box.append(row);
  return box;
}

let audio = null;
/** A short two-note chime, made with the Web Audio API (no sound file). */
export function chime() {
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

/** Whether the player asked for the chime (off unless turned on). */
export const sound = {
  on: () => localStorage.getItem("tafel:sound") === "on",
  set: (on) => localStorage.setItem("tafel:sound", on ? "on" : "off"),
};
