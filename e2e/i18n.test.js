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

// The Rust sources the scans below read: the games' reasons why a move, a setting, a position
// code or a record cannot be read, which the server passes on as they are (their German is in
// web/i18n/server-de.js). The server's own messages are in its catalogues
// (crates/tafel-server/messages/), checked complete by the server's tests.

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

/** A Rust source without its tests (from its first `#[cfg(test)]`) and comment lines, and its
 * `&str` constants. */
function rustCode(source) {
  const tests = source.indexOf("#[cfg(test)]");
  const code = (tests < 0 ? source : source.slice(0, tests)).replace(/^[ \t]*\/\/.*$/gm, "");
  const constants = Object.fromEntries([...code.matchAll(/const (\w+): &str = "/g)]
    .map((m) => [m[1], rustString(code, m.index + m[0].length - 1)]));
  return { code, constants };
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

// The games' reasons why a typed move, a setting, a position code or a record cannot be read:
// the last argument of ParseError::new/at, ReplayError::record/at and ValueError::NotAllowed,
// or of the closures and methods the parsers build them with (`let err = |..| ParseError::..`,
// `fn error(..) -> ReplayError`), and the forms a ValueError::Malformed expects, in every file
// of the games (their tests left out) and in tafel_core's settings and records.

const CRATES = new URL("../crates/", import.meta.url);
const GAMES = new URL("tafel-games/src/", CRATES);
const CORE_FILES = ["tafel-core/src/record.rs", "tafel-core/src/settings.rs", "tafel-core/src/erased.rs"];
// Karl's Race's board file is the engine's own (board.json, checked when it is built): no
// person types it.
const UNREAD = ["board file"];
const ERRORS = "ParseError::(?:new|at)|ReplayError::(?:record|at)|ValueError::NotAllowed";

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

/** The reasons a game's parser gives in one Rust source: { text, format, line }, and the
 * things it says it cannot read (`whats`: "move", "position code"...). */
function gameErrors(source) {
  const { code, constants } = rustCode(source);
  const found = [];
  const whats = new Set();
  const add = (text, format, at) => found.push({ text, format, line: code.slice(0, at).split("\n").length });
  const wrappers = [
    ...code.matchAll(new RegExp(`let (\\w+) = \\|[^|]*\\|[^;]{0,40}?(?:${ERRORS})\\(\\s*("[^"]*")?`, "g")),
    ...code.matchAll(/fn (\w+)\([^)]*\)\s*->\s*(?:ParseError|ReplayError)\b/g),
  ].filter((m) => !UNREAD.includes(m[2] && rustString(m[2], 0))).map((m) => `(?:self\\.)?${m[1]}`);
  for (const m of code.matchAll(new RegExp(`(?<![\\w.:])(${[ERRORS, ...wrappers].join("|")})\\(`, "g"))) {
    const args = callArguments(code, m.index + m[0].length - 1).filter(Boolean);
    if (m[1].startsWith("ParseError")) {
      const what = rustString(args[0] ?? "", 0);
      if (UNREAD.includes(what)) continue;
      if (what) whats.add(what);
    }
    const last = (args.at(-1) ?? "").replace(/\.(?:into|to_string|to_owned)\(\)$/, "");
    if (last.startsWith("format!(")) add(rustString(last.slice(8).trimStart(), 0), true, m.index);
    else if (last.startsWith('"')) add(rustString(last, 0), false, m.index);
    else if (constants[last]) add(constants[last], false, m.index);
    // An expression choosing among literals (`if ... { "a" } else { "b" }`): each of them.
    else for (const literal of last.matchAll(/"(?:[^"\\]|\\.)*"/g)) add(rustString(literal[0], 0), false, m.index);
  }
  for (const m of code.matchAll(/\bexpected: "/g)) add(rustString(code, m.index + m[0].length - 1), false, m.index);
  // Words chosen for a format's `{name}` (`let sides = if .. { "a" } else { "b" };`): each.
  const named = new Set(found.filter((f) => f.format).flatMap((f) => [...f.text.matchAll(/\{(\w+)\}/g)].map((p) => p[1])));
  const STRING = '"(?:[^"\\\\]|\\\\.)*"';
  for (const m of code.matchAll(new RegExp(`let (\\w+) = if [^{;]*\\{\\s*(${STRING})\\s*\\}\\s*else\\s*\\{\\s*(${STRING})\\s*\\};`, "g"))) {
    if (!named.has(m[1])) continue;
    for (const literal of [m[2], m[3]].map((l) => rustString(l, 0)).filter(Boolean)) add(literal, false, m.index);
  }
  return { found, whats };
}

/** The sentences of tafel_core around the games' reasons, and the words put into them, which
 * the scan cannot find as reasons (Display implementations, helpers that word a value). */
const CORE_SENTENCES = [
  // ParseError (the `what` is added for each the games use), ReplayError (an illegal move is
  // the server's message `move-illegal`).
  ["`{}` comes after the end of the game", true], ["move {}: {}", true],
  // SettingsError and ValueError.
  ["unknown setting `{}` for {} (known: {})", true], ["invalid value `{}` for setting `{}`: {}", true],
  ["malformed setting `{}`: expected key=value", true], ["expected one of {}", true],
  ["expected {}, got `{}`", true], ["expected {}", true],
  // Records: tags, terminations, Kauri's result line and capture words.
  ["a tag line must look like [Name \"value\"]", false], ["a tag needs a name and a quoted value", false],
  ["the tag's value must be in double quotes", false], ["unknown termination `{}` (known: {})", true],
  ...["resignation", "agreement", "time forfeit", "aborted", "rules infraction"].map((word) => [word, false]),
  ["a draw by {} : {}", true], ["a win of player {} by {} : {}", true], ["a win by {} : {}", true],
  ["captures nothing", false], ["captures {}", true], ["loses {}", true], ["captures {} and loses {}", true],
  // Words put into the games' formats that the scan cannot tell: Carreaux's code form without
  // its optional part (an empty word), EinStein's order.
  ["expected the side to move, `:` and the rows, such as r:.BGB/RGBG/...", false],
  ["with these settings {} arranges its cubes first", true], ["with these settings {} arranges its cubes second", true],
  // The position editor's answer: the reason and where (http/api/positions.rs).
  ["{} (at character {})", true],
];

test("every reason a game gives for a move, a setting, a position code or a record it cannot read has its German", async () => {
  const { known } = await serverGerman();
  const files = [
    ...(await readdir(GAMES, { recursive: true })).filter((f) => f.endsWith(".rs") && !f.endsWith("tests.rs")).sort()
      .map((f) => `tafel-games/src/${f}`),
    ...CORE_FILES,
  ];
  const missing = [];
  const whats = new Set(["move", "cell"]);
  let count = 0;
  for (const file of files) {
    const scanned = gameErrors(await readFile(new URL(file, CRATES), "utf8"));
    scanned.whats.forEach((what) => whats.add(what));
    for (const { text, format, line } of scanned.found) {
      count++;
      if (!known(text, format)) missing.push(`crates/${file}:${line}: ${JSON.stringify(text)}`);
    }
  }
  const sentences = [...CORE_SENTENCES, ...[...whats].flatMap((what) => [[`invalid ${what} \`{}\`: {}`, true], [`invalid ${what} \`{}\` at character {}: {}`, true]])];
  for (const [sentence, format] of sentences) {
    if (!known(sentence, format)) missing.push(`tafel_core: ${JSON.stringify(sentence)}`);
  }
  assert.ok(count > 100, `only ${count} reasons found in the games: is the scan broken?`);
  assert.ok(["position code", "record"].every((what) => whats.has(what)), `the scan found only ${[...whats]}`);
  assert.deepEqual(missing, [], `${missing.length} reasons of the games have no German in web/i18n/server-de.js`);
});

test("a format's and a pattern's placeholders are one mark each", () => {
  assert.equal(shape("x {} has {n} {{y}}", true), "x \u0000 has \u0000 {y}");
  assert.equal(shape("x {a} has {n} {y}", false), "x \u0000 has \u0000 \u0000");
});

test("the games' scan reads the reasons of every parse, their wrappers and expected forms, not tests or the board file", () => {
  const { found, whats } = gameErrors([
    'const FORMS: &str = "forms";',
    'let err = |at: usize, reason: String| ParseError::at("move", text, at, reason);',
    'let file = |reason: String| ParseError::new("board file", text, reason);',
    'ParseError::new("move", text, FORMS); err(3, format!("{} is {x}", a(b, c)));',
    'ParseError::new("position code", text, "a \\"code\\""); file("not this".into());',
    'fn error(&self, reason: impl Into<String>) -> ReplayError { ReplayError::at(self.number, reason) }',
    'self.error(format!("no file {file}")); e.error("nor this"); ValueError::NotAllowed("too big".into());',
    'return Err(fail(if drawn { "a" } else { "b" })); ValueError::Malformed { expected: "8x8", got: None };',
    'let form = if plies { "with plies" } else { "" }; let other = if x { "not" } else { "this" };',
    'ParseError::new("position code", text, format!("expected {form}"));',
    "#[cfg(test)]",
    'mod tests { ReplayError::record("in a test"); }',
  ].join("\n").replace("return Err(fail", "let fail = |why: &str| ReplayError::record(format!(\"x {why}\"));\nreturn Err(fail"));
  assert.deepEqual(found.map(({ text, format }) => [text, format]),
    [["forms", false], ["{} is {x}", true], ['a "code"', false], ["no file {file}", true], ["too big", false],
      ["x {why}", true], ["a", false], ["b", false], ["expected {form}", true], ["8x8", false], ["with plies", false]]);
  assert.deepEqual([...whats], ["move", "position code"]);
});
