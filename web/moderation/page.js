// "/moderation", the moderators' page (issue #45; docs/moderation.md): the queue of open reports,
// oldest first, one card each with what a moderator may do about it (web/moderation/queue.js), a
// form that removes a tournament, and the log of every moderator's action (web/moderation/log.js).
// After each action the queue and the log are read again. Anybody else gets the server's refusal,
// shown by web/app.js as an error.

import { t, tn } from "../i18n.js";
import { api, el, fill } from "../ui.js";
import { entryWords, logList } from "./log.js";
import { reportCard } from "./queue.js";

/** The longest reason the server takes, in characters. */
const MAX_REASON = 500;

/** Draws the moderators' page into `app`.
 * @param {HTMLElement} app */
export async function moderationPage(app) {
  document.title = `${t("Moderation")} · Tafel`;
  const status = el("p", { id: "mod-status", role: "status" });
  const queueTitle = el("h2", { id: "queue-title" });
  const queue = el("div", { class: "queue-list", id: "queue-list" });
  const log = el("div", { id: "mod-log-entries" });
  /** Called with the log entry of each action taken: says what was done, reads the page again.
   * @param {import("./log.js").LogEntry} entry */
  const done = (entry) => {
    fill(status, t("Done:"), " ", entryWords(entry), ".");
    refresh().catch((e) => fill(status, el("span", { class: "error" }, e.message)));
  };
  const refresh = async () => {
    /** @type {[{ reports: import("./queue.js").Report[] }, { entries: import("./log.js").LogEntry[] }]} */
    const [open, logged] = await Promise.all([api("/api/moderation/reports"), api("/api/moderation/log")]);
    fill(queueTitle, open.reports.length ? tn(open.reports.length, "{n} open report", "{n} open reports") : t("Open reports"));
    fill(queue, open.reports.length ? open.reports.map((report) => reportCard(report, done))
      : el("p", { class: "help", id: "queue-empty" }, t("No open reports.")));
    fill(log, logList(logged.entries));
  };
  await refresh(); // a refusal (not a moderator, not signed in) is the page's error
  const again = el("button", { type: "button", class: "secondary", id: "queue-refresh", onclick: () => {
    fill(status);
    refresh().catch((e) => fill(status, el("span", { class: "error" }, e.message)));
  } }, t("Look again"));
  app.replaceChildren(el("div", { class: "moderation-page" },
    el("div", { class: "moderation-head" }, el("h1", {}, t("Moderation")), again),
    status,
    el("section", { class: "moderation-queue", id: "queue", "aria-labelledby": "queue-title" }, queueTitle, queue),
    el("div", { class: "moderation-side" },
      removeTournamentForm(done),
      el("section", { class: "card", id: "mod-log", "aria-labelledby": "mod-log-title" },
        el("h2", { id: "mod-log-title" }, t("Log")), log))));
}

/** The form that removes a tournament (its id, or its link pasted), with a reason.
 * @param {(entry: import("./log.js").LogEntry) => void} done */
function removeTournamentForm(done) {
  const id = el("input", { id: "remove-tournament-id", required: true, autocapitalize: "none", spellcheck: "false", autocomplete: "off" });
  const reason = el("textarea", { id: "remove-tournament-reason", maxlength: MAX_REASON, rows: 2, required: true });
  const error = el("p", { class: "error", role: "alert", id: "remove-tournament-error" });
  const submit = el("button", { type: "submit", class: "danger", id: "remove-tournament-submit" }, t("Remove the tournament"));
  const form = el("form", { class: "card mod-form", id: "remove-tournament", "aria-labelledby": "remove-tournament-title", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    fill(error);
    const typed = id.value.trim();
    const tournament = /([A-Za-z0-9]+)\/?$/.exec(typed)?.[1] ?? typed;
    submit.disabled = true;
    try {
      const entry = await api(`/api/moderation/tournaments/${encodeURIComponent(tournament)}/remove`,
        { method: "POST", body: JSON.stringify({ reason: reason.value.trim() }) });
      form.reset();
      done(entry);
    } catch (failure) {
      fill(error, failure.message);
    }
    submit.disabled = false;
  } },
  el("h2", { id: "remove-tournament-title" }, t("Remove a tournament")),
  el("div", { class: "field" }, el("label", { for: "remove-tournament-id" }, t("The tournament's id or link")), id),
  el("div", { class: "field" }, el("label", { for: "remove-tournament-reason" }, t("Reason")), reason),
  error, submit);
  return form;
}
