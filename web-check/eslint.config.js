// ESLint's configuration for the browser code in web/, run from the repository's root
// (`npm run lint` here does): the recommended rules, unused variables, no import circle between
// modules, and no `fetch` by hand (every request goes through `request` or `api` of web/ui.js).

import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import globals from "globals";

export default [
  {
    files: ["web/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.browser },
    plugins: { "import-x": importX },
    rules: {
      ...js.configs.recommended.rules,
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      "import-x/no-unresolved": "error",
      "import-x/no-cycle": "error",
      "no-restricted-globals": ["error", { name: "fetch", message: "Call request() or api() of web/ui.js." }],
    },
  },
  { files: ["web/ui.js"], rules: { "no-restricted-globals": "off" } },
];
