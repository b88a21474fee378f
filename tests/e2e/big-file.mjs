// What the big-file tests share: the watch kept while a file loads in slices (how long the
// page's main thread goes without running a timer, and every value the progress bar and its
// text take), and Cancel in the middle of a load.

import assert from "node:assert/strict";
import path from "node:path";

import { openPage, shownDataset } from "./browser.mjs";

/**
 * The longest a timer tick may wait while the file loads (ms). On a quiet machine the longest
 * gap is 80 to 140 ms; a load that froze the page would show as one gap of the whole load (2.4 s
 * or more). The bound sits between, far enough from both that a busy CI machine (a gap of 430 ms
 * was seen with other jobs running) does not fail it: this is a check that the page yields, not
 * a speed measurement (the printed gap is).
 */
export const LONGEST_GAP = 1000;

/**
 * Runs in the page before its scripts: a timer ticking every 10 ms that records the longest gap
 * between ticks from the load's first progress update (the page's own work, not the browser's
 * handing over of the file) until `window.gapWatch.stop()`, and every value the progress bar and
 * its text take.
 */
export function watchGaps() {
  const watch = { running: false, longest: 0, ticks: 0, progress: [], texts: [] };
  let last = 0;
  const tick = () => {
    const now = performance.now();
    if (watch.running) {
      watch.longest = Math.max(watch.longest, now - last);
      watch.ticks += 1;
    }
    last = now;
    setTimeout(tick, 10);
  };
  watch.stop = () => {
    watch.running = false;
  };
  window.gapWatch = watch;
  tick();
  document.addEventListener("DOMContentLoaded", () => {
    const bar = document.getElementById("load-progress-bar");
    const text = document.getElementById("load-progress-text");
    new MutationObserver(() => {
      if (!text.textContent || watch.stopped) return;
      if (!watch.running) {
        watch.running = true;
        last = performance.now();
      }
      watch.progress.push(bar.value);
      watch.texts.push(text.textContent);
    }).observe(text, { childList: true, characterData: true, subtree: true });
  });
}

/** Stops the watch of `watchGaps` and returns what it saw: { longest, ticks, progress, texts }. */
export function stopGapWatch(page) {
  return page.evaluate(() => {
    window.gapWatch.stop();
    window.gapWatch.stopped = true;
    const { longest, ticks, progress, texts } = window.gapWatch;
    return { longest, ticks, progress, texts };
  });
}

/** The page kept answering while it loaded, and its progress bar only moved forward. */
export function assertResponsive(watch) {
  assert.ok(watch.longest < LONGEST_GAP, `the longest gap was ${watch.longest.toFixed(0)} ms`);
  assert.ok(watch.ticks > 20, `the timer ticked ${watch.ticks} times`);
  assert.ok(watch.progress.length > 20, `${watch.progress.length} progress updates`);
  assert.deepEqual(watch.progress, [...watch.progress].sort((a, b) => a - b), "the bar only moves forward");
}

/**
 * Opens the explorer on the bundled sweep, starts loading `file` and presses Cancel once a tenth
 * is read (from inside the page, in the frame it is seen) (or, with `when`, as soon as the progress text reads `when`, from inside the page
 * between two steps); checks the notice and that the figure, link and data shown are the ones
 * from before. Resolves to { page, problems } for the caller's own checks.
 */
export async function cancelBigLoad(session, file, { when } = {}) {
  const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep");
  const before = await shownDataset(page);
  if (when) {
    await page.evaluate((when) => {
      const text = document.getElementById("load-progress-text");
      const observer = new MutationObserver(() => {
        if (text.textContent !== when) return;
        observer.disconnect();
        window.cancelledAt = text.textContent;
        document.getElementById("load-cancel").click();
      });
      observer.observe(text, { childList: true, characterData: true, subtree: true });
    }, when);
  }
  await page.setInputFiles("#file-input", file);
  if (!when) {
    // Pressed from inside the page, in the frame the tenth is seen: on a quiet machine a 6 MB file
    // loads in under a second, less than a click from outside takes to find the button stable
    // (seen once in CI: the load had ended, and the button with it, before the click landed).
    await page.waitForFunction(
      () => {
        if (document.getElementById("load-progress-bar").value <= 0.1) return false;
        document.getElementById("load-cancel").click();
        return true;
      },
      null,
      { timeout: 30_000, polling: "raf" },
    );
  }
  await page.waitForSelector("#notice-banner:not([hidden])", { timeout: 60_000 });
  const shown = await shownDataset(page);
  assert.deepEqual(shown.notices, [`Stopped loading "${path.basename(file)}"; the data shown are unchanged.`]);
  assert.equal(shown.error, null);
  assert.equal(shown.title, before.title);
  assert.equal(shown.fragment, before.fragment);
  assert.equal(shown.renders, before.renders);
  assert.equal(await page.locator("#load-progress").isHidden(), true);
  if (when) assert.equal(await page.evaluate(() => window.cancelledAt), when);
  return { page, problems };
}
