// The tutorials (issue #48, item 1; docs/learn.md): a newcomer takes every game's course by
// clicking the board, from the first step to "Course complete", with one wrong move per course
// (explained, the position put back) and its hint shown; each game at one of the two sizes
// (390x844 and 1366x768) and in one of the two languages, every combination used, one in the
// dark theme; axe-core finds nothing serious; screenshots in artifacts/learn-*.png. Then the
// progress on /learn, and a browser's progress merged into an account's when it signs up.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { axeViolations, BASE, boxOf, freshName, LAPTOP, launch, newPage, PHONE, screenshot, submitAccountForm } from "./lib.js";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Each game's course as a newcomer takes it: the cells clicked for each step's move, and a
 * wrong move tried first at the step `wrongAt`; where, in which language and theme. */
const COURSES = [
  { game: "einstein", viewport: PHONE, locale: "en-US", wrongAt: 0, wrong: ["c1", "c2"],
    steps: [["c1", "b2"], ["e3", "d3"], ["c3", "b4"], ["b4", "a5"], ["d3", "c4"]] },
  { game: "karls-race", viewport: LAPTOP, locale: "de-DE", wrongAt: 2, wrong: ["K", "L"],
    steps: [["P", "K"], ["N", "I"], ["K", "E"], ["H", "A"]] },
  { game: "kauri", viewport: LAPTOP, locale: "en-US", wrongAt: 1, wrong: ["a"],
    steps: [["e"], ["f"], ["a"], ["f"]] },
  { game: "quarx", viewport: PHONE, locale: "de-DE", colorScheme: "dark", wrongAt: 3, wrong: ["1111", "2211"],
    steps: [["2211", "3311"], ["1111", "1221"], ["1311", "3331"], ["1311", "2411"], ["1111", "4444"]] },
  { game: "carreaux", viewport: PHONE, locale: "en-US", wrongAt: 0, wrong: ["a3"],
    steps: [["b4"], ["c2"], ["c2"], ["b6"]] },
  { game: "black-path", viewport: LAPTOP, locale: "de-DE", wrongAt: 1, wrong: ["0,1:N"],
    steps: [["0,0:E"], ["0,1:E"], ["1,0:S"], ["1,2:N"]] },
];

/** The words the page says in each language, to see that it speaks it. */
const WORDS = { "en-US": { hint: "Hint", next: "Next step" }, "de-DE": { hint: "Tipp", next: "Nächster Schritt" } };

/** Clicks `cells` in order on the board (the first movable, the others targets). */
async function click(page, cells) {
  for (const [i, cell] of cells.entries()) {
    await page.click(`#board .${i ? "target" : "movable"}[data-cell="${cell}"]`, { timeout: 5000 });
  }
}

/** Waits until step `i` is shown, its position playable. */
async function stepShown(page, i) {
  await page.waitForSelector(`#learn-steps [data-step="${i}"][aria-current="step"]`);
  await page.waitForSelector("#board .movable");
}

for (const course of COURSES) {
  const size = course.viewport === PHONE ? "390" : "1366";
  const language = course.locale.slice(0, 2);
  const name = `learn-${course.game}-${size}-${language}`;
  test(`${course.game}: a newcomer takes the course by clicking at ${size} wide, in ${language === "de" ? "German" : "English"}`, async () => {
    const page = await newPage(browser, course.viewport, { locale: course.locale, colorScheme: course.colorScheme ?? "light" });
    const words = WORDS[course.locale];
    await page.goto(`${BASE}/learn/${course.game}`);
    await page.waitForSelector("#learn-steps [data-step]");
    const steps = course.steps.length;
    assert.equal(await page.locator("#learn-steps [data-step]").count(), steps);
    for (const [i, cells] of course.steps.entries()) {
      await stepShown(page, i);
      if (i === 0) await screenshot(page, `${name}-start`);
      if (i === course.wrongAt) {
        const code = await page.getAttribute("#board", "data-code");
        await click(page, course.wrong);
        await page.waitForSelector("#feedback.wrong");
        // The position is back, playable; the hint on request.
        await page.waitForSelector(`#board[data-code="${code}"] .movable`);
        assert.equal(await page.isHidden("#hint"), true);
        assert.equal((await page.textContent("#show-hint")).trim(), words.hint);
        await page.click("#show-hint");
        await page.waitForSelector("#hint:not([hidden])");
        assert.ok((await page.textContent("#hint")).length > 20);
        await screenshot(page, `${name}-wrong`);
        assert.deepEqual(await axeViolations(page), []);
      }
      await click(page, cells);
      await page.waitForSelector("#feedback.praise");
      if (i + 1 < steps) {
        assert.equal((await page.textContent("#next-step")).trim(), words.next);
        if (i === 0) await screenshot(page, `${name}-praise`);
        await page.click("#next-step");
      }
    }
    await page.waitForSelector("#course-done");
    assert.equal(await page.locator(`#learn-steps .done`).count(), steps);
    await screenshot(page, `${name}-done`);
    assert.deepEqual(await axeViolations(page), []);
    // The board fits the screen's width: a phone's is the width (Quarx's zoomed in its frame).
    const board = await boxOf(page, "#learn-board");
    assert.ok(board.right <= course.viewport.width + 1, JSON.stringify(board));
    if (course.viewport === LAPTOP) {
      // Beside the words on a wide screen.
      const words = await boxOf(page, "#step-title");
      assert.ok(words.left >= board.right - 1, `${JSON.stringify(words)} ${JSON.stringify(board)}`);
    }

    // The list of courses shows this one done.
    await page.goto(`${BASE}/learn`);
    await page.waitForSelector(`.learn-course[data-game="${course.game}"] .learn-done[data-done="${steps}"]`);
    await screenshot(page, `learn-index-${size}-${language}`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("a browser's progress is merged into the account's when it signs up, the larger count winning; a step done is the account's", async () => {
  const page = await newPage(browser, LAPTOP);
  await page.goto(`${BASE}/learn`);
  await page.evaluate(() => localStorage.setItem("tafel:learn", JSON.stringify({ kauri: 2, quarx: 1 })));
  await submitAccountForm(page, "/sign-up", freshName("learner"), "a long enough passphrase");
  await page.waitForSelector("#welcome");
  const progress = () => page.evaluate(() => fetch("/api/learn/progress").then((r) => r.json()));
  assert.deepEqual(await progress(), { progress: { kauri: 2, quarx: 1 } });
  // Three steps of Quarx done on another device: the account's larger count wins here.
  await page.evaluate(() => fetch("/api/learn/progress/quarx", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ steps: 3 }) }));
  await page.goto(`${BASE}/learn`);
  await page.waitForSelector('.learn-course[data-game="kauri"] .learn-done[data-done="2"]');
  await page.waitForSelector('.learn-course[data-game="quarx"] .learn-done[data-done="3"]');
  assert.deepEqual(await progress(), { progress: { kauri: 2, quarx: 3 } });
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem("tafel:learn"))), { kauri: 2, quarx: 3 });
  // A course begun opens at its first step not done; a step done is the account's at once.
  await page.click('.learn-course[data-game="kauri"] a.button');
  await stepShown(page, 2);
  await click(page, ["a"]);
  await page.waitForSelector("#feedback.praise");
  await page.waitForFunction(() => fetch("/api/learn/progress").then((r) => r.json()).then((p) => p.progress.kauri === 3));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("an unknown game's course is the site's 404 page; the header, the lobby and each rules page link to the tutorials", async () => {
  const page = await newPage(browser, PHONE);
  const answer = await page.goto(`${BASE}/learn/chess`);
  assert.equal(answer.status(), 404);
  await page.goto(`${BASE}/rules/kauri`);
  await page.click("#learn-game");
  await page.waitForSelector('#learn-steps [data-step="0"][aria-current="step"]');
  assert.equal(new URL(page.url()).pathname, "/learn/kauri");
  await page.goto(`${BASE}/`);
  await page.click("#lobby-learn-link");
  await page.waitForSelector("#learn-courses");
  assert.equal(await page.locator(".learn-course").count(), 6);
  await page.context().close();
  const laptop = await newPage(browser, LAPTOP);
  await laptop.goto(`${BASE}/rules/quarx`);
  await laptop.click("#learn-link");
  await laptop.waitForSelector("#learn-courses");
  await laptop.context().close();
});
