// The language switch in the site's header (after the theme switch): EN or DE, the
// choice remembered (web/i18n.js) and the page loaded again in it. Every page loads this
// module (the rules pages too, whose `<html lang>` the server sets to their document's
// language; the pages the app draws set theirs in web/app.js).

import { chooseLanguage, language, LANGUAGES, t } from "./i18n.js";
import { el } from "./ui.js";

/** Puts the language switch in the site's header. */
function languageSwitch() {
  const header = document.querySelector("header.site");
  if (!header || document.getElementById("language")) return;
  const current = language();
  const select = el("select", { class: "language-switch", id: "language", "aria-label": t("Language"), title: t("Language") },
    // Each language by its code ("DE"), short enough for a phone's header; its own name as
    // the option's title.
    Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, lang: code, title: name, selected: code === current }, code.toUpperCase())));
  select.addEventListener("change", () => {
    chooseLanguage(select.value);
    location.reload();
  });
  header.append(select);
}

languageSwitch();
