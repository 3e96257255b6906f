// Who this browser is at the table: the seats it holds (their secrets in localStorage), a seat
// holder's link from another device read from the address, the invitation form, and the parts of
// the page about seats: "You play Black", the players, the invitation links this browser may pass
// on, and the link that opens one's seat on another device.

import { api, botBadge, el, seatKind, tokens } from "../ui.js";
import { controlName } from "./clock.js";
import { takeView } from "./state.js";
import { list, namedByOrder, sideName, t, tn } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */

/**
 * Reads the address's fragment and removes it from the address bar. A seat holder's link for
 * another device carries the seat's token (#seat=1&token=..., never sent to the server), which
 * is stored; an invitation carries its code (#invite=...), returned to be exchanged once for the
 * seat's token when the invited person joins.
 * @param {string} id
 */
export function readFragment(id) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const seat = fragment.get("seat");
  const token = fragment.get("token");
  if (seat !== null && token) {
    const held = tokens.load(id);
    held[seat] = { kind: "seat", token, joined: true };
    tokens.save(id, held);
  }
  if (location.hash) history.replaceState(null, "", location.pathname);
  return fragment.get("invite");
}

/** The seats this browser holds in game `id`, read afresh from localStorage on every call.
 * @param {string} id */
export function heldSeats(id) {
  const held = () => tokens.load(id);
  /** The token of a seat this browser may move for (a local seat or one it joined), if it is one.
   * @param {number | string | undefined} seat */
  const token = (seat) => {
    const h = seat === undefined ? undefined : held()[seat];
    return h && (h.kind === "local" || h.joined) ? h.token : null;
  };
  const mine = (/** @type {number | string | undefined} */ seat) => Boolean(token(seat));
  return {
    held,
    token,
    mine,
    /** The tokens of every seat this browser may move for. */
    all: () => Object.keys(held()).flatMap((seat) => token(seat) || []),
    /** Whether another person (not at this screen, not the computer) plays in `view`. */
    othersPlay: (/** @type {import("../ui.js").GameView} */ view) => view.seats.some((s) => s.kind !== "computer" && !mine(s.seat)),
    /** Who sits in seat `s`, as this browser sees it: the name given, else what kind of player. */
    label: (/** @type {import("../ui.js").SeatView} */ s) => {
      if (s.kind === "computer") return seatKind(s);
      if (!s.joined) return t("waiting for the invited player");
      // Another's seat kept at the host's screen is said to be there only to a spectator: to a
      // player (the invited guest) the host is simply online, like any opponent.
      const where = s.kind === "local" && mine(s.seat) ? "here" : s.kind === "local" && !Object.keys(held()).some(mine) ? "host" : "online";
      if (s.player) return /** @type {Record<string, string>} */ ({ here: t("{name}, at this screen", { name: s.player }), host: t("{name}, at the host's screen", { name: s.player }), online: t("{name}, online", { name: s.player }) })[where];
      return /** @type {Record<string, string>} */ ({ here: t("person at this screen"), host: t("person at the host's screen"), online: t("person online") })[where];
    },
  };
}

/** The seat this browser acts for: the one to move if it holds it, else the first it holds.
 * @param {Game} game */
export function actingSeat(game) {
  const { view, seats } = game;
  return seats.mine(view.status.seat) ? view.status.seat : view.seats.find((s) => seats.mine(s.seat))?.seat;
}

/** "You play Black", "You move first" (where the sides have no names but their order), "You
 * play White and Black", "You are invited to play Blue" (before taking the invited seat), "You
 * are watching" (with the number of spectators when known; not to the invited person, whom
 * that number counts).
 * @param {Game} game */
export function youLine(game) {
  const held = game.view.seats.filter((s) => game.seats.mine(s.seat));
  const invited = game.joining ? game.view.seats.filter((s) => s.kind === "invite" && !s.joined) : [];
  const watching = game.spectators && !invited.length ? ` · ${watchingWords(game.spectators)}` : "";
  const text = held.length ? playsWords(held.map((s) => s.name))
    : invited.length ? invitedWords(invited.map((s) => s.name)) : t("You are watching");
  return el("p", { class: `you${held.length ? " player" : invited.length ? " invited" : " spectator"}`, id: "you" }, text,
    el("span", { class: "help", id: "spectators" }, watching));
}

/** Whether every side named has a name of its order only (see namedByOrder).
 * @param {string[]} names */
const ordered = (names) => names.every(namedByOrder);

/** What one plays, from the sides' names as the server gives them: "You play Black"; where
 * the game names its sides only by their order, as players say it: "You move first", "You
 * move second", "You play both sides".
 * @param {string[]} names */
function playsWords(names) {
  if (!ordered(names)) return t("You play {sides}", { sides: list(names.map(sideName)) });
  if (names.length > 1) return t("You play both sides");
  return names[0] === "first player" ? t("You move first") : t("You move second");
}

/** What the invited person is invited to, before taking the seat: "You are invited to play
 * Blue", "You are invited to move second" (sides named by their order, as with playsWords).
 * @param {string[]} names the free invited seats' sides */
function invitedWords(names) {
  if (!ordered(names) || names.length > 1) return t("You are invited to play {sides}", { sides: names.map(sideName).join(t(" or ")) });
  return names[0] === "first player" ? t("You are invited to move first") : t("You are invited to move second");
}

/** "3 watching". */
const watchingWords = (/** @type {number} */ count) => tn(count, "{n} watching", "{n} watching");

/** Shows the number of spectators in the line drawn by `youLine`.
 * @param {Game} game
 * @param {number} count */
export function showSpectators(game, count) {
  game.spectators = count;
  const line = document.getElementById("spectators");
  if (line) line.textContent = count ? ` · ${watchingWords(count)}` : "";
}

/** The invitation's form while an invitation is not yet exchanged (kept while the page is
 * drawn again): the name to show, and the button that takes the seat.
 * @param {Game} game */
export function joinForm(game) {
  if (!game.joining) return null;
  if (game.joinForm) return game.joinForm;
  const input = el("input", { id: "join-name", value: localStorage.getItem("tafel:name") || "", maxlength: 32, autocomplete: "nickname" });
  game.joinForm = el("form", { class: "join-card", id: "join-form", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); join(game, input.value.trim() || t("Guest")); } },
    invitationWords(game),
    el("label", { for: "join-name" }, t("Your name")),
    el("div", { class: "move-box-row" }, input, el("button", { type: "submit", id: "join" }, t("Take the seat"))));
  return game.joinForm;
}

/** The invitation's first sentence: the sides offered by their names ("... as Blue."), or,
 * where the game names its one free side only by its order, the guest's turn ("... and move
 * second.").
 * @param {string} hosts who invites, in words
 * @param {string} game the game's title
 * @param {string[]} names the free sides' names, as the server gives them */
function invitationTitle(hosts, game, names) {
  if (!names.length) return t("{hosts} invites you to play {game}.", { hosts, game });
  if (names.length === 1 && ordered(names)) {
    return names[0] === "first player"
      ? t("{hosts} invites you to play {game} and move first.", { hosts, game })
      : t("{hosts} invites you to play {game} and move second.", { hosts, game });
  }
  return t("{hosts} invites you to play {game} as {sides}.", { hosts, game, sides: names.map(sideName).join(t(" or ")) });
}

/** What the invitation is to, before joining: who invites, the game, the side and the clock
 * ("Hal invites you to play Carreaux as Blue, clock 5+3.").
 * @param {Game} game */
function invitationWords(game) {
  const { view } = game;
  const hosts = view.seats.filter((s) => s.kind !== "computer" && s.joined).flatMap((s) => s.player || []);
  const free = view.seats.filter((s) => s.kind === "invite" && !s.joined).map((s) => s.name);
  const computers = view.seats.filter((s) => s.kind === "computer").map((s) => t("{side} is the computer, level {level}.", { side: sideName(s.name), level: s.level }));
  const control = controlName(view.clock?.control);
  const hostWords = hosts.length ? list([...new Set(hosts)]) : t("Somebody");
  return el("div", { class: "invitation", id: "invitation" },
    el("p", { class: "invitation-title" }, invitationTitle(hostWords, view.title, free)),
    el("p", { class: "help" }, [control ? t("Clock: {control}.", { control }) : t("No clock."), ...computers.map((c) => ` ${c}`)]));
}

/** Takes the invited seat with the name given.
 * @param {Game} game
 * @param {string} name */
async function join(game, name) {
  try {
    localStorage.setItem("tafel:name", name);
    const joined = await api(`/api/games/${game.id}/join`, { method: "POST", body: JSON.stringify({ invite: game.joining, name }) });
    tokens.save(game.id, { ...game.seats.held(), [joined.seat]: { kind: "seat", token: joined.token, joined: true } });
    game.joining = null;
    // The event of one's own arrival can come before this answer: the joiner is not told.
    if (game.joinedSeat === joined.seat) game.notice = "";
    game.live?.greet();
    takeView(game, joined.view);
    game.render({ animate: false });
  } catch (e) {
    game.joining = null;
    game.render({ animate: false });
    game.showError(e.message);
  }
}

/** The players: each seat's name and who sits there.
 * @param {Game} game */
export function playersList(game) {
  return [el("h2", { class: "players-title" }, t("Players")),
    el("ul", { class: "players", id: "players" }, game.view.seats.map((s) => el("li", { "data-seat": s.seat },
      `${sideName(s.name)}: ${game.joining && s.kind === "invite" && !s.joined ? t("invited: you, once you take the seat") : game.seats.label(s)}${game.seats.mine(s.seat) ? ` ${t("(you)")}` : ""}`,
      s.bot ? [" ", botBadge()] : null)))];
}

/** The invitation links this browser holds for seats nobody has taken yet.
 * @param {Game} game */
export function invitations(game) {
  const { view, id } = game;
  return Object.entries(game.seats.held()).filter(([seat, h]) => h.invite && view.seats[Number(seat)] && !view.seats[Number(seat)].joined).map(([seat, h]) =>
    el("div", { class: "invite" }, el("label", { for: `invite-${seat}` }, t("Invitation for {side}: send this link", { side: sideName(view.seats[Number(seat)].name) })),
      el("input", { id: `invite-${seat}`, readonly: true, value: `${location.origin}/game/${id}#invite=${h.invite}` })));
}

/** A link that opens this browser's seats on another device (the token stays in the
 * fragment, which browsers never send to the server).
 * @param {Game} game */
export function otherDevice(game) {
  const { seats, id } = game;
  const mine = game.view.seats.filter((s) => seats.mine(s.seat) && s.kind !== "local");
  if (!mine.length) return null;
  return el("details", { class: "other-device" }, el("summary", {}, t("Play on another device")),
    mine.map((s) => el("div", { class: "invite" }, el("label", { for: `device-${s.seat}` }, t("Your link for {side} (keep it secret)", { side: sideName(s.name) })),
      el("input", { id: `device-${s.seat}`, readonly: true, value: `${location.origin}/game/${id}#seat=${s.seat}&token=${seats.token(s.seat)}` }))));
}
