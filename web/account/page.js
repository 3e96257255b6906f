// The account pages: "/sign-in" (with the code of two-step sign-in when the account asks for
// it), "/sign-up" and "/settings" (the moderators' notices of web/account/notices.js, change the
// password, the e-mail address of web/account/recovery.js, two-step sign-in of
// web/account/second_factor.js, the sessions of web/account/sessions.js, the players one blocks
// of web/account/blocks.js, download one's data, delete the account). Errors are shown as the
// server words them. Signing up or in claims the seats this browser holds
// (web/account/seats.js) and says how many games were added, and merges this browser's progress
// in the tutorials into the account's (web/learn/progress.js).

import { api, ApiError, el, fill } from "../ui.js";
import { field, form, value } from "./form.js";
import { showAccount, whoAmI } from "./header.js";
import { emailSettings, sendsMail } from "./recovery.js";
import { secondFactorSettings } from "./second_factor.js";
import { sessionSettings } from "./sessions.js";
import { blockSettings } from "./blocks.js";
import { noticeSettings } from "./notices.js";
import { claimHeldSeats } from "./seats.js";
import { mergedProgress } from "../learn/progress.js";
import { t, tn } from "../i18n.js";

/** After signing up or in: the seats this browser holds become the account's, and its
 * progress in the tutorials merges into the account's.
 * @param {HTMLElement} app
 * @param {{ username: string }} me
 * @param {string} verb */
async function welcome(app, me, verb) {
  let added;
  try {
    const claimed = await claimHeldSeats();
    added = claimed
      ? tn(claimed, "{n} game you played in this browser was added to your account.", "{n} games you played in this browser were added to your account.")
      : t("No games from this browser were added (there were none to add).");
  } catch (e) {
    added = t("The games this browser holds could not be added: {reason}", { reason: e.message });
  }
  await showAccount(true);
  await mergedProgress();
  fill(app, el("section", { class: "card account-form", id: "welcome" },
    el("h1", {}, `${verb}, ${me.username}`),
    el("p", { id: "claimed", role: "status" }, added),
    el("p", {}, el("a", { href: "/" }, t("To the lobby")), " · ", el("a", { href: `/@/${encodeURIComponent(me.username)}` }, t("Your profile")))));
}

/** "/sign-in".
 * @param {HTMLElement} app */
export function signInPage(app) {
  document.title = t("Sign in · Tafel");
  // Shown once the server asks for it: an account with two-step sign-in on.
  const code = field("code", t("Code from your authenticator app, or a recovery code"), { autocomplete: "one-time-code", autocapitalize: "none", spellcheck: "false", maxlength: 32, required: false });
  code.hidden = true;
  fill(app, form("sign-in", t("Sign in"), [
    field("username", t("Username"), { autocomplete: "username", autocapitalize: "none", spellcheck: "false", maxlength: 64 }),
    field("password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
    code,
  ], t("Sign in"), async (f) => {
    const entered = code.hidden ? {} : { code: value(f, "code") };
    try {
      const me = await api("/api/session", { method: "POST", body: JSON.stringify({ username: value(f, "username"), password: value(f, "password"), ...entered }) });
      await welcome(app, me, t("Welcome back"));
    } catch (e) {
      if (e instanceof ApiError && e.code === "this-account-asks-for-a-code") {
        code.hidden = false;
        /** @type {HTMLInputElement} */ (code.querySelector("input")).required = true;
        queueMicrotask(() => /** @type {HTMLInputElement} */ (code.querySelector("input")).focus());
      }
      throw e;
    }
  }, [el("p", { class: "help" }, el("a", { href: "/reset-password", id: "forgot-password" }, t("Forgot your password?"))),
    el("p", { class: "help" }, t("No account yet?"), " ", el("a", { href: "/sign-up" }, t("Sign up")), ".")]));
}

/** "/sign-up" (with an optional e-mail address when the server sends mail).
 * @param {HTMLElement} app */
export async function signUpPage(app) {
  document.title = t("Sign up · Tafel");
  const mail = await sendsMail();
  fill(app, form("sign-up", t("Sign up"), [
    field("username", t("Username"), { autocomplete: "username", autocapitalize: "none", spellcheck: "false", maxlength: 20, "aria-describedby": "username-help" }),
    el("p", { class: "help", id: "username-help" }, t("3 to 20 letters, digits, _ or -. Others see it beside your games.")),
    field("password", t("Password"), { type: "password", autocomplete: "new-password", minlength: 10, maxlength: 256, "aria-describedby": "password-help" }),
    el("p", { class: "help", id: "password-help" }, t("At least 10 characters; not a common password.")),
    ...(mail ? [field("email", t("E-mail address (optional)"), { type: "email", autocomplete: "email", maxlength: 254, required: false, "aria-describedby": "email-help" }),
      el("p", { class: "help", id: "email-help" }, t("Only to reset a forgotten password; we send a link to confirm it."))] : []),
  ], t("Sign up"), async (f) => {
    const password = value(f, "password");
    const me = await api("/api/account", { method: "POST", body: JSON.stringify({ username: value(f, "username"), password }) });
    const address = mail ? value(f, "email").trim() : "";
    if (address) {
      // The account exists now: a refused address is said on the settings page, not here.
      await api("/api/account/email", { method: "PUT", body: JSON.stringify({ address, password }) }).catch(() => undefined);
    }
    await welcome(app, me, t("Welcome"));
  }, el("p", { class: "help" }, t("Accounts are optional: everything works without one. An account keeps your games together and gives you a rating."), " ",
    el("a", { href: "/sign-in" }, t("Sign in")), " ", t("if you have one."))));
}

/** "/settings": the moderators' notices, change the password, the e-mail address, the sessions,
 * the players one blocks, one's data, delete the account.
 * @param {HTMLElement} app */
export async function settingsPage(app) {
  document.title = t("Settings · Tafel");
  const me = await whoAmI();
  if (!me) {
    fill(app, el("section", { class: "card account-form" }, el("h1", {}, t("Settings")),
      el("p", {}, el("a", { href: "/sign-in" }, t("Sign in")), " ", t("to change your password or delete your account."))));
    return;
  }
  const done = el("p", { role: "status", id: "password-changed" });
  const change = form("change-password", t("Change the password"), [
    field("current-password", t("Current password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
    field("new-password", t("New password"), { type: "password", autocomplete: "new-password", minlength: 10, maxlength: 256, "aria-describedby": "new-password-help" }),
    el("p", { class: "help", id: "new-password-help" }, t("At least 10 characters; not a common password. Everywhere else you are signed in, you will be signed out.")),
  ], t("Change the password"), async (f) => {
    fill(done);
    await api("/api/account/password", { method: "PUT", body: JSON.stringify({ password: value(f, "current-password"), new_password: value(f, "new-password") }) });
    f.reset();
    fill(done, t("Your password is changed. Everywhere else you were signed in, you are signed out."));
  }, done, "h2");
  const remove = form("delete-account", t("Delete the account"), [
    el("p", {}, t("Deleting {name} forgets its name and password and signs it out everywhere. Its games stay, shown as played by a deleted player; the name is never given to anyone else.", { name: me.username })),
    field("delete-password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
    el("div", { class: "field check" }, el("input", { type: "checkbox", id: "delete-confirm", required: true }),
      el("label", { for: "delete-confirm" }, t("I understand that this cannot be undone"))),
  ], t("Delete my account"), async (f) => {
    await api("/api/account", { method: "DELETE", body: JSON.stringify({ password: value(f, "delete-password") }) });
    await showAccount(true);
    fill(app, el("section", { class: "card account-form", id: "deleted" }, el("h1", {}, t("Account deleted")),
      el("p", { role: "status" }, t("Your account is deleted. Your games show a deleted player.")), el("a", { href: "/" }, t("To the lobby"))));
  }, [], "h2");
  /** @type {HTMLButtonElement} */ (remove.querySelector("button[type=submit]")).classList.add("danger"); // the form's own
  const [email, twoStep, sessions, blocks, notices] = await Promise.all([emailSettings(), secondFactorSettings(), sessionSettings(),
    blockSettings(), noticeSettings()]);
  const data = el("section", { class: "card account-form", id: "own-data" }, el("h2", {}, t("Your data")),
    el("p", {}, t("Everything this server keeps about your account (your games are public and named by their ids), as a file to keep.")),
    el("a", { href: "/api/account/data", download: `tafel-${me.username}.json`, id: "download-data", class: "button secondary" }, t("Download your data")));
  fill(app, el("div", { class: "account-page" }, el("h1", {}, t("Settings")), notices, change, email ?? [], twoStep, sessions, blocks, data, remove));
}
