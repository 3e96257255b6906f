// E-mail and a forgotten password: "/reset-password" (ask for a link; with the link's token in
// the fragment, choose a new password), "/verify-email" (follow the link that confirms an
// address), and the e-mail form of "/settings". A link's token travels in the URL's fragment,
// which the browser never sends to a server; the page reads it, removes it from the address
// bar, and sends it in a request's body.

import { api, el, fill } from "../ui.js";
import { field, form, value } from "./form.js";
import { t } from "../i18n.js";

/** The token in the page's fragment (`#token=...`), removed from the address bar; "" if none. */
function takeToken() {
  const token = new URLSearchParams(location.hash.slice(1)).get("token") ?? "";
  if (location.hash) history.replaceState(null, "", location.pathname);
  return token;
}

/** Whether the server sends mail (`tafel serve --smtp`).
 * @returns {Promise<boolean>} */
export async function sendsMail() {
  const mail = await api("/api/mail");
  return mail.sends_mail === true;
}

/** "/reset-password": ask for a link, or (with the link's token) choose a new password.
 * @param {HTMLElement} app */
export function resetPasswordPage(app) {
  document.title = t("Forgot your password? · Tafel");
  const token = takeToken();
  const done = el("p", { role: "status", id: "reset-done" });
  if (token) {
    fill(app, form("new-password-form", t("Choose a new password"), [
      field("new-password", t("New password"), { type: "password", autocomplete: "new-password", minlength: 10, maxlength: 256, "aria-describedby": "new-password-help" }),
      el("p", { class: "help", id: "new-password-help" }, t("At least 10 characters; not a common password. Everywhere you are signed in, you will be signed out.")),
    ], t("Set the password"), async (f) => {
      await api("/api/password-reset/confirm", { method: "POST", body: JSON.stringify({ token, password: value(f, "new-password") }) });
      fill(app, el("section", { class: "card account-form", id: "password-reset" }, el("h1", {}, t("Password reset")),
        el("p", { role: "status" }, t("Your password is reset. Sign in with it.")), el("a", { href: "/sign-in" }, t("Sign in"))));
    }));
    return;
  }
  fill(app, form("reset-request", t("Forgot your password?"), [
    el("p", {}, t("Give your username or the e-mail address you confirmed. We send a link that lets you choose a new password; it works for an hour.")),
    field("who", t("Username or e-mail address"), { autocomplete: "username", autocapitalize: "none", spellcheck: "false", maxlength: 254 }),
  ], t("Send the link"), async (f) => {
    fill(done);
    await api("/api/password-reset", { method: "POST", body: JSON.stringify({ who: value(f, "who") }) });
    fill(done, t("If an account has that name or confirmed address, a link is on its way. Look in your mail, the spam folder too."));
  }, [done, el("p", { class: "help" }, t("No address on your account? Ask the people who run this server: they can give you a link."))]));
}

/** "/verify-email": confirms the address the link was sent to.
 * @param {HTMLElement} app */
export async function verifyEmailPage(app) {
  document.title = t("Confirm your e-mail address · Tafel");
  const token = takeToken();
  const status = el("p", { role: "status", id: "email-verified" }, t("Confirming…"));
  fill(app, el("section", { class: "card account-form" }, el("h1", {}, t("Confirm your e-mail address")), status,
    el("a", { href: "/settings" }, t("Settings"))));
  try {
    const verified = await api("/api/account/email/verify", { method: "POST", body: JSON.stringify({ token }) });
    fill(status, t("Your address {address} is confirmed. A forgotten password can now be reset by mail.", { address: verified.address }));
  } catch (failure) {
    status.setAttribute("role", "alert");
    status.classList.add("error");
    fill(status, failure.message);
  }
}

/** The e-mail part of "/settings": the address and whether it is confirmed, a form to set or
 * remove it; nothing if the server sends no mail.
 * @returns {Promise<HTMLElement | null>} */
export async function emailSettings() {
  if (!(await sendsMail())) return null;
  const email = await api("/api/account/email");
  const state = el("p", { role: "status", id: "email-state" });
  /** @param {{ address: string | null, verified: boolean }} shown */
  const show = (shown) => fill(state, !shown.address ? t("No address: a forgotten password cannot be reset by mail.")
    : shown.verified ? t("{address} is confirmed.", { address: shown.address })
    : t("{address} is not confirmed yet: open the link we sent to it.", { address: shown.address }));
  show(email);
  const node = form("email-form", t("E-mail address"), [
    state,
    field("email", t("E-mail address"), { type: "email", autocomplete: "email", maxlength: 254, value: email.address ?? "" }),
    field("email-password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
  ], t("Save the address"), async (f) => {
    show(await api("/api/account/email", { method: "PUT", body: JSON.stringify({ address: value(f, "email"), password: value(f, "email-password") }) }));
    /** @type {HTMLInputElement} */ (f.querySelector("#email-password")).value = "";
  }, [], "h2");
  return node;
}
