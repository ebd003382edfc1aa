import { expect } from "vitest";

// A table of examples for a pure function, instead of one copied `expect(f(…)).toBe(…)` line each:
// every row is an input and the answer expected for it, checked with toEqual (one assertion a row,
// a failure named by its input). A function of several arguments takes them as one tuple:
//
//   expectAnswers(([text, length]: [string, number]) => excerpt(text, length), [
//     [["Twelve years in maternal health.", 40], "Twelve years in maternal health."],
//   ]);

export function expectAnswers<Input, Answer>(answer: (input: Input) => Answer, rows: ReadonlyArray<readonly [Input, Answer]>) {
  // An emptied table must fail, not pass having checked nothing.
  if (rows.length === 0) throw new Error("expectAnswers: a table of examples without a row");
  for (const [input, expected] of rows) expect(answer(input), JSON.stringify(input)).toEqual(expected);
}
