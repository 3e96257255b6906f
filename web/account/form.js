// The account pages' forms: a labelled field, a form that shows the server's refusal, and a
// field's value (web/account/page.js, web/account/recovery.js).

import { el, fill } from "../ui.js";

/** A labelled input of a form.
 * @param {string} id
 * @param {string} label
 * @param {Record<string, unknown>} attrs */
export function field(id, label, attrs) {
  return el("div", { class: "field" }, el("label", { for: id }, label), el("input", { id, name: id, required: true, ...attrs }));
}

/** A form that sends its fields with `submit`, shows the server's refusal in its alert line,
 * and is busy meanwhile; `extra` stands under the fields.
 * @param {string} id
 * @param {string} title
 * @param {HTMLElement[]} fields
 * @param {string} button
 * @param {(form: HTMLFormElement) => Promise<void>} submit
 * @param {import("../ui.js").Child} [extra]
 * @param {"h1" | "h2"} [heading] */
export function form(id, title, fields, button, submit, extra = [], heading = "h1") {
  const error = el("p", { class: "error", role: "alert", id: `${id}-error` });
  const submitButton = el("button", { type: "submit", id: `${id}-submit` }, button);
  const node = el("form", { class: "card account-form", id, onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    fill(error);
    submitButton.disabled = true;
    try {
      await submit(node);
    } catch (failure) {
      fill(error, failure.message);
    } finally {
      submitButton.disabled = false;
    }
  } }, el(heading, {}, title), fields, extra, error, submitButton);
  return node;
}

/** The value of the field `id` of `form`.
 * @type {(form: HTMLFormElement, id: string) => string} */
export const value = (form, id) => /** @type {HTMLInputElement} */ (form.querySelector(`#${id}`)).value;
