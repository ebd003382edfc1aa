// What the account page says about a session's device: a few words from the User-Agent header and
// the network of the last address. No geolocation database: the network is as near to a place as
// the site goes (issue 38: "approximate place from nothing more than the stored IP's network").

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(text: string, table: [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** What describeDevice says when the header names no browser or system it knows. */
export const UNKNOWN_DEVICE = "Unknown device";
/** Between the browser and the system in describeDevice's answer (the account page words it in its language). */
export const DEVICE_ON = " on ";

/** "Chrome on Windows", "Safari on iPhone", or "Unknown device" when the header says nothing we know. */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent ?? "";
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser}${DEVICE_ON}${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}

/**
 * The network an address belongs to, as far as it says anything about a place: the /24 of an IPv4
 * address ("203.0.113.x"), the /48 of an IPv6 one ("2001:db8:85a3::/48"); null when unknown.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip || ip === "cli" || ip === "unknown") return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (!ip.includes(":")) return null;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const groups = head ? head.split(":") : [];
  const missing = 8 - groups.length - (tail ? tail.split(":").length : 0);
  const full = ip.includes("::") ? [...groups, ...Array(Math.max(missing, 0)).fill("0")] : groups;
  const prefix = full.slice(0, 3).map((group) => group.replace(/^0+(?=.)/, ""));
  if (prefix.length < 3 || prefix.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return `${prefix.join(":")}::/48`;
}

/** One session as the account page and GET /api/account/sessions show it. */
export type AccountSession = {
  id: number;
  /** "Chrome on Windows": from the User-Agent header the session began with. */
  device: string;
  /** The network of the last address it was used from ("203.0.113.x"), or null. */
  network: string | null;
  createdAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
};
