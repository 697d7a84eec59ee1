// The league's page in a headless browser, at a phone's size: a person opens their link,
// uploads a course bot, sees its check pass, and sees it on the standings once it has played
// (the standings update by themselves). Usage: node league.mjs URL TOKEN BOT SHOTS
import { launch, check } from "./lib.mjs";

const [url, token, bot, shots] = process.argv.slice(2);
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${url}/#token=${token}`);
  await page.waitForSelector("#me:not([hidden])", { timeout: 20000 });
  check(!page.url().includes(token), `the token stayed in the address bar: ${page.url()}`);
  check((await page.textContent("#who")).includes("Ada"), "the page does not greet Ada");
  await page.setInputFiles("#file", bot);
  await page.click("#upload button");
  await page.waitForFunction(
    () => document.getElementById("status").textContent.includes("passed its check"),
    null, { timeout: 60000 });
  check((await page.textContent("#mine")).includes("passed"), "the submission's check is not listed");
  await page.waitForFunction(
    () => [...document.querySelectorAll("#board tbody tr")]
      .some((r) => r.dataset.label === "Ada" && Number(r.dataset.games) > 0),
    null, { timeout: 90000 });
  // Nothing is wider than the phone's screen but the table's own scroller.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `the page is ${wide}px wide on a 390px screen`);
  await page.screenshot({ path: `${shots}/league.png`, fullPage: true });
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log("league: link opened, course bot uploaded and checked, rated on the live standings");
} finally {
  await browser.close();
}
