import { chromium } from "playwright-core";

const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [name, vp] of [
  ["desk", { width: 1280, height: 900 }],
  ["phone", { width: 360, height: 780 }],
]) {
  const p = await b.newPage({ viewport: vp });
  p.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await p.goto(process.argv[2]);
  await p.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: true });
}
await b.close();
