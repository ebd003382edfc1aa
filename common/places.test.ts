import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./constants.ts";
import { consultantProfileSchema } from "./consultant-schema.ts";
import {
  canonicalCity,
  findCountry,
  findPlace,
  findPlaceMentions,
  PLACES,
  placeInLocation,
  placeKey,
  suggestPlaces,
} from "./places.ts";
import { COUNTRY_ALIASES, PLACE_ROWS } from "./places-data.ts";

describe("the gazetteer", () => {
  it("knows at least 150 places, in every one of the ten countries", () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(150);
    for (const country of COUNTRIES) expect(PLACES.some((place) => place.country === country)).toBe(true);
  });

  it("reads only rows that start with a name, and only the ten countries, from its data file", () => {
    expect(Object.keys(PLACE_ROWS).sort()).toEqual([...COUNTRIES].sort());
    expect(Object.keys(COUNTRY_ALIASES).sort()).toEqual([...COUNTRIES].sort());
    for (const place of PLACES) expect(place.name.trim()).not.toBe("");
  });

  it("never gives one spelling to two places or to a place and a country", () => {
    const owner = new Map<string, string>();
    for (const place of PLACES) {
      for (const spelling of place.spellings) {
        const key = placeKey(spelling);
        expect(key, `${spelling} is empty as a key`).not.toBe("");
        const previous = owner.get(key);
        expect(previous === undefined || previous === place.name, `${spelling}: ${previous} and ${place.name}`).toBe(true);
        owner.set(key, place.name);
        // Only a city-state shares its name with its country.
        expect([undefined, place.country], `${spelling} also names a country`).toContain(findCountry(spelling));
      }
    }
  });

  it("compares spellings without case, accents or punctuation", () => {
    expect(placeKey("Hà Nội")).toBe("ha noi");
    expect(placeKey("Đà Nẵng")).toBe("da nang");
    expect(placeKey("TP.HCM")).toBe("tp hcm");
    for (const spelling of ["Hanoi", "Ha Noi", "Hà Nội", "HA-NOI"]) expect(findPlace(spelling)?.name).toBe("Hanoi");
    for (const spelling of ["Saigon", "HCMC", "TP.HCM", "Hồ Chí Minh City", "sài gòn"]) {
      expect(findPlace(spelling)?.name).toBe("Ho Chi Minh City");
    }
    expect(findPlace("Rangoon")?.name).toBe("Yangon");
    expect(findPlace("Krung Thep")?.name).toBe("Bangkok");
    expect(findPlace("Cebu City")?.name).toBe("Cebu");
    expect(findPlace("Viangchan")?.name).toBe("Vientiane");
    expect(findPlace("Penang")?.name).toBe("George Town");
    expect(findPlace("Atlantis")).toBeUndefined();
    expect(findCountry("Burma")).toBe("Myanmar");
    expect(findCountry("viet nam")).toBe("Vietnam");
  });

  it("stores a known city in its canonical spelling and leaves an unknown one as typed", () => {
    expect(canonicalCity("Sài Gòn")).toBe("Ho Chi Minh City");
    expect(canonicalCity("Makati City")).toBe("Makati");
    expect(canonicalCity("Little Village")).toBe("Little Village");
    expect(canonicalCity(null)).toBeNull();
    expect(placeInLocation("District 1, Saigon, Vietnam")?.name).toBe("Ho Chi Minh City");
  });

  it("finds the longest spelling of a place among keyword words", () => {
    expect(findPlaceMentions(["Ho", "Chi", "Minh", "City", "health"])).toEqual([
      expect.objectContaining({ start: 0, end: 4, text: "Ho Chi Minh City" }),
    ]);
    const [mention] = findPlaceMentions(["evaluation", "TP", "HCM"]);
    expect(mention).toMatchObject({ start: 1, end: 3 });
    expect(mention?.spellings).toContain("Saigon");
    expect(findPlaceMentions(["Burma"])[0]?.spellings).toContain("Myanmar");
    expect(findPlaceMentions(["water", "sanitation"])).toEqual([]);
  });

  it("suggests canonical places as someone types, within the chosen country", () => {
    expect(suggestPlaces("sai").map((place) => place.name)).toContain("Ho Chi Minh City");
    expect(suggestPlaces("Ha", "Vietnam").every((place) => place.country === "Vietnam")).toBe(true);
    expect(suggestPlaces("Ha", "Vietnam")[0]?.name).toBe("Hanoi");
    expect(suggestPlaces("h")).toEqual([]);
  });

  it("makes a profile's city canonical when it is saved, keeping the full location as typed", () => {
    const profile = consultantProfileSchema.parse({
      name: "Lan Nguyen",
      title: "Health economist",
      email: "lan@example.org",
      location: "Quận 3, Sài Gòn",
      city: "Sài Gòn",
      country: "Vietnam",
      yearsExperience: "8",
      primarySpecialization: "Healthcare",
      bio: "Health financing and insurance reform.",
    });
    expect(profile).toMatchObject({ city: "Ho Chi Minh City", location: "Quận 3, Sài Gòn" });
  });
});
