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
  label: string;
  area: Area;
}

export const NAV_LINKS: NavLink[] = [
  { href: "/queue", label: "My queue", area: "grading" },
  { href: "/studies", label: "Studies", area: "research" },
  { href: "/leaderboard", label: "Leaderboard", area: "research" },
  { href: "/models", label: "Models", area: "research" },
  { href: "/prompts", label: "Prompts", area: "research" },
  { href: "/imports", label: "Imports", area: "research" },
  { href: "/admin/users", label: "Users", area: "admin" },
  { href: "/admin/locales", label: "Locales", area: "admin" },
  { href: "/admin/tokens", label: "All tokens", area: "admin" },
  { href: "/tokens", label: "API tokens", area: "account" },
];

export const navFor = (role: Role): NavLink[] => NAV_LINKS.filter((l) => canEnter(role, l.area));
