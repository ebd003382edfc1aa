import os from "node:os";
import { CV_FORMATS, type CvFormatKey } from "./formats.ts";
import type { CvData } from "./render.ts";

// The CV thread (started by ./renderer.ts through tinypool): laying out a CV costs 100–700 ms of
// CPU, which on the event loop would stall every other request of the process. Here it runs
// beside the loop, at a lower priority than it: Linux gives each thread its own nice value, so a
// burst of CVs yields the core to requests.

try {
  os.setPriority(0, 10);
} catch {
  // Not permitted here (some containers): the thread still keeps the CV off the event loop.
}

export type CvTask = { format: CvFormatKey; cv: CvData; generatedAt: Date };

export default async function renderCv({ format, cv, generatedAt }: CvTask): Promise<Uint8Array> {
  return CV_FORMATS[format].render(cv, { generatedAt });
}
