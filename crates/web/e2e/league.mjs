// The league's page in a headless browser, at a phone's size: a person opens their link,
// uploads a course bot, sees its check pass, sees it on the standings once it has played
// (the standings update by themselves), opens their page with its games and replays one,
// and watches a match in play;
// a stranger joins with the invite code; then the organiser opens their link, runs the final
// and downloads its CSV. Usage: node league.mjs URL TOKEN BOT SHOTS ORGANISER-TOKEN INVITE
import { readFile } from "node:fs/promises";
import { launch, check } from "./lib.mjs";

const [url, token, bot, shots, organiserToken, invite] = process.argv.slice(2);
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
  await page.click("#mine button[data-logs]");
  await page.waitForSelector("#mine pre.log", { timeout: 20000 });
  check((await page.textContent("#mine pre.log")).includes("Its check:"), "the submission's logs are not shown");
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

  // Ada's page: her games, each with its replay; the replay shows the game in the viewer.
  await page.click("#board tbody tr[data-label='Ada'] a");
  await page.waitForSelector("#entrant:not([hidden]) #played tbody tr a[data-replay]", { timeout: 20000 });
  check((await page.textContent("#entrant-name")) === "Ada", "Ada's page is not Ada's");
  const replay = await page.getAttribute("#played tbody tr a[data-replay]", "data-replay");
  await page.click("#played tbody tr a[data-replay]");
  await page.waitForSelector("main.replay[data-step='0'] .board-area > *", { timeout: 20000 });
  check(page.url().endsWith(`/view#/replay/${replay}`), `not the replay: ${page.url()}`);
  await page.click("button[data-step='last']");
  await page.waitForSelector("main.replay .result", { timeout: 20000 });
  const seats = await page.textContent("main.replay select[aria-label='view']");
  check(seats.includes("(Ada)"), `the replay does not name Ada at a seat: ${seats}`);
  await page.screenshot({ path: `${shots}/league-replay.png`, fullPage: true });
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log("league: Ada's page lists her games, and one replays to its end");

  // A match in play, watched as every seat sees it (a few tries: matches end in seconds).
  let watched = false;
  for (let i = 0; i < 10 && !watched; i++) {
    await page.goto(`${url}/`);
    await page.waitForSelector("#in-play a[data-live]", { timeout: 60000 });
    const live = await page.getAttribute("#in-play a[data-live]", "href");
    await page.goto(`${url}${live}`);
    await page.waitForSelector("main.live[data-decision], main.live[data-over]", { timeout: 20000 });
    watched = (await page.getAttribute("main.live", "data-decision")) !== null;
  }
  check(watched, "no match was seen in play");
  await page.screenshot({ path: `${shots}/league-live.png`, fullPage: true });
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log("league: a match in play was watched");

  // A stranger with the invite code joins, and gets their link once.
  const stranger = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  stranger.on("pageerror", (e) => errors.push(String(e)));
  await stranger.goto(url);
  await stranger.waitForSelector("#register:not([hidden])", { timeout: 20000 });
  await stranger.fill("#join-name", "Grace");
  await stranger.fill("#join-code", "not-the-code");
  await stranger.click("#join button");
  await stranger.waitForFunction(() => document.getElementById("join-status").textContent.includes("Refused"));
  await stranger.fill("#join-code", invite);
  await stranger.click("#join button");
  await stranger.waitForSelector("#me:not([hidden])", { timeout: 20000 });
  const link = await stranger.textContent("#join-url");
  check(/#token=[0-9a-f]{32}$/.test(link), `no link shown: ${link}`);
  check((await stranger.textContent("#who")).includes("Grace"), "the joined page does not greet Grace");
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log("league: a stranger joined with the invite code and was shown their link");

  // The organiser: the final from the page, and its CSV downloaded.
  const staff = await (await browser.newContext({ acceptDownloads: true })).newPage();
  staff.on("pageerror", (e) => errors.push(String(e)));
  await staff.goto(`${url}/#token=${organiserToken}`);
  await staff.waitForSelector("#organiser:not([hidden])", { timeout: 20000 });
  await staff.fill("#games", "8");
  await staff.click("#final button");
  await staff.waitForSelector("#csv:not([hidden])", { timeout: 90000 });
  const [download] = await Promise.all([staff.waitForEvent("download"), staff.click("#csv")]);
  const csv = await readFile(await download.path(), "utf8");
  check(csv.startsWith("rank,id,name,submission,hash,games"), `not the final's CSV: ${csv}`);
  check(csv.includes(",s1,Ada,"), `Ada is not in the final's CSV: ${csv}`);
  await staff.screenshot({ path: `${shots}/league-final.png`, fullPage: true });
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log("league: the organiser ran the final and downloaded its CSV");
} finally {
  await browser.close();
}
