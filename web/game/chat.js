// The game's chat (docs/api.md, "Chat"): the players' room for the players, the spectators' room
// for everyone else (and for the players once the game is over), read from the server, kept
// up to date by the WebSocket's `chat` messages, written with a one-line form. Each room can be
// muted in this browser (the other players' messages, or the spectators'), remembered per game.
// A signed-in reader may report a line another account wrote (web/moderation/report.js), and
// never sees the lines of the players they block (web/account/blocks.js: read once; the server
// leaves them out of what it reads back, the page out of what the WebSocket pushes).
// The panel is one lasting node, updated in place, so that a message being typed survives the
// page being drawn again.

import { whoAmI } from "../account/header.js";
import { blockedNames } from "../account/blocks.js";
import { reportButton } from "../moderation/report.js";
import { t } from "../i18n.js";
import { el, fill, request, seatHeaders, sentence } from "../ui.js";
import { actingSeat } from "./seats.js";

/** @typedef {import("./state.js").Game} Game */

/** A chat message (docs/api.md, "Chat"): numbered per room, by a seat or an account.
 * @typedef {{ room: string, seq: number, seat: number | null, account: boolean, name: string, text: string }} Message */

/** The longest message, in characters (the server's limit). */
const MAX_TEXT = 140;

const ROOMS = ["players", "spectators"];

/** What this browser muted in game `id`: `{ players, spectators }`. */
/** @type {{ key: (id: string) => string, load: (id: string) => Record<string, boolean>, save: (id: string, value: Record<string, boolean>) => void }} */
const muted = {
  key: (id) => `tafel:chat-muted:${id}`,
  load: (id) => JSON.parse(localStorage.getItem(muted.key(id)) || "{}"),
  save: (id, value) => localStorage.setItem(muted.key(id), JSON.stringify(value)),
};

/** The chat's part of the page state, and its lasting panel (hidden until a room can be read).
 * @param {Game} game */
export function chatState(game) {
  const input = el("input", { id: "chat-input", type: "text", maxlength: MAX_TEXT, autocomplete: "off", enterkeyhint: "send" });
  return {
    /** Each room's messages, or null where not read. @type {Record<string, Message[] | null>} */
    rooms: { players: null, spectators: null },
    /** The room this browser may write in. @type {string | null} */
    write: null,
    /** The username signed in, if any (a spectator's own messages). @type {string | null} */
    me: null,
    /** The names the account signed in blocks, once read. @type {Set<string> | null} */
    blocked: null,
    over: false, // whether the game was over when the rooms were last read
    panel: el("section", { class: "chat", id: "chat", "aria-labelledby": "chat-title", hidden: true }),
    input,
    form: el("form", { class: "chat-form", id: "chat-form", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); send(game); } },
      input, el("button", { type: "submit", id: "chat-send", class: "secondary" }, t("Send"))),
    error: el("p", { class: "error", id: "chat-error", role: "alert" }),
  };
}

/** Reads the rooms this browser may read (on every connection, and when the game ends).
 * @param {Game} game */
export async function loadChat(game) {
  const { chat } = game;
  chat.over = game.view.status.state === "over";
  try {
    const response = await request(`/api/games/${game.id}/chat`, { headers: seatHeaders(game.seats.all()) });
    if (!response.ok) return;
    const read = await response.json();
    chat.rooms = { players: read.players, spectators: read.spectators };
    chat.write = read.write;
    chat.me = (await whoAmI())?.username ?? null;
    if (chat.me && !chat.blocked) chat.blocked = new Set(await blockedNames());
  } catch {
    return; // offline: the next connection reads it again
  }
  showChat(game);
}

/** Takes in a message the WebSocket pushed; a number skipped (messages missed) reads the room again.
 * @param {Game} game
 * @param {Message} message */
export function chatMessage(game, message) {
  const list = game.chat.rooms[message.room];
  if (!list) return;
  const last = list.length ? list[list.length - 1].seq : 0;
  if (message.seq <= last) return;
  if (message.seq > last + 1) {
    loadChat(game);
    return;
  }
  list.push(message);
  showChat(game);
}

/** The panel, brought up to date for the game as drawn now (the players read the spectators'
 * room once the game is over).
 * @param {Game} game */
export function chatPanel(game) {
  const over = game.view.status.state === "over";
  if (over && !game.chat.over) loadChat(game);
  // The page puts the panel back in its place: the logs scroll to the newest once it is there.
  queueMicrotask(() => toNewest(game.chat.panel));
  return game.chat.panel;
}

/** Sends the message typed into the room this browser writes in.
 * @param {Game} game */
async function send(game) {
  const { chat } = game;
  const text = chat.input.value;
  const body = { room: chat.write, text, ...(chat.write === "players" ? { token: game.seats.token(actingSeat(game)) } : {}) };
  chat.error.textContent = "";
  try {
    const response = await request(`/api/games/${game.id}/chat`, { method: "POST", body: JSON.stringify(body) });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      chat.error.textContent = sentence(answer.error ? answer.error : t("The message was not sent."));
      return;
    }
    chat.input.value = "";
    chatMessage(game, answer);
  } catch {
    chat.error.textContent = t("The server cannot be reached; the message was not sent.");
  }
}

/** Whether a message is this browser's own (one of its seats, or its account, wrote it).
 * @param {Game} game
 * @param {Message} message */
const own = (game, message) => (message.seat !== null ? game.seats.mine(message.seat)
  : message.account && message.name === game.chat.me);

/** Whether a message's author is an account the reader blocks (its lines are not shown; they
 * stay in the room's list, so that its numbers show no gap).
 * @param {Game} game
 * @param {Message} message */
const blocked = (game, message) => message.account && Boolean(game.chat.blocked?.has(message.name));

/** Whether the reader may report a message: signed in, and another account wrote it.
 * @param {Game} game
 * @param {Message} message */
const reportable = (game, message) => Boolean(game.chat.me) && message.account && !own(game, message);

/** Draws the panel: each room read, with its mute switch and its messages, then the form.
 * @param {Game} game */
function showChat(game) {
  const { chat } = game;
  // A player with no other person at the table (against the computer, or holding every seat)
  // has nobody to talk to: no chat is offered.
  const alone = game.seats.all().length > 0 && !game.seats.othersPlay(game.view);
  const readable = alone ? [] : ROOMS.filter((room) => chat.rooms[room]);
  chat.panel.hidden = !readable.length;
  if (!readable.length) return;
  const mutes = muted.load(game.id);
  const title = readable.length > 1 ? t("Chat") : readable[0] === "players" ? t("Chat with the players") : t("Spectators' chat");
  fill(chat.panel,
    el("h2", { id: "chat-title", class: "chat-title" }, title),
    readable.map((room) => roomPart(game, room, readable.length > 1, mutes[room])),
    writePart(game));
  toNewest(chat.panel);
}

/** Scrolls each room's log of `panel` to its newest message.
 * @param {Element} panel */
function toNewest(panel) {
  for (const log of panel.querySelectorAll(".chat-log")) log.scrollTop = log.scrollHeight;
}

/** One room (read): its name (when two are shown), the mute switch, and the messages not muted.
 * @param {Game} game
 * @param {string} room
 * @param {boolean} named
 * @param {boolean} isMuted */
function roomPart(game, room, named, isMuted) {
  const messages = (game.chat.rooms[room] ?? []).filter((m) => !blocked(game, m));
  const hidden = (/** @type {Message} */ m) => isMuted && !own(game, m);
  const shown = messages.filter((m) => !hidden(m));
  const hiddenCount = messages.length - shown.length;
  const mute = el("input", { type: "checkbox", id: `chat-mute-${room}`, checked: isMuted,
    onchange: (/** @type {Event} */ e) => {
      muted.save(game.id, { ...muted.load(game.id), [room]: /** @type {HTMLInputElement} */ (e.target).checked });
      showChat(game);
      document.getElementById(`chat-mute-${room}`)?.focus();
    } });
  const muteWords = room === "players" ? t("Mute the other players") : t("Mute the spectators");
  const canMute = room === "spectators" || game.view.seats.some((s) => s.kind !== "computer" && !game.seats.mine(s.seat));
  return el("div", { class: "chat-room", "data-room": room },
    named ? el("h3", {}, room === "players" ? t("Players") : t("Spectators")) : null,
    canMute ? el("label", { class: "chat-mute" }, mute, " ", muteWords) : null,
    el("div", { class: "chat-log", id: `chat-${room}`, role: "log", tabindex: 0,
      "aria-label": room === "players" ? t("Players' messages") : t("Spectators' messages") },
      messages.length
        ? el("ol", {}, shown.map((m) => el("li", { class: own(game, m) ? "mine" : null, "data-seq": m.seq, "data-seat": m.seat ?? "" },
          el("span", { class: "chat-name" }, m.name), " ", el("span", { class: "chat-text" }, m.text),
          reportable(game, m) ? [" ", reportButton({ player: m.name, game: game.id, room, seq: m.seq, text: m.text },
            { class: "link chat-report", "aria-label": t("Report the message by {name}", { name: m.name }) })] : null)))
        : el("p", { class: "help" }, t("No messages yet."))),
    hiddenCount ? el("p", { class: "help chat-muted" }, t("Messages hidden: {count}", { count: hiddenCount })) : null);
}

/** The form for the room this browser writes in, or why it cannot write.
 * @param {Game} game */
function writePart(game) {
  const { chat } = game;
  if (!chat.write) {
    if (!chat.rooms.spectators || game.seats.all().length) return null;
    return el("p", { class: "help", id: "chat-sign-in" },
      el("a", { href: "/sign-in" }, t("Sign in to write in the spectators' chat.")));
  }
  chat.input.setAttribute("aria-label", chat.write === "players" ? t("Message to the players") : t("Message to the spectators"));
  chat.input.placeholder = t("Say something");
  return [chat.form, chat.error];
}
