// The one table of who may enter which part of Verdict. tRPC procedure builders, page layouts
// and the navigation menu all read it.
export const ROLES = ["ADMIN", "RESEARCHER", "GRADER"] as const;
export type Role = (typeof ROLES)[number];

export type Area = "grading" | "research" | "admin" | "account";

export const AREA_ROLES: Record<Area, readonly Role[]> = {
  // Only graders grade: their judgments count, and eligibility depends on their locales.
  grading: ["GRADER"],
  research: ["RESEARCHER", "ADMIN"],
  admin: ["ADMIN"],
  // What every logged-in user manages for themselves (their API tokens).
  account: ["GRADER", "RESEARCHER", "ADMIN"],
};

export function canEnter(role: Role, area: Area): boolean {
  return AREA_ROLES[area].includes(role);
}

export const HOME_PATH: Record<Role, string> = {
  GRADER: "/queue",
  RESEARCHER: "/studies",
  ADMIN: "/admin/users",
};

export interface NavLink {
  href: string;
  /** The link's words, under common.nav.* in the message catalogue. */
  key: "queue" | "studies" | "leaderboard" | "models" | "prompts" | "imports" | "users" | "locales" | "allTokens" | "tokens" | "profile";
  area: Area;
}

export const NAV_LINKS: NavLink[] = [
  { href: "/queue", key: "queue", area: "grading" },
  { href: "/studies", key: "studies", area: "research" },
  { href: "/leaderboard", key: "leaderboard", area: "research" },
  { href: "/models", key: "models", area: "research" },
  { href: "/prompts", key: "prompts", area: "research" },
  { href: "/imports", key: "imports", area: "research" },
  { href: "/admin/users", key: "users", area: "admin" },
  { href: "/admin/locales", key: "locales", area: "admin" },
  { href: "/admin/tokens", key: "allTokens", area: "admin" },
  { href: "/tokens", key: "tokens", area: "account" },
  { href: "/profile", key: "profile", area: "account" },
];

export const navFor = (role: Role): NavLink[] => NAV_LINKS.filter((l) => canEnter(role, l.area));
