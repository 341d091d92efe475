// What the demo landscape is made of: neutral model names across two generations, locales in
// three regions, prompt templates per category. Model-level figures are planted so the demo's
// dashboards tell a story like a published evaluation (the successor clearly preferred).
export const DEMO_PASSWORD = "verdict-demo";

export const DEMO_LOCALES = [
  { code: "en-US", name: "English (United States)", region: "Americas" },
  { code: "es-MX", name: "Spanish (Mexico)", region: "Americas" },
  { code: "pt-BR", name: "Portuguese (Brazil)", region: "Americas" },
  { code: "en-GB", name: "English (United Kingdom)", region: "Europe" },
  { code: "de-DE", name: "German (Germany)", region: "Europe" },
  { code: "fr-FR", name: "French (France)", region: "Europe" },
  { code: "ja-JP", name: "Japanese (Japan)", region: "Asia-Pacific" },
  { code: "zh-CN", name: "Chinese (China)", region: "Asia-Pacific" },
] as const;

export const DEMO_MODELS = [
  { key: "deviceOld", name: "Lumen Device 2025", family: "Lumen Device", generation: "2025", notes: "On-device baseline, 3B dense." },
  { key: "deviceNew", name: "Lumen Device 2026", family: "Lumen Device", generation: "2026", notes: "On-device successor." },
  { key: "serverOld", name: "Lumen Server 2025", family: "Lumen Server", generation: "2025", notes: "Server baseline." },
  { key: "serverNew", name: "Lumen Server 2026", family: "Lumen Server", generation: "2026", notes: "Server successor (mixture of experts)." },
  { key: "serverPro", name: "Lumen Server Pro 2026", family: "Lumen Server", generation: "2026", notes: "Most capable server model." },
] as const;
export type DemoModelKey = (typeof DEMO_MODELS)[number]["key"];

export const DEMO_STAFF = [
  { email: "admin@verdict.local", displayName: "Ada Admin", role: "ADMIN" as const, locales: [] as string[] },
  { email: "researcher@verdict.local", displayName: "Rosa Researcher", role: "RESEARCHER" as const, locales: [] as string[] },
];

// Two graders per locale pair, so every locale has at least three graders for k = 3.
export const DEMO_GRADERS = [
  { email: "grader@verdict.local", displayName: "Grace Grader", locales: ["en-US", "en-GB", "es-MX"] },
  { email: "grader2@verdict.local", displayName: "Gus Grader", locales: ["en-US", "en-GB", "pt-BR"] },
  { email: "grader3@verdict.local", displayName: "Gina Grader", locales: ["en-US", "es-MX", "pt-BR"] },
  { email: "grader4@verdict.local", displayName: "Greta Grader", locales: ["de-DE", "fr-FR", "en-GB"] },
  { email: "grader5@verdict.local", displayName: "Gaston Grader", locales: ["fr-FR", "de-DE"] },
  { email: "grader6@verdict.local", displayName: "Gerd Grader", locales: ["de-DE", "fr-FR", "es-MX", "pt-BR"] },
  { email: "grader7@verdict.local", displayName: "Gen Grader", locales: ["ja-JP", "zh-CN"] },
  { email: "grader8@verdict.local", displayName: "Gao Grader", locales: ["zh-CN", "ja-JP"] },
  { email: "grader9@verdict.local", displayName: "Gaku Grader", locales: ["ja-JP", "zh-CN", "en-US"] },
];

export const TEXT_CATEGORIES = ["Math", "Writing", "Coding", "Reasoning", "Knowledge"] as const;

export const TEXT_TEMPLATES: Record<(typeof TEXT_CATEGORIES)[number], string[]> = {
  Math: [
    "A train leaves at {h}:00 travelling at {a} km/h; a second leaves an hour later at {b} km/h. When does the second catch up? Show your working.",
    "What is the sum of the first {a} odd numbers? Explain why the pattern holds.",
    "Simplify ({a}x + {b})({a}x - {b}) and state the result as a polynomial.",
  ],
  Writing: [
    "Write a {a}-line poem about the first snow of winter, without using the word \"white\".",
    "Draft a polite email declining a meeting on {day}, proposing two alternative times.",
    "Rewrite this sentence to be clearer and shorter: \"Due to the fact that the meeting was postponed, we were unable to finalise the budget in a timely manner.\"",
  ],
  Coding: [
    "Write a function that returns the {a} most frequent words in a text, ignoring case and punctuation.",
    "Explain the difference between a process and a thread, with one example of when to prefer each.",
    "Find the bug: `for (let i = 0; i <= items.length; i++) total += items[i].price;`",
  ],
  Reasoning: [
    "If all bloops are razzies and some razzies are lazzies, must some bloops be lazzies? Answer and justify in two sentences.",
    "You have {a} identical-looking coins and one is heavier. What is the fewest weighings on a balance that guarantees finding it?",
    "Plan a {a}-day trip for a family of four on a fixed budget; list the trade-offs you made.",
  ],
  Knowledge: [
    "Summarise the causes of the {event} in at most {a} bullet points.",
    "What is the difference between weather and climate? Give one example of each.",
    "Name three instruments of a classical orchestra's brass section and describe their sound.",
  ],
};

export const EVENTS = ["French Revolution", "Industrial Revolution", "fall of the Berlin Wall", "Great Depression"];
export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

export function demoLoginsText(): string {
  const rows = [...DEMO_STAFF.map((s) => [s.role.toLowerCase(), s.email]), ["grader", DEMO_GRADERS[0].email],
    ["grader (ja-JP, zh-CN)", DEMO_GRADERS[6].email]];
  return `Demo logins (password for all: ${DEMO_PASSWORD}):\n${rows.map(([r, e]) => `  ${r.padEnd(22)} ${e}`).join("\n")}`;
}

/**
 * Multi-turn chats for the demo's conversation study: the earlier turns (shared context, written
 * by no model in the study), the user's final turn, and a reply that does what was asked and one
 * that drops part of it.
 */
export interface DemoConversation {
  category: string;
  /** the first user turn shows a bar chart (generated), making it an image prompt; "{tallest}" in the texts is its tallest bar's colour */
  chart?: boolean;
  turns: { role: "system" | "user" | "assistant"; content: string }[];
  final: string;
  good: string;
  weak: string;
}

export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    category: "Planning",
    turns: [
      { role: "system", content: "You are a helpful travel assistant." },
      { role: "user", content: "I have two days in Kyoto in April. What should I see?" },
      { role: "assistant", content: "**Day 1:** Fushimi Inari early, then Gion in the evening.\n\n**Day 2:** Arashiyama bamboo grove and the monkey park." },
      { role: "user", content: "We are travelling with a toddler." },
      { role: "assistant", content: "Then keep mornings short: Fushimi Inari's lower gates only, and a stroller-friendly path in Arashiyama." },
      { role: "user", content: "Our hotel is near Kyoto Station." },
      { role: "assistant", content: "Good base: Fushimi Inari is two stops on the JR Nara line, Arashiyama about 15 minutes on the JR Sagano line." },
    ],
    final: "Swap the two days, and add one tea house near our route.",
    good: "**Day 1:** Arashiyama (stroller path), then tea at a tea house by the Togetsukyo bridge.\n\n**Day 2:** Fushimi Inari's lower gates early, Gion in the evening.",
    weak: "**Day 1:** Fushimi Inari early, then Gion. **Day 2:** Arashiyama. Enjoy your trip!",
  },
  {
    category: "Coding",
    turns: [
      { role: "user", content: "Write a function that checks whether a string is a palindrome." },
      { role: "assistant", content: "```js\nconst isPalindrome = (s) => s === [...s].reverse().join(\"\");\n```" },
    ],
    final: "Make it ignore case, spaces and punctuation.",
    good: "```js\nconst isPalindrome = (s) => {\n  const t = s.toLowerCase().replace(/[^\\p{L}\\p{N}]/gu, \"\");\n  return t === [...t].reverse().join(\"\");\n};\n```",
    weak: "```js\nconst isPalindrome = (s) => s.toLowerCase() === [...s.toLowerCase()].reverse().join(\"\");\n```",
  },
  {
    category: "Writing",
    turns: [
      { role: "user", content: "Draft a two-sentence note telling my team the offsite moves to Thursday." },
      { role: "assistant", content: "Hi all, the offsite moves from Wednesday to Thursday. Same time and place." },
      { role: "user", content: "Good. Mention that lunch is provided." },
      { role: "assistant", content: "Hi all, the offsite moves from Wednesday to Thursday, same time and place. Lunch is provided." },
    ],
    final: "Now make it friendlier, still two sentences.",
    good: "Hi everyone! Our offsite is moving to Thursday (same time and place), and lunch is on us.",
    weak: "Hi everyone!!! Great news: the offsite is on Thursday now. Same time, same place. Lunch is provided. See you all there, it will be fun!",
  },
  {
    category: "Charts",
    chart: true,
    turns: [
      { role: "user", content: "Here is our team's chart of tickets closed per person this week. Who closed the most?" },
      { role: "assistant", content: "Whoever the {tallest} bar stands for: it is the tallest, so that person closed the most tickets." },
    ],
    final: "Which colour should I highlight in the slides for that person, and why?",
    good: "Highlight **{tallest}**: it is the tallest bar, the person who closed the most tickets this week.",
    weak: "Any bright colour works; the chart does not say much about who closed the most.",
  },
  {
    category: "Knowledge",
    turns: [
      { role: "user", content: "What causes the seasons on Earth?" },
      { role: "assistant", content: "The tilt of Earth's axis (about 23.4°) changes how directly sunlight hits each hemisphere over the year." },
    ],
    final: "So is it warmer in summer because we are closer to the Sun?",
    good: "No. Earth is actually closest to the Sun in early January, during the northern winter; summer is warmer because sunlight arrives more directly and days are longer.",
    weak: "Yes, partly: in summer the Earth is a bit closer to the Sun, which adds to the effect of the tilt.",
  },
];

/** Two versions of an image model, for the demo's image generation and editing study. */
export const DEMO_IMAGE_MODELS = [
  { key: "imageNew", name: "Prism Image 2026", family: "Prism Image", generation: "2026", notes: "Image generation and editing, current release." },
  { key: "imageOld", name: "Prism Image 2025", family: "Prism Image", generation: "2025", notes: "Image generation and editing, previous release." },
] as const;

/** Two versions of a text-to-speech voice, for the demo's expressive-voice studies. */
export const DEMO_VOICE_MODELS = [
  { key: "voiceNew", name: "Vox 2026", family: "Vox", generation: "2026", notes: "Expressive speech synthesis, current release.",
    style: { pitch: 185, expressiveness: 0.9, noise: 0.05 } },
  { key: "voiceOld", name: "Vox 2025", family: "Vox", generation: "2025", notes: "Speech synthesis, previous release.",
    style: { pitch: 150, expressiveness: 0.15, noise: 0.35 } },
] as const;

/** What the voices are asked to read, and how. */
export const DEMO_VOICE_LINES = [
  { category: "Announcements", text: "Read cheerfully, as a morning greeting: \"Good morning! Your train to the coast leaves at eight fifteen from platform four.\"" },
  { category: "Storytelling", text: "Read in a hushed, suspenseful voice: \"The door creaked open, and for a moment nobody dared to breathe.\"" },
  { category: "Assistant replies", text: "Read calmly and clearly: \"Your meeting with Dr. Okonkwo moved to Thursday at 3:30 PM.\"" },
  { category: "Storytelling", text: "Read with excitement, like a sports commentator: \"She takes the final corner — and she wins it by a hair!\"" },
] as const;
