// The colour theme: the system's choice (prefers-color-scheme) unless the switch in the site's
// header chose light or dark, remembered in localStorage. The style sheet's colours are
// light-dark() pairs; this sets data-theme on <html> (none: the system's). Every page loads
// this module (the rules pages too, which have no other script).

import { el } from "./ui.js";
import { t } from "./i18n.js";

const KEY = "tafel:theme";
const NEXT = { system: "dark", dark: "light", light: "system" };
/** @type {Record<string, () => string>} */
const WORDS = { system: () => t("Theme: as the system"), dark: () => t("Theme: dark"), light: () => t("Theme: light") };

/** The theme chosen: "system", "dark" or "light". */
const chosen = () => {
  const stored = localStorage.getItem(KEY);
  return stored === "dark" || stored === "light" ? stored : "system";
};

/** Applies the theme chosen to the page.
 * @param {string} theme */
function apply(theme) {
  if (theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** Applies the theme remembered and puts its switch in the site's header. */
function themeSwitch() {
  apply(chosen());
  const header = document.querySelector("header.site");
  if (!header || document.getElementById("theme")) return;
  const button = el("button", { class: "secondary theme-switch", id: "theme", type: "button" }, WORDS[chosen()]());
  button.addEventListener("click", () => {
    const theme = NEXT[chosen()];
    if (theme === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
    apply(theme);
    button.textContent = WORDS[theme]();
  });
  header.append(button);
}

themeSwitch();
