// Names of downloaded files, for the Content-Disposition header: the plain `filename` parameter
// takes ASCII only (the UTF-8 `filename*` one keeps the accents and the scripts).

/** "Nguyen-Thi-Lan" from "Nguyễn Thị Lan": ASCII letters and digits joined by dashes (`fallback` when nothing is left). */
export function asciiName(name: string, fallback = "consultant") {
  const ascii = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return ascii || fallback;
}
