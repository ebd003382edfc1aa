import { describe, expect, it } from "vitest";
import { consultantJsonLd, describeBio } from "./consultant-seo.ts";

const consultant = {
  id: 7,
  name: "Siti Rahmawati",
  title: "Climate Finance Adviser",
  bio: "Fifteen years structuring climate finance for provincial governments across Indonesia.",
  location: "Menteng, Jakarta, Indonesia",
  city: "Jakarta",
  country: "Indonesia",
  languages: ["Indonesian", "English"],
  primarySpecialization: "Finance",
  secondarySpecializations: ["Environmental"],
  profilePhotoUrl: "/uploads/photos/abcdefghijklmnopqrstuvwx-400.webp",
  email: "siti.private@example.org",
  phone: "+62 21 555 0199",
  showEmail: false,
  showPhone: false,
};

describe("profile JSON-LD", () => {
  it("describes the person with name, job title, address, languages and expertise", () => {
    const jsonLd = consultantJsonLd(consultant, { url: "https://dc.example/consultant/7", publicUrl: "https://dc.example" });
    expect(jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Siti Rahmawati",
      jobTitle: "Climate Finance Adviser",
      description: consultant.bio,
      url: "https://dc.example/consultant/7",
      image: "https://dc.example/uploads/photos/abcdefghijklmnopqrstuvwx-400.webp",
      address: { "@type": "PostalAddress", addressLocality: "Jakarta", addressCountry: "Indonesia" },
      knowsLanguage: ["Indonesian", "English"],
      knowsAbout: ["Finance", "Environmental"],
    });
  });

  it("never carries contact details, even when given a full record with them public", () => {
    const text = JSON.stringify(
      consultantJsonLd({ ...consultant, showEmail: true, showPhone: true } as typeof consultant, {
        url: "https://dc.example/consultant/7",
        publicUrl: "https://dc.example",
      }),
    );
    expect(text).not.toContain("siti.private");
    expect(text).not.toContain("555");
    expect(text).not.toMatch(/email|telephone/i);
  });

  it("cuts long bios at a word for the meta description", () => {
    const bio = `${"Water and sanitation programmes ".repeat(10)}end.`;
    const description = describeBio(bio);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    expect(description).not.toMatch(/\s…$/);
    expect(describeBio("Short\n\nbio.")).toBe("Short bio.");
  });
});
