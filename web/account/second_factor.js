// The two-step sign-in part of "/settings" (issue #45): off, a password sets up a secret (its
// QR code for the authenticator app, and the secret to type), and the app's first code turns
// it on and shows the ten recovery codes once; on, the password and a code turn it off or make
// new recovery codes.

import { api, el, fill } from "../ui.js";
import { field, form, value } from "./form.js";
import { t, tn } from "../i18n.js";

/** @typedef {{ on: boolean, recovery_codes_left: number }} SecondFactorView */
/** @typedef {{ secret: string, url: string, qr_svg: string }} SetUpView */

/** The part of "/settings", filled from the server (and again after each step).
 * @returns {Promise<HTMLElement>} */
export async function secondFactorSettings() {
  // Each state's form is a card of its own.
  const card = el("div", { id: "second-factor" });
  const load = async () => {
    /** @type {SecondFactorView} */
    const state = await api("/api/account/second-factor");
    const show = (/** @type {HTMLElement} */ shown) => fill(card, shown);
    fill(card, state.on ? turnOff(state, show, load) : setUp(show, load));
  };
  await load();
  return card;
}

/** Off: the password sets up a secret, shown with its QR code and a field for the first code.
 * @param {(node: HTMLElement) => void} show
 * @param {() => Promise<void>} reload */
function setUp(show, reload) {
  return form("second-factor-setup", t("Two-step sign-in"), [
    el("p", {}, t("Off. When it is on, signing in asks for the code an authenticator app (such as Aegis, Google Authenticator or 1Password) shows, after your password.")),
    field("second-factor-password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
  ], t("Set up"), async (f) => {
    /** @type {SetUpView} */
    const setup = await api("/api/account/second-factor/setup", { method: "POST", body: JSON.stringify({ password: value(f, "second-factor-password") }) });
    show(turnOn(setup, show, reload));
  }, [], "h2");
}

/** Set up: the QR code and the secret, and the first code that turns it on.
 * @param {SetUpView} setup
 * @param {(node: HTMLElement) => void} show
 * @param {() => Promise<void>} reload */
function turnOn(setup, show, reload) {
  const qr = el("img", { class: "qr", id: "second-factor-qr", alt: t("QR code for your authenticator app"), width: 200, height: 200,
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}` });
  return form("second-factor-on", t("Two-step sign-in"), [
    el("p", {}, t("Scan this code with your authenticator app, or type the key into it; then enter the six digits it shows.")),
    qr,
    el("p", { class: "help" }, t("Key:"), " ", el("code", { id: "second-factor-secret", class: "secret" }, setup.secret.replace(/(.{4})/g, "$1 ").trim())),
    field("second-factor-code", t("Code"), { autocomplete: "one-time-code", inputmode: "numeric", maxlength: 8, pattern: "[0-9 ]{6,8}" }),
  ], t("Turn on"), async (f) => {
    /** @type {{ recovery_codes: string[] }} */
    const on = await api("/api/account/second-factor", { method: "POST", body: JSON.stringify({ code: value(f, "second-factor-code") }) });
    show(recoveryCodes(on.recovery_codes, reload));
  }, [], "h2");
}

/** On: the recovery codes, shown this once.
 * @param {string[]} codes
 * @param {() => Promise<void>} reload */
function recoveryCodes(codes, reload) {
  return el("section", { class: "card account-form", id: "recovery-codes" },
    el("h2", {}, t("Two-step sign-in is on")),
    el("p", { role: "status" }, t("Keep these recovery codes somewhere safe: each signs you in once if your app is lost. They are not shown again.")),
    el("ul", { class: "recovery-codes" }, codes.map((code) => el("li", {}, el("code", {}, code)))),
    el("button", { type: "button", id: "recovery-codes-kept", onclick: () => void reload() }, t("I have kept them")));
}

/** On: the password and a code turn it off, or make new recovery codes.
 * @param {SecondFactorView} state
 * @param {(node: HTMLElement) => void} show
 * @param {() => Promise<void>} reload */
function turnOff(state, show, reload) {
  const confirmed = () => JSON.stringify({ password: value(node, "second-factor-off-password"), code: value(node, "second-factor-off-code") });
  const renew = el("button", { type: "button", id: "new-recovery-codes", class: "secondary", onclick: async () => {
    const error = /** @type {HTMLElement} */ (node.querySelector("#second-factor-off-error"));
    fill(error);
    if (!node.reportValidity()) return;
    try {
      /** @type {{ recovery_codes: string[] }} */
      const renewed = await api("/api/account/second-factor/recovery-codes", { method: "POST", body: confirmed() });
      show(recoveryCodes(renewed.recovery_codes, reload));
    } catch (e) {
      fill(error, /** @type {Error} */ (e).message);
    }
  } }, t("New recovery codes"));
  const node = form("second-factor-off", t("Two-step sign-in"), [
    el("p", { id: "second-factor-state" }, t("On: signing in asks for the code of your authenticator app."), " ",
      tn(state.recovery_codes_left, "{n} recovery code is left.", "{n} recovery codes are left.")),
    field("second-factor-off-password", t("Password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
    field("second-factor-off-code", t("Code from your app, or a recovery code"), { autocomplete: "one-time-code", autocapitalize: "none", spellcheck: "false", maxlength: 32 }),
  ], t("Turn off"), async () => {
    await api("/api/account/second-factor", { method: "DELETE", body: confirmed() });
    await reload();
  }, [], "h2");
  const turnOffButton = /** @type {HTMLButtonElement} */ (node.querySelector("button[type=submit]"));
  turnOffButton.classList.add("secondary");
  turnOffButton.after(" ", renew);
  return node;
}
