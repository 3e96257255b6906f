// Online play around the board: the table's controls for a player (resign with a confirmation,
// abort before both sides moved, draw offers and takebacks by consent, answered by buttons,
// and once the game is over the rematch, offered and accepted or declined), and the table's
// notices from the connection (who joined, a rematch made, how an offer ended, how many watch).

import { api, el, tokens } from "../ui.js";
import { whoSits } from "./ending.js";
import { actingSeat, showSpectators } from "./seats.js";
import { post } from "./state.js";
import { list, sideName, t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */

/** A message of the game's connection about the table (docs/api.md): who has the game open,
 * somebody joined, a rematch asked for, a proposal answered.
 * @typedef {{ type: "presence", seats: number[], away: number[], spectators: number }
 *   | { type: "joined", seat: number, name: string }
 *   | { type: "rematch", id: string, seat?: number }
 *   | { type: "answered", proposal: string, seat: number, answer: string }} TableEvent */

/** Resign, draw, takeback (with `action`: offer, accept, decline...) for this browser's seat.
 * @param {Game} game
 * @param {string} what
 * @param {string} [action] */
function act(game, what, action) {
  const body = { token: game.seats.token(actingSeat(game)), ...(action ? { action } : {}) };
  return post(game, what, body);
}

/** Whether this page is on its way to the rematch already: the answer to an acceptance and
 * the `rematch` event both bring it, and a second navigation would cut the first short. */
let leaving = false;

/** Answers the rematch (`action`: offer, accept or decline); once it is made, keeps this
 * browser's seats in it and opens it (once). An offer standing shows in the next view.
 * @param {Game} game
 * @param {string} [action] */
async function rematch(game, action = "offer") {
  game.showError("");
  try {
    const next = await api(`/api/games/${game.id}/rematch`, { method: "POST", body: JSON.stringify({ token: game.seats.token(actingSeat(game)), action }) });
    if (next.state !== "made") return;
    /** @type {Record<string, import("../ui.js").HeldSeat>} */
    const held = {};
    for (const s of next.seats) held[s.seat] = { kind: "seat", token: s.token, joined: true };
    for (const s of next.invites) held[s.seat] = { kind: "invite", invite: s.invite };
    tokens.save(next.id, { ...held, ...tokens.load(next.id) });
    if (leaving) return;
    leaving = true;
    location.href = `/game/${next.id}`;
  } catch (e) {
    game.showError(e.message);
  }
}

/** The seats this browser holds at the table.
 * @param {Game} game */
const ownSeats = (game) => game.view.seats.filter((s) => game.seats.mine(s.seat)).map((s) => s.seat);

/** The table's controls for a player; nothing for a spectator. With `questionsApart` (a narrow
 * screen, where `questionBox` shows them above the board) without what waits for this
 * screen's answer.
 * @param {Game} game */
export function tableControls(game, questionsApart = false) {
  const { view, seats } = game;
  const mySeats = ownSeats(game);
  if (!mySeats.length) return null;
  const box = el("div", { class: "table-controls", id: "table-controls", role: "group", "aria-label": t("Game actions") });
  const asked = questionsApart ? [] : questions(game, mySeats);
  if (view.status.state === "over") {
    const offer = view.proposals?.rematch;
    if (view.rematch || (offer && !agreed(mySeats, offer))) box.append(...asked);
    else if (offer) box.append(...ownRematchOffer(game));
    else box.append(...rematchButton(game));
    return box.childElementCount ? box : null;
  }
  if (!view.started) return null;
  const othersPlay = seats.othersPlay(view);
  const proposals = view.proposals || {};
  box.append(...asked);
  if (othersPlay && proposals.draw && agreed(mySeats, proposals.draw)) box.append(...ownDrawOffer(game));
  if (othersPlay && proposals.takeback && agreed(mySeats, proposals.takeback.accepted)) box.append(...ownTakeback(game, proposals.takeback));
  box.append(proposalRow(game, othersPlay, proposals));
  return box;
}

/** What waits for the answer of this screen's player, shown above the board on a narrow
 * screen (so that it is seen at once and answered without scrolling); null when nothing does.
 * @param {Game} game */
export function questionBox(game) {
  const mySeats = ownSeats(game);
  const asked = mySeats.length ? questions(game, mySeats) : [];
  if (!asked.length) return null;
  return el("div", { class: "table-controls question-box", id: "question-box", role: "group", "aria-label": t("Waiting for your answer") }, ...asked);
}

/** The table's questions to the player of `mySeats`: a draw offered or a takeback asked for by
 * another player, with the buttons that answer them, or once the game is over the rematch
 * somebody asked for.
 * @param {Game} game
 * @param {number[]} mySeats */
function questions(game, mySeats) {
  const { view, seats } = game;
  if (view.status.state === "over") {
    if (view.rematch) return rematchButton(game);
    const offer = view.proposals?.rematch;
    return offer && seats.othersPlay(view) && !agreed(mySeats, offer) ? rematchQuestion(game, offer) : [];
  }
  if (!view.started || !seats.othersPlay(view)) return [];
  const proposals = view.proposals || {};
  return [
    ...(proposals.draw && !agreed(mySeats, proposals.draw) ? drawQuestion(game, proposals.draw) : []),
    ...(proposals.takeback && !agreed(mySeats, proposals.takeback.accepted) ? takebackQuestion(game, proposals.takeback) : []),
  ];
}

/** The other people holding seats (not the computer, not a bot) who have no page of the game
 * open, as the server last said; none before it said.
 * @param {Game} game */
const othersGone = (game) => (game.presence ? otherPeople(game).filter((s) => !game.presence?.seats.includes(s.seat)) : []);

/** The seats of the other people in the game who have joined (not the computer's, a bot's or
 * this screen's).
 * @param {Game} game */
const otherPeople = (game) => game.view.seats.filter((s) => s.kind !== "computer" && !s.bot && s.joined && !game.seats.mine(s.seat));

/** Rematch (an offer), or the way to the rematch once it is made; while an opponent has left
 * the game's page, no offer (it would lapse at once), and a word why.
 * @param {Game} game */
const rematchButton = (game) => {
  const gone = game.view.rematch ? [] : othersGone(game);
  const button = el("button", { class: "secondary", id: "rematch", disabled: gone.length > 0, onclick: () => rematch(game) },
    game.view.rematch ? t("Go to the rematch") : t("Rematch"));
  if (!gone.length) return [button];
  return [button, el("p", { class: "help", id: "rematch-gone" }, t("{name} has left the game.", { name: nameOf(game.view, gone[0].seat) }))];
};

/** One's own rematch offer, waiting for the answer, and the button that cancels it.
 * @param {Game} game */
const ownRematchOffer = (game) => [
  el("p", { class: "proposal", id: "rematch-offered" }, t("You offered a rematch; waiting for the answer.") + " "),
  el("button", { class: "secondary", id: "rematch-cancel", onclick: () => rematch(game, "decline") }, t("Cancel the offer")),
];

/** A rematch offered by `offeredBy`, with the buttons that accept or decline it.
 * @param {Game} game
 * @param {number[]} offeredBy */
const rematchQuestion = (game, offeredBy) => [
  el("p", { class: "proposal", id: "rematch-offer-notice" }, t("{who} offers a rematch.", { who: nameOf(game.view, offeredBy[0]) })),
  el("button", { id: "rematch-accept", onclick: () => rematch(game, "accept") }, t("Accept the rematch")),
  el("button", { class: "secondary", id: "rematch-decline", onclick: () => rematch(game, "decline") }, t("Decline")),
];

/** Whether every seat of `mySeats` is among `seats`.
 * @type {(mySeats: number[], seats: number[]) => boolean} */
const agreed = (mySeats, seats) => mySeats.every((s) => seats.includes(s));

/** The name of the player in `seat`, as the table says it.
 * @type {(view: GameView, seat: number) => string} */
const nameOf = (view, seat) => whoSits(view.seats[seat]);

/** One's own draw offer, waiting for the answer, and the button that withdraws it.
 * @param {Game} game */
const ownDrawOffer = (game) => [
  el("p", { class: "proposal", id: "draw-offered" }, t("You offered a draw; waiting for the answer.") + " "),
  el("button", { class: "secondary", id: "draw-decline", onclick: () => act(game, "draw", "decline") }, t("Withdraw the offer")),
];

/** A draw offered by `offeredBy`, with the buttons that accept or decline it.
 * @param {Game} game
 * @param {number[]} offeredBy */
const drawQuestion = (game, offeredBy) => [
  el("p", { class: "proposal", id: "draw-offer-notice" }, t("{who} offers a draw.", { who: nameOf(game.view, offeredBy[0]) })),
  el("button", { id: "draw-accept", onclick: () => act(game, "draw", "accept") }, t("Accept the draw")),
  el("button", { class: "secondary", id: "draw-decline", onclick: () => act(game, "draw", "decline") }, t("Decline")),
];

/** The moves a takeback removes, in words from this screen's side: "b6 (yours) and c6
 * (Ada's)".
 * @param {Game} game
 * @param {number} keep the moves kept */
function movesTakenBack(game, keep) {
  const { view, seats } = game;
  const gone = view.plies.slice(keep).flatMap(({ seat }, i) => (seat === null ? [] : [{ text: view.moves[keep + i], seat }]));
  const words = gone.map((m) => (seats.mine(m.seat) ? t("{move} (yours)", { move: m.text })
    : t("{move} ({name}'s)", { move: m.text, name: view.seats[m.seat].player || sideName(view.seats[m.seat].name) })));
  return words.length ? list(words) : t("nothing");
}

/** A takeback request as the view has it.
 * @typedef {NonNullable<GameView["proposals"]["takeback"]>} Takeback */

/** One's own takeback request, waiting for the answer, and the button that withdraws it.
 * @param {Game} game
 * @param {Takeback} takeback */
const ownTakeback = (game, takeback) => [
  el("p", { class: "proposal", id: "takeback-asked" },
    t("You asked to take back {moves}; waiting for the answer.", { moves: movesTakenBack(game, takeback.keep) }) + " "),
  el("button", { class: "secondary", id: "takeback-decline", onclick: () => act(game, "takeback", "decline") }, t("Withdraw the request")),
];

/** A takeback asked for by another player, with the buttons that accept or decline it.
 * @param {Game} game
 * @param {Takeback} takeback */
const takebackQuestion = (game, takeback) => [
  el("p", { class: "proposal", id: "takeback-notice" },
    t("{who} asks to take back {moves}.", { who: nameOf(game.view, takeback.by), moves: movesTakenBack(game, takeback.keep) })),
  el("button", { id: "takeback-accept", onclick: () => act(game, "takeback", "accept") }, t("Accept the takeback")),
  el("button", { class: "secondary", id: "takeback-decline", onclick: () => act(game, "takeback", "decline") }, t("Decline")),
];

/** Offer a draw, ask to take back (after one's own move), abort (before both sides moved,
 * where another person plays) and resign (confirmed first).
 * @param {Game} game
 * @param {boolean} othersPlay
 * @param {GameView["proposals"]} proposals */
function proposalRow(game, othersPlay, proposals) {
  const { view, seats } = game;
  const row = el("div", { class: "controls" });
  const ownMovePlayed = view.plies.some((p) => p.seat !== null && seats.mine(p.seat));
  if (othersPlay && !proposals.draw) row.append(el("button", { class: "secondary", id: "draw-offer", onclick: () => act(game, "draw", "offer") }, t("Offer a draw")));
  if (othersPlay && !proposals.takeback && ownMovePlayed) {
    row.append(el("button", { class: "secondary", id: "takeback", onclick: () => act(game, "takeback", "request") }, t("Ask to take back")));
  }
  // As lichess: before both sides have moved, the game can be called off, counted nowhere.
  const playerMoves = view.plies.filter((p) => p.seat !== null).length;
  if (othersPlay && playerMoves < 2) row.append(el("button", { class: "secondary", id: "abort", onclick: () => act(game, "abort") }, t("Abort")));
  const confirming = (/** @type {boolean} */ on) => { game.confirmingResign = on; game.render({ animate: false }); };
  if (game.confirmingResign) {
    row.append(el("span", { class: "proposal" }, t("Resign this game?")),
      el("button", { class: "danger", id: "resign-confirm", onclick: () => { confirming(false); act(game, "resign"); } }, t("Yes, resign")),
      el("button", { class: "secondary", id: "resign-cancel", onclick: () => confirming(false) }, t("No")));
  } else {
    row.append(el("button", { class: "secondary", id: "resign", onclick: () => confirming(true) }, t("Resign")));
  }
  return row;
}

/** How long a notice of the table stays (one with a link stays until the next). */
const NOTICE_MS = 12000;

/** Says `text` in the notice line (with `link`, `{ href, text }`, after it), for a while.
 * @param {Game} game
 * @param {string} text
 * @param {{ href: string, text: string } | null} [link] */
function tell(game, text, link = null) {
  game.notice = text;
  game.noticeLink = link;
  clearTimeout(game.noticeTimer);
  if (!link) {
    game.noticeTimer = setTimeout(() => { game.notice = ""; game.joinedSeat = null; showNotice(game); }, NOTICE_MS);
  }
  game.render({ animate: false });
}

/** Who did something at the table, from this screen's side: "You", "Ada (Blue)".
 * @param {Game} game
 * @param {number} seat */
const actor = (game, seat) => (game.seats.mine(seat) ? t("You") : nameOf(game.view, seat));

/** The words for a proposal that came to nothing (the server's `answered` message:
 * `proposal` "draw", "takeback" or "rematch", `answer` "withdrawn", "expired", "declined" or
 * "left").
 * @param {Game} game
 * @param {{ proposal: string, seat: number, answer: string }} message */
function lapseWords(game, { proposal, seat, answer }) {
  const who = actor(game, seat);
  if (proposal === "rematch") return rematchLapseWords(game, seat, answer);
  const proposer = proposal === "draw" ? game.lastProposals?.draw?.[0] : game.lastProposals?.takeback?.by;
  const yours = proposer !== undefined && game.seats.mine(proposer) && !game.seats.mine(seat);
  const draw = proposal === "draw";
  // Whole sentences, one for each case, so that each language can word them its own way.
  /** @type {Record<string, string>} */
  const words = {
    withdrawn: draw ? (yours ? t("{who} withdrew your draw offer.", { who }) : t("{who} withdrew the draw offer.", { who }))
      : (yours ? t("{who} withdrew your takeback request.", { who }) : t("{who} withdrew the takeback request.", { who })),
    expired: draw ? (yours ? t("{who} played on instead of answering: your draw offer lapsed.", { who }) : t("{who} played on instead of answering: the draw offer lapsed.", { who }))
      : (yours ? t("{who} played on instead of answering: your takeback request lapsed.", { who }) : t("{who} played on instead of answering: the takeback request lapsed.", { who })),
    declined: draw ? (yours ? t("{who} declined your draw offer.", { who }) : t("{who} declined the draw offer.", { who }))
      : (yours ? t("{who} declined your takeback request.", { who }) : t("{who} declined the takeback request.", { who })),
  };
  return words[answer] ?? words.declined;
}

/** The words for a rematch offer that went: declined, cancelled by its offerer, or its player
 * left the game.
 * @param {Game} game
 * @param {number} seat
 * @param {string} answer */
function rematchLapseWords(game, seat, answer) {
  const who = actor(game, seat);
  const proposer = game.lastProposals?.rematch?.[0];
  const yours = proposer !== undefined && game.seats.mine(proposer) && !game.seats.mine(seat);
  if (answer === "withdrawn") return t("{who} cancelled the rematch offer.", { who });
  if (answer === "left") return game.seats.mine(seat) ? t("You left: the rematch offer is off.") : t("{who} left the game: the rematch offer is off.", { who });
  return yours ? t("{who} declined your rematch offer.", { who }) : t("{who} declined the rematch offer.", { who });
}

/** Takes in a message of the connection other than a view: who is online, somebody joined,
 * a rematch asked for, a proposal answered.
 * @param {Game} game
 * @param {TableEvent} message */
export function tableEvent(game, message) {
  if (message.type === "presence") {
    const wasGone = othersGone(game).length;
    game.presence = message;
    showSpectators(game, message.spectators);
    showPresence(game);
    // After the end, the Rematch button follows whether the opponent is still there.
    if (game.view.status.state === "over" && othersGone(game).length !== wasGone) game.render({ animate: false });
  } else if (message.type === "joined") {
    if (game.seats.mine(message.seat)) return; // the person who joined knows it
    game.joinedSeat = message.seat;
    const seat = game.view.seats[message.seat];
    tell(game, t("{name} joined as {side}.", { name: message.name, side: seat ? sideName(seat.name) : t("seat {n}", { n: message.seat }) }));
  } else if (message.type === "rematch") {
    // The rematch is agreed on and made: the players go to their seats in it (as on lichess);
    // anyone else may watch it.
    const playing = game.view.seats.some((s) => game.seats.mine(s.seat));
    const who = message.seat === undefined ? t("Somebody") : actor(game, message.seat);
    tell(game, t("{who} accepted the rematch.", { who }), playing ? null : { href: `/game/${message.id}`, text: t("Watch the rematch") });
    if (playing) rematch(game);
  } else if (message.type === "answered") {
    tell(game, lapseWords(game, message));
  }
}

/** The other people at the table and whether they have the game open, for the board's edge:
 * "Ada (Blue): online", "away" (the page hidden), "gone" (no page open). Nothing before the
 * server first said who is online, or where nobody else plays; nothing for a bot (a program
 * plays through its stream, never with a page open).
 * @param {Game} game */
export function presenceLine(game) {
  showPresence(game);
  return game.ui.presence;
}

/** The words of each state of presence. */
const PRESENCE = { online: () => t("online"), away: () => t("away"), gone: () => t("gone") };

/** Fills the presence line with what the server last said.
 * @param {Game} game */
function showPresence(game) {
  const line = game.ui.presence;
  const { view, seats, presence } = game;
  const others = presence && seats.all().length ? otherPeople(game) : [];
  line.replaceChildren(...others.map((s) => {
    const state = !presence?.seats.includes(s.seat) ? "gone" : (presence.away ?? []).includes(s.seat) ? "away" : "online";
    return el("span", { class: `who ${state}`, "data-seat": s.seat, "data-presence": state },
      el("span", { class: "dot", "aria-hidden": "true" }), `${nameOf(view, s.seat)}: ${PRESENCE[state]()}`);
  }));
  line.hidden = !others.length;
}

/** The notice line: the last thing that happened at the table (redrawn only when it changed,
 * so that a screen reader says it once).
 * @param {Game} game */
export function showNotice(game) {
  const { noticeLine } = game.ui;
  const shown = `${game.notice}|${game.noticeLink?.href ?? ""}`;
  if (noticeLine.dataset.shown === shown) return;
  noticeLine.dataset.shown = shown;
  noticeLine.replaceChildren(game.notice,
    ...(game.noticeLink ? [" ", el("a", { href: game.noticeLink.href, id: "notice-link" }, game.noticeLink.text)] : []));
}
