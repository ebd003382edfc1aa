import { getConsultantForEdit, viewConsultant } from "../consultants/profile.ts";
import { viewTrackRecord } from "../consultants/track-record.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { type CvData, renderCvPdf } from "./render.ts";

// GET /api/consultants/{id}/cv.pdf. Visitors get what the public profile shows (contact details
// only when shown, the rate only when the consultant shows it to them); the owner and admins
// get the full CV. Unlisted profiles are NotFound for everyone else, as on the profile page.

export type ConsultantCv = {
  pdf: Buffer;
  filename: string;
  personal: boolean;
  /** A listed profile's CV taken by someone other than its owner or an admin: a download for insights. */
  countable: boolean;
};

/** "CV-Nguyen-Thi-Lan.pdf": ASCII for the plain filename parameter (the UTF-8 one keeps the accents). */
function asciiName(name: string) {
  const ascii = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return ascii || "consultant";
}

export async function consultantCv(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  id: number,
): Promise<ConsultantCv & { utf8Filename: string }> {
  const { db } = deps;
  const view = await viewConsultant(deps, actor, id);
  const [track, full] = await Promise.all([
    viewTrackRecord(db, actor, id, view.canEdit),
    view.canEdit ? getConsultantForEdit(deps, actor, id) : Promise.resolve(null),
  ]);
  const consultant = view.consultant;
  const data: CvData = {
    ...consultant,
    ...track,
    // The owner and admins see their own contact details whatever the profile shows.
    email: full ? full.email : consultant.email,
    phone: full ? full.phone : consultant.phone,
  };
  const pdf = await renderCvPdf(data);
  return {
    pdf,
    filename: `CV-${asciiName(consultant.name)}.pdf`,
    utf8Filename: `CV-${consultant.name.replace(/[\s/\\"]+/g, "-")}.pdf`,
    // A CV with fields only some viewers get must not be kept by a shared cache.
    personal: view.canEdit || actor !== null || view.status !== "approved",
    countable: view.countable,
  };
}
