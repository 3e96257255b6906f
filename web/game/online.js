// Online play around the board: the table's controls for a player (resign with a confirmation,
// draw offers and takebacks by consent, answered by buttons, and the rematch once the game is
// over), and the table's notices from the connection (who joined, a rematch asked for, how
// many watch).

import { api, el, tokens } from "../ui.js";
import { actingSeat, showSpectators } from "./seats.js";
import { post } from "./state.js";

/** Resign, draw, takeback (with `action`: offer, accept, decline...) for this browser's seat. */
function act(game, what, action) {
  const body = { token: game.seats.token(actingSeat(game)), ...(action ? { action } : {}) };
  return post(game, what, body);
}

/** Asks for the rematch (or finds the one asked for), keeps its seats and opens it. */
async function rematch(game) {
  game.showError("");
  try {
    const next = await api(`/api/games/${game.id}/rematch`, { method: "POST", body: JSON.stringify({ token: game.seats.token(actingSeat(game)) }) });
    const held = {};
    for (const s of next.seats) held[s.seat] = { kind: "seat", token: s.token, joined: true };
    for (const s of next.invites) held[s.seat] = { kind: "invite", invite: s.invite };
    tokens.save(next.id, { ...held, ...tokens.load(next.id) });
    location.href = `/game/${next.id}`;
  } catch (e) {
    game.showError(e.message);
  }
}

/** The table's controls for a player; nothing for a spectator. */
export function tableControls(game) {
  const { view, seats } = game;
  const mySeats = view.seats.filter((s) => seats.mine(s.seat)).map((s) => s.seat);
  if (!mySeats.length) return null;
  const box = el("div", { class: "table-controls", id: "table-controls", role: "group", "aria-label": "Game actions" });
  if (view.status.state === "over") {
    box.append(el("button", { class: "secondary", id: "rematch", onclick: () => rematch(game) },
      view.rematch ? "Go to the rematch" : "Rematch"));
    return box;
  }
  if (!view.started) return null;
  const othersPlay = seats.othersPlay(view);
  const proposals = view.proposals || {};
  if (othersPlay && proposals.draw) box.append(...drawAnswer(game, mySeats, proposals.draw));
  if (othersPlay && proposals.takeback) box.append(...takebackAnswer(game, mySeats, proposals.takeback));
  box.append(proposalRow(game, othersPlay, proposals));
  return box;
}

/** Whether every seat of `mySeats` is among `seats`. */
const agreed = (mySeats, seats) => mySeats.every((s) => seats.includes(s));

/** The name of the player in `seat`, as the table says it. */
const nameOf = (view, seat) => view.seats[seat].player || view.seats[seat].name;

/** The draw offered: withdraw one's own offer, or accept or decline another's. */
function drawAnswer(game, mySeats, offeredBy) {
  if (agreed(mySeats, offeredBy)) {
    return [el("p", { class: "proposal", id: "draw-offered" }, "You offered a draw; waiting for the answer. "),
      el("button", { class: "secondary", id: "draw-decline", onclick: () => act(game, "draw", "decline") }, "Withdraw the offer")];
  }
  return [el("p", { class: "proposal", id: "draw-offer-notice" }, `${nameOf(game.view, offeredBy[0])} offers a draw.`),
    el("button", { id: "draw-accept", onclick: () => act(game, "draw", "accept") }, "Accept the draw"),
    el("button", { class: "secondary", id: "draw-decline", onclick: () => act(game, "draw", "decline") }, "Decline")];
}

/** The takeback asked for: withdraw one's own request, or accept or decline another's. */
function takebackAnswer(game, mySeats, takeback) {
  if (agreed(mySeats, takeback.accepted)) {
    return [el("p", { class: "proposal", id: "takeback-asked" }, "You asked to take back your last move; waiting for the answer. "),
      el("button", { class: "secondary", id: "takeback-decline", onclick: () => act(game, "takeback", "decline") }, "Withdraw the request")];
  }
  return [el("p", { class: "proposal", id: "takeback-notice" }, `${nameOf(game.view, takeback.by)} asks to take back their last move.`),
    el("button", { id: "takeback-accept", onclick: () => act(game, "takeback", "accept") }, "Accept the takeback"),
    el("button", { class: "secondary", id: "takeback-decline", onclick: () => act(game, "takeback", "decline") }, "Decline")];
}

/** Offer a draw, ask to take back (after one's own move), and resign (confirmed first). */
function proposalRow(game, othersPlay, proposals) {
  const { view, seats } = game;
  const row = el("div", { class: "controls" });
  const ownMovePlayed = view.plies.some((p) => p.seat !== null && seats.mine(p.seat));
  if (othersPlay && !proposals.draw) row.append(el("button", { class: "secondary", id: "draw-offer", onclick: () => act(game, "draw", "offer") }, "Offer a draw"));
  if (othersPlay && !proposals.takeback && ownMovePlayed) {
    row.append(el("button", { class: "secondary", id: "takeback", onclick: () => act(game, "takeback", "request") }, "Ask to take back"));
  }
  const confirming = (on) => { game.confirmingResign = on; game.render({ animate: false }); };
  if (game.confirmingResign) {
    row.append(el("span", { class: "proposal" }, "Resign this game?"),
      el("button", { class: "danger", id: "resign-confirm", onclick: () => { confirming(false); act(game, "resign"); } }, "Yes, resign"),
      el("button", { class: "secondary", id: "resign-cancel", onclick: () => confirming(false) }, "No"));
  } else {
    row.append(el("button", { class: "secondary", id: "resign", onclick: () => confirming(true) }, "Resign"));
  }
  return row;
}

/** Takes in a message of the connection other than a view: spectators counted, somebody
 * joined, a rematch asked for. */
export function tableEvent(game, message) {
  if (message.type === "presence") {
    showSpectators(game, message.spectators);
  } else if (message.type === "joined") {
    if (game.seats.mine(message.seat)) return; // the person who joined knows it
    game.notice = `${message.name} joined as ${game.view.seats[message.seat]?.name ?? `seat ${message.seat}`}.`;
    game.noticeLink = null;
    game.joinedSeat = message.seat;
    game.render({ animate: false });
  } else if (message.type === "rematch") {
    game.notice = "A rematch was asked for.";
    // The players take their seats with the Rematch button; anyone else may watch it.
    const playing = game.view.seats.some((s) => game.seats.mine(s.seat));
    game.noticeLink = playing ? null : { href: `/game/${message.id}`, text: "Watch the rematch" };
    game.render({ animate: false });
  }
}

/** The notice line: the last thing that happened at the table (redrawn only when it changed,
 * so that a screen reader says it once). */
export function showNotice(game) {
  const { noticeLine } = game.ui;
  const shown = `${game.notice}|${game.noticeLink?.href ?? ""}`;
  if (noticeLine.dataset.shown === shown) return;
  noticeLine.dataset.shown = shown;
  noticeLine.replaceChildren(game.notice,
    ...(game.noticeLink ? [" ", el("a", { href: game.noticeLink.href, id: "notice-link" }, game.noticeLink.text)] : []));
}
