import type { AssignmentInput } from "#common/track-record.ts";

// The track record's example data, shared by the tests that need an assignment and are not
// about its particular values.

/** An assignment as its owner enters it in the form or the API; `extra` changes what a test is about. */
export function mekongEvaluation(extra: Partial<AssignmentInput> = {}): AssignmentInput {
  return {
    title: "Evaluation of the Mekong Maternal Health Programme",
    organization: "Ministry of Health of Lao PDR",
    donors: ["Asian Development Bank"],
    countries: ["Laos"],
    role: "Team Leader",
    startDate: "2021-03",
    endDate: "2023-06",
    sector: "Healthcare",
    description: "Led six evaluators across 40 districts.",
    ...extra,
  };
}
