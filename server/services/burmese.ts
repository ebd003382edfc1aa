import { createRequire } from "node:module";
import { once } from "./once.ts";

// Burmese typed in Zawgyi (issue 37). Until Myanmar's switch to Unicode (1 October 2019) most
// phones used the Zawgyi font, which draws Burmese from code points in Unicode's Myanmar block put
// in another order and with other meanings; many people still type that way. Saved as it is, such
// text is garbage to a Unicode font (every browser, the CV's Noto Sans Myanmar), to the search's
// word segmentation and to every query typed in Unicode. So what people write is detected and
// converted before it is stored: Google's myanmar-tools (its detector is a Markov model trained on
// both encodings; its converter is the project's own rule table). Text without a Burmese letter
// is never looked at; Unicode Burmese scores near 0 and is kept as it is.
//
// 1.1.3, not the registry's "latest" 1.2.0: that release ships without its build (`require`
// fails on ./build_node/zawgyi_detector).

type Detector = { getZawgyiProbability(text: string): number };
type Converter = { zawgyiToUnicode(text: string): string };

const require = createRequire(import.meta.url);

/** Loaded on the first Burmese text (the model is 45 KB of JavaScript to parse). */
const myanmarTools = once(() => {
  const { ZawgyiDetector, ZawgyiConverter } = require("myanmar-tools") as {
    ZawgyiDetector: new () => Detector;
    ZawgyiConverter: new () => Converter;
  };
  return { detector: new ZawgyiDetector(), converter: new ZawgyiConverter() };
});

/** A letter of the Myanmar block or its extensions: the only text Zawgyi can be. */
const MYANMAR = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]/;

/** The probability above which a text counts as Zawgyi (the library's documentation suggests 0.95). */
export const ZAWGYI_THRESHOLD = 0.95;

/** `text` in Unicode: converted when it is Zawgyi, as it is otherwise. */
export function unicodeBurmese(text: string): string {
  if (!MYANMAR.test(text)) return text;
  const { detector, converter } = myanmarTools();
  return detector.getZawgyiProbability(text) > ZAWGYI_THRESHOLD ? converter.zawgyiToUnicode(text) : text;
}

/**
 * A parsed input with every string in it (in objects and lists, at any depth) through
 * unicodeBurmese: what a service stores of a profile, its track record or an opportunity.
 */
export function withUnicodeBurmese<T>(value: T): T {
  if (typeof value === "string") return unicodeBurmese(value) as T;
  if (Array.isArray(value)) return value.map((item) => withUnicodeBurmese(item)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withUnicodeBurmese(item)])) as T;
  }
  return value;
}
