import type { Country } from "#common/constants.ts";

// The generator's people and places (see generate.ts): names as people in each country write them,
// real cities, the languages spoken at home and the telephone prefixes.

export type People = { given: string[]; family: string[]; familyFirst?: boolean };

export const PEOPLE: Record<Country, People> = {
  Indonesia: {
    given: ["Ayu", "Budi", "Dewi", "Rizky", "Siti", "Agus", "Putri", "Hendra", "Wulan", "Fajar", "Intan", "Yusuf"],
    family: ["Santoso", "Wijaya", "Pratama", "Kusuma", "Hidayat", "Nugroho", "Saputra", "Lestari", "Setiawan", "Rahmawati"],
  },
  Thailand: {
    given: ["Somchai", "Nattaya", "Kittisak", "Pimchanok", "Anan", "Suda", "Thanawat", "Kanokwan", "Prasert", "Waranya"],
    family: ["Srisuk", "Chaiyaporn", "Wongsawat", "Rattanakorn", "Boonmee", "Suwannarat", "Jaidee", "Thongchai"],
  },
  Vietnam: {
    family: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Vũ", "Đặng", "Bùi"],
    given: ["Thị Lan", "Văn Minh", "Thu Hà", "Quốc Bảo", "Hồng Nhung", "Đức Anh", "Thanh Hương", "Minh Tuấn", "Ngọc Mai"],
    familyFirst: true,
  },
  Philippines: {
    given: ["Maria", "Jose", "Angelica", "Paolo", "Kristine", "Ramon", "Joy", "Miguel", "Carmela", "Rafael"],
    family: ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Villanueva", "Aquino", "Dela Cruz", "Ramos"],
  },
  Malaysia: {
    given: ["Ahmad Faizal", "Nurul Huda", "Siti Aminah", "Farah Izzati", "Hafiz", "Aishah", "Rajesh", "Priya", "Mei Ling"],
    family: ["Abdullah", "Ismail", "Hassan", "Rahman", "Kumar", "Ramasamy", "Tan", "Lim", "Wong"],
  },
  Singapore: {
    given: ["Jia Hui", "Daniel", "Sarah", "Iskandar", "Rachel", "Arjun", "Grace", "Benjamin", "Nadia", "Wei Jie"],
    family: ["Tan", "Lim", "Ng", "Koh", "Teo", "Menon", "Chua", "Goh", "Rahim"],
  },
  Myanmar: {
    given: ["Aung", "Thandar", "Zaw", "Khin", "Hla", "Kyaw", "Su", "Min", "Ei", "Nay"],
    family: ["Kyaw Min", "Win", "Min Htet", "Myo Thu", "Aye", "Zin Oo", "Myat Noe", "Thant", "Phyu", "Lin"],
  },
  Cambodia: {
    family: ["Sok", "Chea", "Keo", "Phan", "Sam", "Heng", "Long", "Ouk", "Meas"],
    given: ["Dara", "Chanthy", "Vannak", "Sreymom", "Rithy", "Bopha", "Piseth", "Kunthea", "Sophal"],
    familyFirst: true,
  },
  Laos: {
    given: ["Khamla", "Souksavanh", "Noy", "Bounmy", "Phonesavanh", "Malaythong", "Somphone", "Vilayvanh", "Keo"],
    family: ["Phommachanh", "Keola", "Sisouphanh", "Vongsa", "Inthavong", "Chanthavong", "Keomany", "Douangmala"],
  },
  Brunei: {
    given: ["Nurul Ain", "Haziq", "Siti Rahmah", "Amir", "Nur Syafiqah", "Hafiz", "Aqilah", "Khairul"],
    family: ["Zainal", "Yusof", "Omar", "Salleh", "Bakar", "Jaafar", "Ali", "Matussin"],
  },
};

/** International consultants based in the region. */
export const EXPATS: People = {
  given: ["Sarah", "James", "Anna", "Lars", "Sophie", "David", "Emma", "Hiroshi", "Priya", "Carlos", "Claire", "Tomás"],
  family: ["Mitchell", "O'Connor", "Müller", "Eriksen", "Dubois", "Kim", "Thompson", "Tanaka", "Sharma", "Mendes", "Moreau"],
};

export const CITIES: Record<Country, string[]> = {
  Indonesia: ["Jakarta", "Surabaya", "Yogyakarta", "Bandung", "Makassar", "Medan"],
  Thailand: ["Bangkok", "Chiang Mai", "Khon Kaen", "Hat Yai"],
  Vietnam: ["Hà Nội", "Hồ Chí Minh City", "Đà Nẵng", "Huế", "Cần Thơ"],
  Philippines: ["Manila", "Quezon City", "Cebu City", "Davao City", "Iloilo City"],
  Malaysia: ["Kuala Lumpur", "Penang", "Kota Kinabalu", "Kuching", "Johor Bahru"],
  Singapore: ["Singapore"],
  Myanmar: ["Yangon", "Mandalay", "Naypyidaw"],
  Cambodia: ["Phnom Penh", "Siem Reap", "Battambang"],
  Laos: ["Vientiane", "Luang Prabang", "Pakse"],
  Brunei: ["Bandar Seri Begawan"],
};

export const HOME_LANGUAGES: Record<Country, string[]> = {
  Indonesia: ["Indonesian"],
  Thailand: ["Thai"],
  Vietnam: ["Vietnamese"],
  Philippines: ["Filipino"],
  Malaysia: ["Malay"],
  Singapore: ["Mandarin", "Malay"],
  Myanmar: ["Myanmar"],
  Cambodia: ["Khmer"],
  Laos: ["Lao", "Thai"],
  Brunei: ["Malay"],
};

export const PHONE_PREFIX: Record<Country, string> = {
  Indonesia: "+62 812",
  Thailand: "+66 81",
  Vietnam: "+84 91",
  Philippines: "+63 917",
  Malaysia: "+60 12",
  Singapore: "+65 9",
  Myanmar: "+95 9",
  Cambodia: "+855 12",
  Laos: "+856 20",
  Brunei: "+673 8",
};
