import { describe, expect } from "vitest";
import type { Locale } from "#common/locales.ts";
import { call, PUBLIC_URL } from "../../../tests/setup/api-app.ts";
import { insertConsultant } from "../../../tests/setup/consultants.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { findLink, type ReceivedMail } from "../../../tests/setup/smtp.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// The notifications people get after someone else acts (issue 37): each is written in the
// recipient's language (their account's `locale`, which the pages they read keep current) with
// links to the pages in it; someone without an account (a referee, an invited colleague) gets the
// language of the person who wrote to them. People's own words (a message, a reason) go as written.
// Every mail here goes through the app's job queue to a real SMTP server.

const it = apiTest();
const env = fileApi(it);

/** A signed-in account that reads the site in `locale`. */
async function person(name: string, locale: Locale, role: "user" | "admin" = "user") {
  const user = await insertSignedInUser(env.database.db, { name, role });
  await env.database.sql`update auth_users set locale = ${locale} where id = ${user.id}`;
  return user;
}

/** A profile owned by an account in `locale` (messages go to the profile's address, decisions to the account's). */
async function consultantOf(name: string, locale: Locale, status = "approved") {
  const owner = await person(name, locale);
  const profile = await insertConsultant(env.database.sql, { name, user_id: owner.id, status });
  return { ...profile, owner };
}

const admin = () => person(`Admin ${unique()}`, "en", "admin");

/** No sentence of the English mail left in a translated one. */
function expectNoEnglish(mail: ReceivedMail, english: RegExp) {
  expect(mail.subject).not.toMatch(english);
  expect(mail.text).not.toMatch(english);
  expect(mail.html).not.toMatch(english);
}

/** The mail says which language it is in: the HTML document's `lang`/`dir` and the Content-Language header. */
function expectLanguage(mail: ReceivedMail, locale: Locale) {
  expect(mail.html).toMatch(new RegExp(`^<!doctype html><html lang="${locale}" dir="ltr">`));
  expect(mail.raw).toMatch(new RegExp(`^Content-Language: ${locale}\\r?$`, "m"));
}

/** `sender` writes to the profile through its message form, which fills in their name and address. */
async function sendMessage(
  sender: { token: string; name: string; email: string },
  consultantId: number,
  subject: string,
  message: string,
  more: { senderOrganization?: string } = {},
) {
  const response = await call(env.app, "POST", `/api/consultants/${consultantId}/messages`, {
    token: sender.token,
    ip: freshIp(),
    body: { senderName: sender.name, senderEmail: sender.email, subject, message, ...more },
  });
  expect(response.status, response.text).toBe(201);
}

describe("messages", () => {
  it("tells a Thai consultant of a new message in Thai, and the Vietnamese sender of the answer in Vietnamese", async () => {
    const lan = await consultantOf("Somchai Wongsawat", "th");
    const sender = await person("Linh Tran", "vi");
    const subject = `Evaluation in Đà Nẵng ${unique()}`;
    const words = "We are looking for an evaluator for a six-month WASH programme in central Vietnam.";
    await sendMessage(sender, lan.id, subject, words, { senderOrganization: "CARE Vietnam" });

    const mail = await env.smtp.waitForMailAbout(lan.email, (sent) => sent.subject.includes(subject));
    expect(mail.subject).toBe(`ข้อความใหม่จาก Linh Tran (CARE Vietnam): ${subject}`);
    expect(mail.text).toContain("เรียน คุณSomchai Wongsawat");
    expect(mail.text).toContain("Linh Tran (CARE Vietnam) ส่งข้อความถึงคุณผ่าน DevConsult SEA");
    expect(mail.text).toContain(`จาก: Linh Tran <${sender.email}>`);
    expect(mail.text).toContain("องค์กร: CARE Vietnam (ไม่ใช่องค์กรที่ยืนยันแล้ว)");
    expect(mail.text).toContain(`เรื่อง: ${subject}`);
    // The sender's words as written.
    expect(mail.text).toContain(words);
    expectNoEnglish(mail, /Hello|sent you a message|Reply to this e-mail|Open the conversation|not a verified/);
    expectLanguage(mail, "th");
    const conversation = /\/th\/messages\/(\d+)/.exec(mail.text)?.[1];
    expect(conversation).toBeDefined();
    expect(findLink(mail, `/th/messages/${conversation}`).origin).toBe(PUBLIC_URL);

    const reply = "ยินดีค่ะ I can start in March.";
    const answered = await call(env.app, "POST", `/api/conversations/${conversation}/messages`, {
      token: lan.owner.token,
      body: { message: reply },
    });
    expect(answered.status, answered.text).toBe(201);
    const answer = await env.smtp.waitForMailAbout(sender.email, /^Re: /);
    expect(answer.subject).toBe(`Re: ${subject}`);
    expect(answer.text).toContain("Xin chào Linh Tran,");
    expect(answer.text).toContain(`Somchai Wongsawat đã trả lời tin nhắn "${subject}" bạn gửi qua DevConsult SEA:`);
    expect(answer.text).toContain(reply);
    expect(answer.text).toContain("Trả lời e-mail này để viết trực tiếp cho Somchai Wongsawat");
    // The date of the quoted message in Vietnamese, Gregorian, then the quote as written.
    expect(answer.text).toMatch(/Vào .*20\d\d.* UTC, bạn đã viết:\r?\n> We are looking/);
    expectNoEnglish(answer, /Hello|replied to your message|you wrote|Open the conversation/);
    expectLanguage(answer, "vi");
    findLink(answer, `/vi/messages/${conversation}`);

    // The sender answers in the conversation: the consultant hears of it in Thai again.
    const followUp = "Could you share your daily rate and CV?";
    const posted = await call(env.app, "POST", `/api/conversations/${conversation}/messages`, {
      token: sender.token,
      ip: freshIp(),
      body: { message: followUp },
    });
    expect(posted.status, posted.text).toBe(201);
    const next = await env.smtp.waitForMailAbout(lan.email, (sent) => sent.text.includes(followUp));
    expect(next.subject).toBe(`ข้อความใหม่จาก Linh Tran (CARE Vietnam): Re: ${subject}`);
    expect(next.text).toContain("เรียน คุณSomchai Wongsawat");
    expectNoEnglish(next, /Hello|sent you a message|Reply to this e-mail|Open the conversation/);
    findLink(next, `/th/messages/${conversation}`);
  });

  it("isolates a sender's name in Arabic script, so the Thai sentence around it keeps its order", async () => {
    const FSI = "\u2068";
    const PDI = "\u2069";
    const lan = await consultantOf("Anong Chaiyaporn", "th");
    const sender = await person("محمد الأمين", "en");
    const subject = `تقييم ${unique()}`;
    await sendMessage(sender, lan.id, subject, "نبحث عن مقيّم لبرنامج مدته ستة أشهر.", { senderOrganization: "UNDP" });
    const mail = await env.smtp.waitForMailAbout(lan.email, (sent) => sent.subject.includes(subject));
    expectLanguage(mail, "th");
    // Plain text: the Arabic name and subject between U+2068 and U+2069; the Latin ones as typed.
    expect(mail.subject).toBe(`ข้อความใหม่จาก ${FSI}${FSI}محمد الأمين${PDI} (UNDP)${PDI}: ${FSI}${subject}${PDI}`);
    expect(mail.text).toContain("เรียน คุณAnong Chaiyaporn");
    expect(mail.text).toContain(`จาก: ${FSI}محمد الأمين${PDI} <${sender.email}>`);
    expect(mail.text).toContain(`เรื่อง: ${FSI}${subject}${PDI}`);
    // HTML: each name in a <bdi>, the message its own direction, no isolate characters.
    expect(mail.html).toContain("<p>เรียน คุณ<bdi>Anong Chaiyaporn</bdi>");
    expect(mail.html).toContain(`จาก: <bdi>محمد الأمين</bdi> &#60;<bdi>${sender.email}</bdi>&#62;`);
    expect(mail.html).toContain('<p dir="auto">نبحث عن مقيّم لبرنامج مدته ستة أشهر.</p>');
    expect(mail.html).not.toMatch(/[\u2066-\u2069]/);
  });

  it("keeps the English mail word for word", async () => {
    const lan = await consultantOf("Maria Santos", "en");
    const sender = await person("Ploy Srisuk", "en");
    const subject = `Baseline survey ${unique()}`;
    await sendMessage(sender, lan.id, subject, "Would you be available for a baseline survey in May?");
    const mail = await env.smtp.waitForMailAbout(lan.email, (sent) => sent.subject.includes(subject));
    expect(mail.subject).toBe(`New message from Ploy Srisuk: ${subject}`);
    const conversation = /\/messages\/(\d+)/.exec(mail.text)?.[1];
    expect(mail.text.replace(/\r\n/g, "\n")).toBe(
      [
        "Hello Maria Santos,",
        "Ploy Srisuk sent you a message through DevConsult SEA.",
        `From: Ploy Srisuk <${sender.email}>\nSubject: ${subject}`,
        "Would you be available for a baseline survey in May?",
        "Reply to this e-mail to answer Ploy Srisuk directly, or answer in the conversation. Either way, Ploy Srisuk will see your e-mail address once you reply.",
        `Open the conversation: ${PUBLIC_URL}/messages/${conversation}`,
        "",
        "— DevConsult SEA",
      ].join("\n\n"),
    );

    await call(env.app, "POST", `/api/conversations/${conversation}/messages`, {
      token: lan.owner.token,
      body: { message: "Yes, May works." },
    });
    const answer = await env.smtp.waitForMailAbout(sender.email, /^Re: /);
    expect(answer.text).toContain("Hello Ploy Srisuk,");
    expect(answer.text).toContain(`Maria Santos replied to your message "${subject}" sent through DevConsult SEA:`);
    expect(answer.text).toContain("Reply to this e-mail to write to Maria Santos directly, or answer in the conversation.");
    expect(answer.text).toMatch(/On \d{1,2} [A-Z][a-z]+ 20\d\d at \d\d:\d\d UTC, you wrote:\r?\n> Would you be available/);
    findLink(answer, `/messages/${conversation}`);
  });

  it("warns a Thai sender in Thai when an administrator acts on a report without words of their own", async () => {
    const lan = await consultantOf("Sokha Chan", "en");
    const sender = await person("Anan Chaiyo", "th");
    const subject = `Urgent job ${unique()}`;
    await sendMessage(sender, lan.id, subject, "Pay a processing fee and the assignment is yours.");
    const received = await call(env.app, "GET", "/api/conversations?box=received", { token: lan.owner.token });
    const conversationId = (received.json.conversations as { id: number; subject: string }[]).find(
      (conversation) => conversation.subject === subject,
    )?.id;
    const reported = await call(env.app, "POST", `/api/conversations/${conversationId}/report`, {
      token: lan.owner.token,
      body: { reason: "Asks for a fee before an interview." },
    });
    expect(reported.status, reported.text).toBe(201);
    const acted = await call(env.app, "PUT", `/api/admin/reports/${reported.json.id}`, {
      token: (await admin()).token,
      body: { action: "warn" },
    });
    expect(acted.status, acted.text).toBe(200);
    const warning = await env.smtp.waitForMailAbout(sender.email, /คำเตือน/);
    expect(warning.subject).toBe("คำเตือนเกี่ยวกับข้อความของคุณบน DevConsult SEA");
    expect(warning.text).toContain("เรียน คุณAnan Chaiyo");
    expect(warning.text).toContain(`ที่ปรึกษารายหนึ่งรายงานบทสนทนา "${subject}" ของคุณบน DevConsult SEA`);
    expect(warning.text).toContain("โปรดติดต่อที่ปรึกษาเฉพาะเรื่องงานจริง");
    expectNoEnglish(warning, /Hello|A consultant reported|Please write to consultants|A warning/);
  });
});

describe("the profile's review", () => {
  it("tells an Indonesian owner that the profile needs changes, is approved, is hidden, in Indonesian", async () => {
    const owner = await consultantOf("Budi Santoso", "id", "pending");
    const email = owner.owner.email;
    const { token } = await admin();
    const put = (action: string, body?: unknown) =>
      call(env.app, "PUT", `/api/admin/consultants/${owner.id}/${action}`, { token, ...(body ? { body } : {}) });

    expect((await put("reject", { reason: "Tambahkan proyek terbaru Anda." })).status).toBe(200);
    const rejected = await env.smtp.waitForMailAbout(email, /perlu diperbaiki/);
    expect(rejected.subject).toBe("Profil konsultan Anda di DevConsult SEA perlu diperbaiki");
    expect(rejected.text).toContain("Halo Budi Santoso,");
    expect(rejected.text).toContain("Profil konsultan Anda belum disetujui untuk direktori, dengan alasan berikut:");
    expect(rejected.text).toContain("Tambahkan proyek terbaru Anda.");
    expect(rejected.text).toContain("(biasanya dalam 1-2 hari kerja)");
    findLink(rejected, `/id/profile/edit/${owner.id}`);
    expectNoEnglish(rejected, /Hello|needs changes|was not approved|Please update|Edit your profile/);
    expectLanguage(rejected, "id");

    expect((await put("approve")).status).toBe(200);
    const approved = await env.smtp.waitForMailAbout(email, /telah disetujui$/);
    expect(approved.subject).toBe("Profil konsultan Anda di DevConsult SEA telah disetujui");
    expect(approved.text).toContain(
      "Kabar baik: profil konsultan Anda telah disetujui dan kini tercantum di direktori DevConsult SEA.",
    );
    findLink(approved, `/id/consultant/${owner.id}`);
    expectNoEnglish(approved, /Hello|is approved|Good news|View your profile/);

    expect((await put("hide", { reason: "Profil ganda" })).status).toBe(200);
    const hidden = await env.smtp.waitForMailAbout(email, /disembunyikan$/);
    expect(hidden.subject).toBe("Profil konsultan Anda di DevConsult SEA telah disembunyikan");
    expect(hidden.text).toContain("Profil konsultan Anda tidak lagi tercantum di direktori DevConsult SEA.");
    expect(hidden.text).toContain("Alasan: Profil ganda");
    findLink(hidden, "/id/my-consultant-profile");
    expectNoEnglish(hidden, /Hello|has been hidden|no longer listed|Reason:|See your profile/);
  });

  it("keeps the English decision mails word for word", async () => {
    const owner = await consultantOf("Nimal Perera", "en", "pending");
    const { token } = await admin();
    await call(env.app, "PUT", `/api/admin/consultants/${owner.id}/approve`, { token });
    const approved = await env.smtp.waitForMailAbout(owner.owner.email, /is approved$/);
    expect(approved.subject).toBe("Your consultant profile on DevConsult SEA is approved");
    expect(approved.text.replace(/\r\n/g, "\n")).toBe(
      [
        "Hello Nimal Perera,",
        "Good news: your consultant profile has been approved and is now listed in the DevConsult SEA directory.",
        `View your profile: ${PUBLIC_URL}/consultant/${owner.id}`,
        "",
        "— DevConsult SEA",
      ].join("\n\n"),
    );
  });

  it("tells the owner of a reviewed change its outcome in their language, naming the fields in it", async () => {
    const owner = await consultantOf("Kanya Srisuk", "th");
    const { token } = await admin();
    const propose = (changes: Record<string, unknown>) =>
      env.database.sql`insert into consultant_changes (consultant_id, changes, submitted_by)
        values (${owner.id}, ${JSON.stringify(changes)}::jsonb, ${owner.owner.id})`;

    await propose({ title: "Senior WASH Adviser" });
    expect((await call(env.app, "PUT", `/api/admin/consultants/${owner.id}/approve-change`, { token })).status).toBe(200);
    const published = await env.smtp.waitForMailAbout(owner.owner.email, /เผยแพร่แล้ว$/);
    expect(published.subject).toBe("การเปลี่ยนแปลงโปรไฟล์ของคุณบน DevConsult SEA เผยแพร่แล้ว");
    expect(published.text).toContain("การเปลี่ยนแปลงของคุณ (ตำแหน่งทางวิชาชีพ) ได้รับอนุมัติแล้ว");
    findLink(published, `/th/consultant/${owner.id}`);
    expectNoEnglish(published, /Hello|Your changes|are published|Professional title|View your profile/);

    // Since then the owner reads the site in Vietnamese.
    await env.database.sql`update auth_users set locale = 'vi' where id = ${owner.owner.id}`;
    await propose({ name: "Kanya S.", bio: "Water and sanitation programmes in the Mekong region." });
    const rejected = await call(env.app, "PUT", `/api/admin/consultants/${owner.id}/reject-change`, {
      token,
      body: { reason: "Please keep your full name." },
    });
    expect(rejected.status, rejected.text).toBe(200);
    const refused = await env.smtp.waitForMailAbout(owner.owner.email, /chưa được công bố$/);
    expect(refused.subject).toBe("Các thay đổi hồ sơ của bạn trên DevConsult SEA chưa được công bố");
    expect(refused.text).toMatch(/\(Họ và tên,? (và )?Tóm tắt chuyên môn\)/);
    expect(refused.text).toContain("Please keep your full name.");
    expect(refused.text).toContain("Hồ sơ của bạn vẫn hiển thị phiên bản đã được duyệt.");
    findLink(refused, `/vi/profile/edit/${owner.id}`);
    expectNoEnglish(refused, /Hello|An administrator reviewed|Full name|Professional summary|Edit your profile/);
  });

  it("tells a Vietnamese reviewer in Vietnamese that the review was hidden", async () => {
    const lan = await consultantOf("Dara Kim", "en");
    const reviewer = await person("Phạm Minh", "vi");
    const [review] = await env.database.sql<{ id: number }[]>`
      insert into reviews (consultant_id, reviewer_id, score, body, engagement)
      values (${lan.id}, ${reviewer.id}, 9, 'Clear, practical advice and on time.', 'Evaluation or review') returning id`;
    const hidden = await call(env.app, "PUT", `/api/admin/reviews/${review!.id}/hide`, {
      token: (await admin()).token,
      body: { reason: "Có thông tin cá nhân trong bài." },
    });
    expect(hidden.status, hidden.text).toBe(200);
    const mail = await env.smtp.waitForMailAbout(reviewer.email, /đã bị ẩn$/);
    expect(mail.subject).toBe("Đánh giá của bạn về Dara Kim trên DevConsult SEA đã bị ẩn");
    expect(mail.text).toContain("Xin chào Phạm Minh,");
    expect(mail.text).toContain("Đánh giá của bạn về Dara Kim không còn hiển thị trên DevConsult SEA, với lý do sau:");
    expect(mail.text).toContain("Có thông tin cá nhân trong bài.");
    findLink(mail, `/vi/consultant/${lan.id}`);
    expectNoEnglish(mail, /Hello|Your review|has been hidden|You can edit|See the profile/);
  });
});

describe("people without an account here", () => {
  async function organizationOf(owner: { token: string }) {
    const response = await call(env.app, "POST", "/api/organizations", {
      token: owner.token,
      body: { name: `Mekong Water Alliance ${unique()}`, kind: "ngo", country: "TH" },
    });
    expect(response.status, response.text).toBe(201);
    return response.json as { id: number; name: string };
  }
  const invite = (token: string, organizationId: number, email: string, role = "member") =>
    call(env.app, "POST", `/api/organizations/${organizationId}/invitations`, { token, body: { email, role } });
  /** An account in `locale` invites a new address to its new organization as an admin: the mail the address gets. */
  async function adminInvitation(inviter: string, locale: Locale) {
    const owner = await person(inviter, locale);
    const organization = await organizationOf(owner);
    const address = `colleague-${unique()}@example.org`;
    expect((await invite(owner.token, organization.id, address, "admin")).status).toBe(201);
    return { owner, organization, address, mail: await env.smtp.waitForMail(address) };
  }

  it("invites in the invitee's own language when they have an account, else in the inviter's", async () => {
    const { owner, organization, address: stranger, mail } = await adminInvitation("Nguyễn Văn An", "vi");
    expect(mail.subject).toBe(`Nguyễn Văn An mời bạn tham gia ${organization.name} trên DevConsult SEA`);
    expect(mail.text).toContain("Xin chào,");
    expect(mail.text).toContain(`với vai trò quản trị viên.`);
    expect(mail.text).toContain(`hết hạn sau 7 ngày`);
    expect(mail.text).toContain(stranger);
    expect(findLink(mail, `/vi/invitations/${/\/invitations\/([\w-]+)/.exec(mail.text)?.[1]}`).origin).toBe(PUBLIC_URL);
    expectNoEnglish(mail, /Hello|invited you|The link below|See the invitation|an admin/);

    const thai = await person("Suda Chai", "th");
    expect((await invite(owner.token, organization.id, thai.email.toUpperCase())).status).toBe(201);
    const forThai = await env.smtp.waitForMailAbout(thai.email, /เชิญคุณเข้าร่วม/);
    expect(forThai.subject).toBe(`Nguyễn Văn An เชิญคุณเข้าร่วม ${organization.name} บน DevConsult SEA`);
    expect(forThai.text).toContain("ในฐานะสมาชิก");
    expect(forThai.text).toMatch(/\/th\/invitations\//);
  });

  it("keeps the English invitation word for word", async () => {
    const { organization, address, mail } = await adminInvitation("Maya Lin", "en");
    expect(mail.subject).toBe(`Maya Lin invited you to join ${organization.name} on DevConsult SEA`);
    expect(mail.text).toContain(
      `Maya Lin invited you to join ${organization.name} on DevConsult SEA as an admin. Members share the organization's shortlists and conversations with consultants.`,
    );
    expect(mail.text).toContain(
      `The link below works once and expires in 7 days. To accept, sign in (or create an account) with this e-mail address, ${address}. If you do not want to join, you can decline from the same page, or ignore this message.`,
    );
    expect(mail.text).toMatch(new RegExp(`See the invitation: ${PUBLIC_URL}/invitations/[\\w-]+`));
  });

  it("asks a referee without an account in the consultant's language; one with an account in theirs", async () => {
    const owner = await person("Siti Rahma", "id");
    const created = await call(env.app, "POST", "/api/consultants", {
      token: owner.token,
      ip: freshIp(),
      body: {
        name: "Siti Rahma",
        title: "Nutrition Adviser",
        email: owner.email,
        location: "Bandung, Indonesia",
        country: "Indonesia",
        yearsExperience: 11,
        primarySpecialization: "Healthcare",
        bio: "Eleven years of nutrition programmes in West Java.",
        assignments: [
          {
            title: "Stunting Reduction Programme Evaluation",
            organization: "UNICEF Indonesia",
            donors: ["UNICEF"],
            countries: ["Indonesia"],
            role: "Team Leader",
            startDate: "2021-03",
            endDate: "2023-06",
          },
          { title: "Nutrition survey", organization: "WFP", donors: ["Other"], countries: ["Indonesia"], startDate: "2024-01" },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const profile = await call(env.app, "GET", `/api/consultants/${created.json.id}`, { token: owner.token });
    const [done, ongoing] = profile.json.assignments as { id: number; title: string }[];
    const ask = (assignmentId: number, body: unknown) =>
      call(env.app, "POST", `/api/my-consultant-profile/assignments/${assignmentId}/references`, { token: owner.token, body });

    const referee = `referee-${unique()}@unicef.example.org`;
    const first = done!.title === "Nutrition survey" ? ongoing! : done!;
    const second = first === done ? ongoing! : done!;
    expect((await ask(first.id, { name: "Budi Hartono", email: referee })).status).toBe(201);
    const mail = await env.smtp.waitForMail(referee);
    expect(mail.subject).toBe("Siti Rahma meminta Anda mengonfirmasi sebuah penugasan");
    expect(mail.text).toContain("Yth. Budi Hartono,");
    expect(mail.text).toContain("Siti Rahma (Nutrition Adviser) mencantumkan penugasan ini di profil DevConsult SEA-nya");
    expect(mail.text.replace(/\r\n/g, "\n")).toContain(
      "Stunting Reduction Programme Evaluation\nUNICEF Indonesia\nPeran: Team Leader\n2021-03 sampai 2023-06",
    );
    expect(mail.text).toContain("kedaluwarsa dalam 30 hari");
    const token = /\/id\/references\/([\w-]+)/.exec(mail.text)?.[1];
    expect(findLink(mail, `/id/references/${token}`).origin).toBe(PUBLIC_URL);
    expectNoEnglish(mail, /Dear|asks you|You need no account|Role:|Confirm or decline| to now/);

    const thaiReferee = await person("Somsak Dee", "th");
    expect((await ask(second.id, { name: "Somsak Dee", email: thaiReferee.email })).status).toBe(201);
    const forThai = await env.smtp.waitForMailAbout(thaiReferee.email, /ขอให้คุณยืนยัน/);
    expect(forThai.text).toContain("เรียน คุณSomsak Dee");
    expect(forThai.text).toContain("2024-01 ถึงปัจจุบัน");
    expect(forThai.text).toMatch(/\/th\/references\//);
  });
});
