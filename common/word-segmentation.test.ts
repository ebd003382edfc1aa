import { describe, expect, it } from "vitest";
import { expectAnswers } from "../tests/setup/examples.ts";
import { hasUnspacedScript, spaceWords, unspacedScriptWords, unspacedWordsOf } from "./word-segmentation.ts";

describe("words of the scripts written without spaces", () => {
  it("cuts Thai, Lao, Khmer and Burmese runs into the dictionary's words, leaving other text as it is", () => {
    expectAnswers(spaceWords, [
      ["ที่ปรึกษาด้านการประเมินผลโครงการ UNDP", "ที่ ปรึกษา ด้าน การ ประเมิน ผล โครงการ UNDP"],
      ["ປະເມີນຜົນໂຄງການພັດທະນາຊົນນະບົດ", "ປະເມີນ ຜົນ ໂຄງການ ພັດທະນາ ຊົນນະບົດ"],
      ["ការវាយតម្លៃគម្រោងអភិវឌ្ឍន៍", "ការវាយតម្លៃ គម្រោង អភិវឌ្ឍន៍"],
      ["စီမံကိန်းအကဲဖြတ်ခြင်း", "စီမံကိန်း အကဲဖြတ် ခြင်း"],
      // Latin, Vietnamese, Chinese and punctuation are untouched.
      ["Đánh giá dự án, M&E (2021–2023)", "Đánh giá dự án, M&E (2021–2023)"],
    ]);
  });

  it("finds a word typed alone the same way it finds it inside a sentence", () => {
    const bio = "มีประสบการณ์ด้านสาธารณสุขและการประเมินผลโครงการกว่าสิบปี";
    const words = unspacedScriptWords(bio).split(" ");
    for (const query of ["สาธารณสุข", "การประเมินผล", "โครงการ"]) {
      for (const word of spaceWords(query).split(" ")) expect(words, query).toContain(word);
    }
  });

  it("cuts one typed word into its dictionary words with where each starts", () => {
    expect(unspacedWordsOf("สาธารณสุข")).toEqual([{ word: "สาธารณสุข", index: 0 }]);
    expect(unspacedWordsOf("ประเมินผล")).toEqual([
      { word: "ประเมิน", index: 0 },
      { word: "ผล", index: 7 },
    ]);
    expect(unspacedWordsOf("evaluation")).toEqual([{ word: "evaluation", index: 0 }]);
  });

  it("gives only those scripts' words, and nothing for a text without them", () => {
    expect(unspacedScriptWords("Senior evaluator, ผู้เชี่ยวชาญด้านสาธารณสุข")).toBe("ผู้ เชี่ยวชาญ ด้าน สาธารณสุข");
    expect(unspacedScriptWords("Senior evaluator")).toBe("");
    expect(hasUnspacedScript("Nguyễn Văn An")).toBe(false);
    expect(hasUnspacedScript("สมชาย")).toBe(true);
  });
});
