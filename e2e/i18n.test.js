// Every text of the interface has its German translation: this scans web/**/*.js for the texts
// passed to t() and tn() (web/i18n.js) and checks that web/i18n/de.js has an entry for each,
// with the same {parameters}. Texts must be literals (a text built at run time could not be
// checked, so it is refused too). Needs no server or browser; runs with the other e2e tests.

import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { test } from "node:test";

const WEB = new URL("../web/", import.meta.url);

/** Every .js file under web/, as paths relative to it. */
async function scripts() {
  const entries = await readdir(WEB, { recursive: true });
  return entries.filter((f) => f.endsWith(".js")).sort();
}

/** Reads the string literal starting at `source[at]` (a quote); returns { text, end } or null
 * when there is no literal there or it is a template with `${`. */
function literal(source, at) {
  const quote = source[at];
  if (!`"'\``.includes(quote)) return null;
  let text = "";
  for (let i = at + 1; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") { text += JSON.parse(`"${source[i + 1] === "'" || source[i + 1] === "`" ? source[i + 1] : `\\${source[i + 1]}`}"`); i++; continue; }
    if (quote === "`" && c === "$" && source[i + 1] === "{") return null;
    if (c === quote) return { text, end: i + 1 };
    text += c;
  }
  return null;
}

const skipSpace = (source, at) => { while (/\s/.test(source[at])) at++; return at; };

/** The index after the argument starting at `at` (at its top-level comma or closing bracket). */
function argumentEnd(source, at) {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) { if (depth === 0) return i; depth--; }
    else if (c === "," && depth === 0) return i;
    else if (`"'\``.includes(c)) { const l = literal(source, i); if (l) i = l.end - 1; }
  }
  return source.length;
}

/** The texts passed to t() and tn() in `source`, and the calls whose texts are not literals. */
function texts(source) {
  const found = [];
  const refused = [];
  for (const match of source.matchAll(/(?<![\w.$])(tn?)\(/g)) {
    let at = skipSpace(source, match.index + match[0].length);
    const line = source.slice(0, match.index).split("\n").length;
    const wanted = match[1] === "t" ? 1 : 2;
    if (match[1] === "tn") at = skipSpace(source, argumentEnd(source, at) + 1);
    for (let k = 0; k < wanted; k++) {
      const l = literal(source, at);
      if (!l) { refused.push(line); break; }
      found.push({ text: l.text, line });
      at = skipSpace(source, l.end);
      if (source[at] === ",") at = skipSpace(source, at + 1);
    }
  }
  return { found, refused };
}

/** The names of the {parameters} in `text`, sorted. */
const parameters = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every text passed to t() or tn() in web/ has a German translation with the same parameters", async () => {
  const source = await readFile(new URL("i18n/de.js", WEB), "utf8");
  const { de } = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  const missing = [];
  const problems = [];
  let count = 0;
  for (const file of await scripts()) {
    if (file === "i18n.js" || file.startsWith("i18n/")) continue; // the functions themselves
    const { found, refused } = texts(await readFile(new URL(file, WEB), "utf8"));
    for (const line of refused) problems.push(`web/${file}:${line}: the text is not a literal (use {parameters})`);
    for (const { text, line } of found) {
      count++;
      if (!(text in de)) missing.push(`web/${file}:${line}: ${JSON.stringify(text)}`);
      else if (parameters(de[text]).join() !== parameters(text).join()) {
        problems.push(`web/${file}:${line}: ${JSON.stringify(text)} and its translation have different {parameters}`);
      }
    }
  }
  // i18n.js' own texts (side names, lists).
  for (const { text } of texts(await readFile(new URL("i18n.js", WEB), "utf8")).found) {
    count++;
    if (!(text in de)) missing.push(`web/i18n.js: ${JSON.stringify(text)}`);
  }
  assert.ok(count > 100, `only ${count} texts found: is the scan broken?`);
  assert.deepEqual(problems, []);
  assert.deepEqual(missing, [], `${missing.length} texts have no German entry in web/i18n/de.js`);
});

test("the scan finds literal texts and refuses built ones", () => {
  const { found, refused } = texts('t("A {x}", { x }); tn(n, "{n} move", "{n} moves"); t(`B`); t(word); t(`C ${d}`); x.t("no"); at("no")');
  assert.deepEqual(found.map((f) => f.text), ["A {x}", "{n} move", "{n} moves", "B"]);
  assert.equal(refused.length, 2);
});

// The server's error messages a page shows: every literal text the server passes to one of its
// errors (Error::invalid("..."), Error::conflict(format!("...", ...)), a `const` passed so, and
// the refusals given to two_player_game) has its German in web/i18n/server-de.js, an exact entry
// or a pattern with {parameters} in the places of the format's {} (serverText() in web/i18n.js).

const SERVER = new URL("../crates/tafel-server/src/", import.meta.url);
// Formats with no words of the server's own: a game's reason why a position code cannot be
// read, and where (http/api/positions.rs), which stays English (docs/i18n.md).
const UNWORDED = ["{}{}"];
const ERROR_CALL = /Error::(?:invalid|conflict|quota|unauthorized|forbidden|not_found|too_many_requests|unavailable|busy|bad_request|unprocessable|illegal)\(\s*(format!\(\s*)?/g;

/** Reads the Rust string literal starting at `source[at]` (a quote), with its escapes and line
 * continuations; null when there is none there. */
function rustString(source, at) {
  if (source[at] !== '"') return null;
  let text = "";
  for (let i = at + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '"') return text;
    if (c !== "\\") { text += c; continue; }
    const next = source[++i];
    if (next === "\n") { while (/\s/.test(source[i + 1])) i++; continue; }
    text += { n: "\n", t: "\t" }[next] ?? next;
  }
  return null;
}

/** A Rust source without its tests (from its first `#[cfg(test)]`), and its `&str` constants. */
function rustCode(source) {
  const tests = source.indexOf("#[cfg(test)]");
  const code = tests < 0 ? source : source.slice(0, tests);
  const constants = Object.fromEntries([...code.matchAll(/const (\w+): &str = "/g)]
    .map((m) => [m[1], rustString(code, m.index + m[0].length - 1)]));
  return { code, constants };
}

/** The error texts in one Rust source (its tests left out): { text, format, line }; a format's
 * placeholders stay as written ("{}", "{name}", "{:04X}"). */
function serverErrors(source) {
  const { code, constants } = rustCode(source);
  const found = [];
  const add = (text, format, at) => found.push({ text, format, line: code.slice(0, at).split("\n").length });
  for (const m of code.matchAll(ERROR_CALL)) {
    const at = m.index + m[0].length;
    const text = rustString(code, at) ?? constants[/^\w+/.exec(code.slice(at))?.[0]];
    if (text !== undefined && text !== null) add(text, Boolean(m[1]), m.index);
  }
  for (const m of code.matchAll(/two_player_game\([^;]*?,\s*("(?:[^"\\]|\\.)*")\s*,?\s*\)/g)) add(rustString(m[1], 0), false, m.index);
  return found;
}

/** A text with every placeholder (a format's `{...}`, a pattern's `{name}`) as one mark, and a
 * format's `{{`/`}}` as the braces they print. */
const shape = (text, format) => text.replace(/\{\{|\}\}|\{[^{}]*\}/g, (p) => (!format ? (/^\{\w+\}$/.test(p) ? "\u0000" : p) : p === "{{" ? "{" : p === "}}" ? "}" : "\u0000"));

/** The patterns as web/i18n.js matches them: the English with each {name} as a group. */
const patternRegex = (english) => new RegExp(`^${english.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&")).join(".+?")}$`);

/** Whether web/i18n/server-de.js translates `text` (a format's placeholders as written): an
 * exact entry or a pattern matching a literal, a pattern of the same shape for a format. */
async function serverGerman() {
  const source = await readFile(new URL("i18n/server-de.js", WEB), "utf8");
  const { serverTextsDe, serverPatternsDe } = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  const patterns = Object.keys(serverPatternsDe);
  const shapes = new Set(patterns.map((p) => shape(p, false)));
  const known = (text, format) => (format
    ? shapes.has(shape(text, true))
    : Object.hasOwn(serverTextsDe, text) || patterns.some((p) => patternRegex(p).test(text)));
  return { serverPatternsDe, patterns, known };
}

test("every error text of the server has its German in web/i18n/server-de.js", async () => {
  const { serverPatternsDe, patterns, known } = await serverGerman();
  // A translation may leave a parameter out ("this game's {room} chat" is "dieser Chat der
  // Partie"), but one the English lacks would show as "{name}".
  const problems = patterns.filter((p) => parameters(serverPatternsDe[p]).some((name) => !parameters(p).includes(name)))
    .map((p) => `${JSON.stringify(p)}: its translation has {parameters} the English lacks`);
  // A key written twice keeps only its last translation, silently.
  const keys = [...(await readFile(new URL("i18n/server-de.js", WEB), "utf8")).matchAll(/^\s*("(?:[^"\\]|\\.)*"):/gm)].map((m) => m[1]);
  problems.push(...keys.filter((key, i) => keys.indexOf(key) !== i).map((key) => `${key} is in web/i18n/server-de.js twice`));
  const missing = [];
  let count = 0;
  const files = (await readdir(SERVER, { recursive: true })).filter((f) => f.endsWith(".rs")).sort();
  for (const file of files) {
    for (const { text, format, line } of serverErrors(await readFile(new URL(file, SERVER), "utf8"))) {
      count++;
      if (!known(text, format) && !UNWORDED.includes(text)) missing.push(`crates/tafel-server/src/${file}:${line}: ${JSON.stringify(text)}`);
    }
  }
  assert.ok(count > 150, `only ${count} error texts found in the server: is the scan broken?`);
  assert.deepEqual(problems, []);
  assert.deepEqual(missing, [], `${missing.length} error texts of the server have no German in web/i18n/server-de.js`);
});

// The games' reasons why a typed move cannot be read: the last argument of ParseError::new/at
// for a "move" or "cell", or of the closures the parsers build them with (err, error, refuse),
// in every game's notation.rs and the cell parsers they call.

const GAMES = new URL("../crates/tafel-games/src/", import.meta.url);
const MOVE_PARSERS = ["quarx/board.rs", "carreaux/board.rs"];

/** The top-level arguments of the call whose bracket opens at `source[open]`. */
function callArguments(source, open) {
  const args = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '"') { while (source[++i] !== '"') if (source[i] === "\\") i++; continue; }
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) { if (depth === 0) { args.push(source.slice(start, i).trim()); return args; } depth--; }
    else if (c === "," && depth === 0) { args.push(source.slice(start, i).trim()); start = i + 1; }
  }
  return args;
}

/** The reasons a move parser gives in one Rust source: { text, format, line }. */
function moveReasons(source) {
  const { code, constants } = rustCode(source);
  const found = [];
  for (const m of code.matchAll(/(?<![\w.])(ParseError::(?:new|at)|err|error|refuse)\(/g)) {
    const args = callArguments(code, m.index + m[0].length - 1).filter(Boolean);
    if (m[1].startsWith("ParseError") && !['"move"', '"cell"'].includes(args[0])) continue;
    const last = (args.at(-1) ?? "").replace(/\.(?:into|to_string|to_owned)\(\)$/, "");
    const format = last.startsWith("format!(");
    const literal = format ? last.slice(8).trimStart() : last;
    const text = literal.startsWith('"') ? rustString(literal, 0) : constants[last];
    if (typeof text === "string") found.push({ text, format, line: code.slice(0, m.index).split("\n").length });
  }
  return found;
}

test("every reason a game gives for a typed move it cannot read has its German", async () => {
  const { known } = await serverGerman();
  const files = (await readdir(GAMES, { recursive: true }))
    .filter((f) => f.endsWith("/notation.rs") || MOVE_PARSERS.includes(f)).sort();
  const missing = [];
  let count = 0;
  for (const file of files) {
    for (const { text, format, line } of moveReasons(await readFile(new URL(file, GAMES), "utf8"))) {
      count++;
      if (!known(text, format)) missing.push(`crates/tafel-games/src/${file}:${line}: ${JSON.stringify(text)}`);
    }
  }
  for (const what of ["move", "cell"]) {
    for (const sentence of [`invalid ${what} \`{}\`: {}`, `invalid ${what} \`{}\` at character {}: {}`]) {
      if (!known(sentence, true)) missing.push(`tafel_core::notation::ParseError: ${JSON.stringify(sentence)}`);
    }
  }
  assert.ok(count > 20, `only ${count} reasons found in the games: is the scan broken?`);
  assert.deepEqual(missing, [], `${missing.length} reasons of the games have no German in web/i18n/server-de.js`);
});

test("the server's scan reads literals, formats and constants, and leaves tests out", () => {
  const found = serverErrors([
    'const NO: &str = "no match";',
    'fn a() { Error::invalid("a \\"b\\" \\',
    '        c"); Error::conflict(format!(',
    '    "x {} has {n} {{y}}", 1)); Error::unauthorized(NO); Error::storage(e); Error::invalid(e);',
    '  two_player_game(&name, &settings, "only two")',
    "#[cfg(test)]",
    'mod tests { Error::invalid("in a test"); }',
  ].join("\n"));
  assert.deepEqual(found.map(({ text, format }) => [text, format]),
    [['a "b" c', false], ["x {} has {n} {{y}}", true], ["no match", false], ["only two", false]]);
  assert.equal(shape("x {} has {n} {{y}}", true), "x \u0000 has \u0000 {y}");
  assert.equal(shape("x {a} has {n} {y}", false), "x \u0000 has \u0000 \u0000");
});

test("the games' scan reads the reasons of moves and cells, not of other parses", () => {
  const found = moveReasons([
    'const FORMS: &str = "forms";',
    'let err = |at: usize, reason: String| ParseError::at("move", text, at, reason);',
    'ParseError::new("move", text, FORMS); err(3, format!("{} is {x}", a(b, c)));',
    'ParseError::new("cell", text, "a \\"cell\\""); ParseError::new("position", text, "not this");',
    'refuse(format!("no file {file}")); e.error("nor this"); error(FORMS.into());',
  ].join("\n"));
  assert.deepEqual(found.map(({ text, format }) => [text, format]),
    [["forms", false], ["{} is {x}", true], ['a "cell"', false], ["no file {file}", true], ["forms", false]]);
});
