// Every text of the interface has its German translation: this scans web/**/*.js for the texts
// passed to t() and tn() (web/i18n.js) and checks that web/i18n/de.js has an entry for each,
// with the same {parameters}. Texts must be literals (a text built at run time could not be
// checked, so it is refused too); the texts of the tutorials' courses (web/learn/courses/, said
// through courseText()) are data, checked from their files. Needs no server or browser; runs
// with the other e2e tests.

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
  // The tutorials' courses: every text of every step.
  const courses = new URL("learn/courses/", WEB);
  for (const file of (await readdir(courses)).filter((f) => f.endsWith(".json"))) {
    const { steps } = JSON.parse(await readFile(new URL(file, courses), "utf8"));
    for (const [i, step] of steps.entries()) {
      for (const key of ["title", "text", "task", "hint", "praise", "wrong"]) {
        if (step[key] === undefined) continue;
        count++;
        if (!(step[key] in de)) missing.push(`web/learn/courses/${file}, step ${i + 1}, ${key}: ${JSON.stringify(step[key])}`);
      }
    }
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
