// A tournament's chat on its page (docs/api.md, "Tournaments"): one room, read by everyone and
// asked for every few seconds after the last message shown, written by its players and its
// organiser with a one-line form; a signed-in reader reports a line another account wrote
// (web/moderation/report.js). The section is one lasting node, appended to in place, so
// that a message being typed survives the page being drawn again. It uses the game chat's
// styles (`chat`, `chat-log`, `chat-form`).

import { api, el } from "../ui.js";
import { t } from "../i18n.js";
import { reportButton } from "../moderation/report.js";

/** A message of the chat (`TournamentChatMessage` of
 * crates/tafel-server/src/http/api/tournaments/chat.rs).
 * @typedef {{ seq: number, username: string, text: string, at_ms: number }} ChatLine */

/** The longest message, in characters (the server's limit). */
const MAX_TEXT = 140;

/** How often the chat is asked for new messages. */
const FOLLOW_MS = 3000;

/** The chat of tournament `id` as a lasting section, following the messages while it is on the
 * page; `update(mayWrite)` shows the form to whoever may write (an entrant, the organiser).
 * @param {string} id
 * @param {{ username: string } | null} me */
export function tournamentChat(id, me) {
  const log = el("ol", { id: "tournament-chat-log" });
  const error = el("p", { class: "error", role: "alert", id: "tournament-chat-error" });
  const input = el("input", { id: "tournament-chat-text", type: "text", maxlength: MAX_TEXT, autocomplete: "off",
    enterkeyhint: "send", "aria-label": t("Message to the tournament") });
  let last = 0;
  /** @param {ChatLine[]} lines */
  const add = (lines) => {
    for (const line of lines.filter((l) => l.seq > last)) {
      const others = me && line.username && me.username !== line.username;
      log.append(el("li", { "data-seq": line.seq, class: me?.username === line.username ? "mine" : "" },
        el("span", { class: "chat-name" }, line.username), " ", line.text,
        others ? [" ", reportButton({ player: line.username, tournament: id, seq: line.seq, text: line.text },
          { class: "link chat-report", "aria-label": t("Report the message by {name}", { name: line.username }) })] : null));
      last = line.seq;
    }
    empty.hidden = last > 0;
    log.parentElement?.scrollTo({ top: log.scrollHeight });
  };
  const empty = el("p", { class: "help" }, t("No messages yet."));
  const send = async (/** @type {Event} */ event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const written = await api(`/api/tournaments/${id}/chat`, { method: "POST", body: JSON.stringify({ text: input.value }) });
      input.value = "";
      add(written.messages);
    } catch (e) {
      error.textContent = e.message;
    }
  };
  const form = el("form", { class: "chat-form", id: "tournament-chat-form", onsubmit: send },
    input, el("button", { type: "submit", class: "secondary" }, t("Send")));
  const note = el("p", { class: "help", id: "tournament-chat-note" });
  const section = el("section", { class: "card chat", id: "tournament-chat", "aria-labelledby": "tournament-chat-title" },
    el("h2", { id: "tournament-chat-title" }, t("Chat")),
    el("div", { class: "chat-log", tabindex: "0", role: "log", "aria-live": "polite", "aria-labelledby": "tournament-chat-title" }, empty, log),
    form, note, error);
  // Followed while the section is on the page (it is put there right after it is made).
  const follow = async () => {
    if (!section.isConnected) return;
    try {
      add((await api(`/api/tournaments/${id}/chat?after=${last}`)).messages);
    } catch {
      // Asked again at the next tick.
    }
    setTimeout(follow, FOLLOW_MS);
  };
  setTimeout(follow, 0);
  return {
    section,
    /** Shows the form to whoever may write, and else says who writes.
     * @param {boolean} mayWrite */
    update(mayWrite) {
      form.hidden = !mayWrite;
      note.textContent = mayWrite ? "" : me ? t("The players and the organiser write here.") : t("Sign in and enter to write here.");
      note.hidden = mayWrite;
    },
  };
}
